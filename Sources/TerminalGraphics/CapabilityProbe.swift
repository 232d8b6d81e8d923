#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Asks the terminal what it can draw: one batch of queries written at once, ending with
/// DA1 — which every terminal answers, and answers after the queries before it — so the
/// probe never waits on a query the terminal ignores. Runs before curses reads any key.
///
/// The IO here is small on purpose: write the batch, read with `poll()` until the DA1
/// reply (plus a short grace) or the overall timeout, and hand the bytes to the pure
/// `ReplyParser`. Typed keys that arrive meanwhile come back in `leftoverInput`.
public enum CapabilityProbe {
  /// One query of the batch.
  public struct Query: Sendable, Hashable {
    public var name: String
    public var bytes: [UInt8]
  }

  /// Why reading stopped.
  public enum Outcome: String, Sendable, Hashable {
    /// DA1 arrived: every earlier reply is in.
    case answered = "DA1 reply received"
    /// Nothing (or no DA1) before the timeout.
    case timedOut = "timed out waiting for DA1"
    /// No terminal to ask (no /dev/tty, or output is not a terminal).
    case notATerminal = "not a terminal: nothing asked"
  }

  /// What a probe sent, read and concluded.
  public struct Result: Sendable {
    public var capabilities: TerminalCapabilities
    /// Bytes typed during the probe, in order, for the caller to treat as input.
    public var leftoverInput: [UInt8]
    public var sent: [Query]
    /// Everything read from the terminal, as it came.
    public var received: [UInt8]
    public var outcome: Outcome
    public var elapsedMilliseconds: Double
  }

  /// The batch, in the order sent; DA1 last.
  public static let queries: [Query] = [
    Query(
      name: "XTVERSION (terminal name and version)", bytes: bytes(ControlSequence.queryVersion)),
    Query(name: "XTSMGRAPHICS colour registers", bytes: bytes(ControlSequence.queryColorRegisters)),
    Query(
      name: "XTSMGRAPHICS maximum sixel geometry", bytes: bytes(ControlSequence.querySixelGeometry)),
    Query(name: "cell size in pixels (CSI 16 t)", bytes: bytes(ControlSequence.queryCellSize)),
    Query(name: "text area in pixels (CSI 14 t)", bytes: bytes(ControlSequence.queryTextAreaSize)),
    Query(
      name: "DECRQM 2026 synchronized output", bytes: bytes(ControlSequence.querySynchronizedOutput)
    ),
    Query(
      name: "kitty graphics query (a=q)", bytes: bytes(ControlSequence.queryKittyGraphics)),
    Query(
      name: "DA1 primary device attributes", bytes: bytes(ControlSequence.queryDeviceAttributes)),
  ]

  /// The batch for a terminal in `environment`: inside tmux or GNU screen (`TMUX`, `STY`, or a
  /// `TERM` of `tmux…`/`screen…`) without the kitty graphics query, because tmux takes an APC
  /// string for the pane title (3.3a showed `Gi=31,…` as the title) and neither would pass
  /// kitty graphics on anyway.
  public static func queries(for environment: TerminalEnvironment) -> [Query] {
    let multiplexerTerm = environment.term.map { $0.hasPrefix("screen") } ?? false
    guard environment.insideTmux || environment.insideScreen || multiplexerTerm else {
      return queries
    }
    return queries.filter { $0.bytes != bytes(ControlSequence.queryKittyGraphics) }
  }

