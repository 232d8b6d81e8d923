import Decoders
import LightboxApp
import DecodeWorker
import ThumbnailCache
import PhotoModel
import Pixels
import Settings
import TerminalGraphics

/// `lightbox doctor`: what the terminal was asked, what it answered, and what Lightbox
/// concluded — the first thing to run when a picture looks wrong — and how the library is
/// followed and how full the thumbnail cache is.
public enum DoctorCommand {
  /// Probes the controlling terminal and returns the report.
  public static func run(
    environment: [String: String], graphics: GraphicsMode = .auto,
    config: LightboxConfig = .defaults
  ) -> String {
    let probe = CapabilityProbe.run(environment: environment)
    let paths = LightboxPaths(environment: environment)
    let library = libraryLines(
      roots: config.expandedRoots(home: paths.home), cacheRoot: paths.thumbnailCache,
      cacheMegabytes: config.thumbnailCacheMegabytes, environment: environment)
    return report(
      probe, graphics: graphics,
      colors: ColorDepth.detect(environment: environment, tmux: .live),
      tmux: probe.capabilities.environment.insideTmux ? TmuxPassthrough.ask(.live) : nil)
      + "\nFiles:\n  log: \(LightboxPaths(environment: environment).logFile)\n"
      + "\nDecoders:\n  \(workerLine(DecodeWorkerHost(configuration: .currentExecutable)))\n"
      + decoderLibraryLines(DecoderLibraries.availability()).map { "  \($0)\n" }.joined()
      + "\n" + library.joined(separator: "\n") + "\n"
      + "\n" + PlaceLookup.doctorLines(environment: environment).joined(separator: "\n") + "\n"
  }

  /// Whether the decode worker starts and enters its sandbox: it is asked to decode "/",
  /// which a sandboxed worker refuses as "not a regular file"; one that could not sandbox
  /// itself says why, and one that could not start says that.
  static func workerLine(_ host: DecodeWorkerHost) -> String {
    let options = DecodeOptions(target: PixelSize(width: 1, height: 1))
    switch host.decode(path: "/", options: options) {
    case .failure(let error) where error.reason == "not a regular file":
      return "worker: ok (HEIF, WebP, GIF, TIFF and RAW decode in a sandboxed process)"
    case .failure(let error):
      return "worker: \(error.reason) (HEIF, WebP, GIF, TIFF and RAW files will fail)"
    case .success:
      return "worker: answered a folder with pixels (unexpected)"
    }
  }

  /// The decoder libraries loaded on first use: one line when every one is there, else a
  /// line for each missing one with the loader's reason and what goes without it.
  public static func decoderLibraryLines(_ libraries: [DecoderLibraries.Availability]) -> [String] {
    let missing = libraries.compactMap { library in
      library.failure.map { "\($0.reason): \(library.without)" }
    }
    guard missing.isEmpty else { return missing }
    let names = libraries.map(\.name).joined(separator: ", ")
    return ["libraries: \(names) found (each loaded when a file first needs it)"]
  }