  /// The longest the probe waits when DA1 never comes. Every terminal answers DA1, so this
  /// costs nothing where one is answering; it only has to outlast a slow answer. 500 ms was
  /// too short: a real kitty under Xvfb on a loaded 2-core machine (load 6) answered later,
  /// and the whole session fell back to half-blocks.
  public static let defaultTimeoutMilliseconds = 1_500
  /// Reading goes on this long after DA1, for a reply a multiplexer relays late.
  public static let graceMilliseconds = 25

  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// Probes the controlling terminal (`/dev/tty`): environment first, then the queries.
  /// `ask` false (output is not a terminal, or the user turned probing off) reads only
  /// the environment and the window size.
  public static func run(
    environment: [String: String], tmuxVersionText: String? = nil, ask: Bool = true,
    timeoutMilliseconds: Int = defaultTimeoutMilliseconds
  ) -> Result {
    let env = TerminalEnvironment(environment: environment, tmuxVersionText: tmuxVersionText)
    let fd = ask ? open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC) : -1
    guard fd >= 0 else {
      let size = windowSize(fd: STDOUT_FILENO)
      return Result(
        capabilities: TerminalCapabilities(environment: env, windowSize: size), leftoverInput: [],
        sent: [], received: [], outcome: .notATerminal, elapsedMilliseconds: 0)
    }
    defer { close(fd) }
    return probe(fd: fd, environment: env, timeoutMilliseconds: timeoutMilliseconds)
  }

  /// Probes the terminal on `fd` (a tty, or a pty's slave in tests).
  public static func probe(
    fd: Int32, environment: TerminalEnvironment,
    timeoutMilliseconds: Int = defaultTimeoutMilliseconds
  ) -> Result {
    let size = windowSize(fd: fd)
    guard isatty(fd) != 0 else {
      return Result(
        capabilities: TerminalCapabilities(environment: environment, windowSize: size),
        leftoverInput: [], sent: [], received: [], outcome: .notATerminal, elapsedMilliseconds: 0)
    }
    let start = now()
    let (sent, probeFile) = batch(for: environment)
    defer { if let probeFile { unlink(probeFile) } }
    let exchange = self.exchange(fd: fd, batch: sent, timeoutMilliseconds: timeoutMilliseconds)
    let scan = ReplyParser.scan(exchange.received, final: true)
    return Result(
      capabilities: TerminalCapabilities(
        environment: environment, replies: scan.replies, windowSize: size),
      leftoverInput: scan.leftover, sent: sent, received: exchange.received,
      outcome: exchange.sawDA1 ? .answered : .timedOut, elapsedMilliseconds: (now() - start) * 1000)
  }

  /// The queries for a terminal in `environment`, and the temporary file the kitty file
  /// query names (the caller unlinks it once the answers are in or the time is up).
  static func batch(for environment: TerminalEnvironment) -> (queries: [Query], file: String?) {
    var sent = queries(for: environment)
    // Where the kitty query goes, a second one through a temporary file: an OK means the
    // terminal reads files here, and pictures can go that way (`KittyMedium`).
    let probeFile =
      sent.contains { $0.bytes == bytes(ControlSequence.queryKittyGraphics) }
      ? KittyMedium.writeTemporaryFile([0, 0, 0], in: KittyMedium.temporaryDirectory) : nil
    if let probeFile {
      sent.insert(
        Query(
          name: "kitty graphics query through a temporary file (t=t)",
          bytes: bytes(ControlSequence.queryKittyFileMedium(path: probeFile))),
        at: sent.count - 1)
    }
    return (sent, probeFile)
  }

  /// Writes the batch and reads until DA1 + grace or the timeout, in raw mode (restored
  /// before returning, without flushing typed input).
  static func exchange(fd: Int32, batch queries: [Query], timeoutMilliseconds: Int) -> (
    received: [UInt8], sawDA1: Bool
  ) {
    var saved = termios()
    let haveTermios = tcgetattr(fd, &saved) == 0
    if haveTermios {
      var raw = saved
      cfmakeraw(&raw)
      // cfmakeraw also turns ISIG off: a Ctrl-C typed now becomes input instead of
      // killing us mid-probe with the terminal left raw. VMIN/VTIME 0: poll() waits.
      withUnsafeMutableBytes(of: &raw.c_cc) { cc in
        cc[Int(VMIN)] = 0
        cc[Int(VTIME)] = 0
      }
      _ = tcsetattr(fd, TCSANOW, &raw)
    }
    defer {
      if haveTermios { _ = tcsetattr(fd, TCSANOW, &saved) }
    }
    let batch = queries.flatMap(\.bytes)
    guard writeAll(fd: fd, batch) else { return ([], false) }

    var received: [UInt8] = []
    var sawDA1 = false
    let start = now()
    var deadline = start + Double(timeoutMilliseconds) / 1000
    var buffer = [UInt8](repeating: 0, count: 1024)
    while true {
      let remaining = Int(((deadline - now()) * 1000).rounded(.up))
      if remaining <= 0 { break }
      var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&pfd, 1, Int32(remaining))
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if ready == 0 { break }
      if pfd.revents & Int16(POLLIN) == 0 { break }  // hang-up or error
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      if count <= 0 { break }
      received.append(contentsOf: buffer[0..<count])
      if received.count > 1 << 20 { break }  // a terminal flooding us: stop listening
      if !sawDA1 {
        let scan = ReplyParser.scan(received, final: false)
        if scan.replies.contains(where: {
          if case .deviceAttributes = $0.reply { true } else { false }
        }) {
          sawDA1 = true
          deadline = min(deadline, now() + Double(graceMilliseconds) / 1000)
        }
      }
    }
    return (received, sawDA1)
  }

  static func writeAll(fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return false
      }
      offset += written
    }
    return true
  }

  /// `TIOCGWINSZ` on `fd`, nil when it is not a terminal.
  public static func windowSize(fd: Int32) -> WindowSize? {
    var ws = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
    return WindowSize(
      columns: Int(ws.ws_col), rows: Int(ws.ws_row), pixelWidth: Int(ws.ws_xpixel),
      pixelHeight: Int(ws.ws_ypixel))
  }

  static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