  /// The report for a probe result. Pure: every byte from the terminal is shown escaped.
  /// `colors` is the colour-depth decision with its reason (COLORTERM alone when nil);
  /// `tmux`, inside tmux, what tmux says about passing pictures (for the hint line).
  public static func report(
    _ probe: CapabilityProbe.Result, graphics: GraphicsMode = .auto,
    colors: ColorDepth.Detection? = nil, tmux: TmuxPassthrough? = nil
  ) -> String {
    var caps = probe.capabilities
    caps.tmuxPassthrough = tmux ?? caps.tmuxPassthrough
    let env = caps.environment
    var lines: [String] = ["Lightbox terminal report", "", "Environment:"]
    lines += env.reportLines.map { "  " + $0 }
    if env.insideTmux {
      let version = env.tmuxVersion.map { "tmux \($0)" } ?? "version unknown"
      lines.append("  inside tmux: yes (\(version))")
    } else {
      lines.append("  inside tmux: no")
    }
    if env.insideScreen { lines.append("  inside GNU screen: yes") }
    if let ws = caps.windowSize {
      lines.append(
        "  window (TIOCGWINSZ): \(ws.columns)×\(ws.rows) cells, "
          + "\(ws.pixelWidth)×\(ws.pixelHeight) px"
      )
    } else {
      lines.append("  window (TIOCGWINSZ): unavailable")
    }

    lines.append("")
    switch probe.outcome {
    case .notATerminal:
      lines.append("Queries: none sent (\(probe.outcome.rawValue)).")
    case .answered, .timedOut:
      lines.append(
        "Queries (one batch, DA1 last): \(probe.outcome.rawValue) after "
          + "\(Int(probe.elapsedMilliseconds.rounded())) ms")
      if probe.outcome == .timedOut {
        // Doctor waits to report every answer; the browser never does (`PendingProbe`).
        lines.append(
          "  (the browser does not wait for this: it draws at once with half-blocks and "
            + "switches when answers come)")
      }
      var used = Set<Int>()
      for query in probe.sent {
        let replies = caps.replies.enumerated().filter {
          queryIndex(for: $0.element.reply).map { CapabilityProbe.queries[$0] } == query
        }
        replies.forEach { used.insert($0.offset) }
        let answer =
          replies.isEmpty
          ? "(no reply)"
          : replies.map { ReplyParser.displayText($0.element.bytes) }.joined(separator: " ")
        lines.append("  \(query.name)")
        lines.append("    sent \(ReplyParser.displayText(query.bytes))  →  \(answer)")
      }
      let others = caps.replies.enumerated().filter { !used.contains($0.offset) }
      for other in others {
        lines.append("  other reply: \(ReplyParser.displayText(other.element.bytes))")
      }
      if !probe.leftoverInput.isEmpty {
        lines.append(
          "  typed during the probe (kept as input): "
            + ReplyParser.displayText(probe.leftoverInput)
        )
      }
    }

    lines.append("")
    lines.append("Conclusions:")
    let decision = caps.modeDecision(requested: graphics)
    lines.append("  graphics mode: \(decision.mode.rawValue) — \(decision.reason)")
    let kitty = caps.kittyGraphicsSupport
    lines.append(
      "  kitty graphics: \(kitty.available ? "available" : "not used") — \(kitty.reason)")
    if kitty.available {
      // As the browser would send kitty pictures (the same function chooses).
      switch caps.pictureFormat(requested: .kitty, colorDepth: env.colorDepth) {
      case .kitty(_, .temporaryFile(let directory)):
        lines.append("  kitty transfer: temporary files in \(directory) (the terminal read one)")
      case .kittyPlaceholders:
        lines.append("  kitty transfer: in the stream — through tmux")
      default:
        lines.append(
          "  kitty transfer: in the stream — the terminal did not read the probe's file "
            + "(remote, or no t=t)")
      }
    }
    let iTerm2 = caps.iTerm2ImagesSupport
    lines.append(
      "  iTerm2 inline images: \(iTerm2.available ? "available" : "not used") — \(iTerm2.reason)")
    if let tmux, let hint = caps.tmuxHint(tmux) { lines.append("  tmux: \(hint)") }
    let sixel = caps.sixelSupport
    if graphics != .auto || kitty.available || iTerm2.available {
      lines.append("  sixel: \(sixel.available ? "available" : "not used") — \(sixel.reason)")
    }
    lines.append(
      "  cell size: \(caps.cellSize.width)×\(caps.cellSize.height) px "
        + "(\(caps.cellSizeSource.rawValue))"
    )
    if let registers = caps.reportedColorRegisters {
      lines.append(
        "  colour registers: \(registers) (XTSMGRAPHICS); sixel palette \(caps.sixelPaletteSize)")
      if registers < 64 {
        lines.append(
          "    few registers make photos look posterised: raise them "
            + "(xterm: numColorRegisters: 256)"
        )
      }
    } else {
      lines.append(
        "  colour registers: not reported; sixel palette \(caps.sixelPaletteSize) assumed")
    }
    if let max = caps.maxSixelSize {
      lines.append("  largest sixel image: \(max.width)×\(max.height) px (XTSMGRAPHICS)")
    }
    lines.append("  synchronized output (mode 2026): \(caps.synchronizedOutput ? "yes" : "no")")
    lines.append(
      "  terminal: "
        + (caps.terminalVersion.map { ReplyParser.displayText(Array($0.utf8)) }
          ?? "did not say (XTVERSION)")
    )
    let depth = colors ?? ColorDepth.Detection(depth: env.colorDepth, reason: "COLORTERM")
    lines.append("  half-block colours: \(depth.depth.rawValue) (\(depth.reason))")
    lines.append("  libsixel: \(SixelEncoder.libraryVersion)")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The index in `CapabilityProbe.queries` of the query a reply answers, or nil.
  static func queryIndex(for reply: TerminalReply) -> Int? {
    switch reply {
    case .version: return 0
    case .graphicsAttribute(item: 1, _, _): return 1
    case .graphicsAttribute(item: 2, _, _): return 2
    case .cellSize: return 3
    case .textAreaSize: return 4
    case .modeReport(mode: 2026, _): return 5
    case .kittyGraphics: return 6
    case .deviceAttributes: return 7
    default: return nil
    }
  }
}
