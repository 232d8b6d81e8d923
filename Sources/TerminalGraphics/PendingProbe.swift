#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A capability probe that does not wait: its batch is written after the first frame and its
/// answers are read with the keys (`ReplyFilter`), so a terminal that answers nothing costs
/// the browser no start-up time. The browser draws half-blocks (or the forced protocol) until
/// the probe is done, then switches to the format the answers call for.
///
/// Done means DA1 arrived (every earlier answer is in, as in `CapabilityProbe`) plus the
/// grace, or the deadline passed. Times are monotonic nanoseconds, given by the caller.
public final class PendingProbe {
  public let environment: TerminalEnvironment
  public let windowSize: WindowSize?
  /// The batch, in the order written; DA1 last.
  public let sent: [CapabilityProbe.Query]
  /// The replies read so far, in order.
  public private(set) var replies: [RecognizedReply] = []
  /// When the batch was made (the start of the wait).
  public let startedAt: UInt64
  /// When the probe gives up on DA1.
  public let deadline: UInt64
  /// When DA1 arrived, nil before.
  public private(set) var answeredAt: UInt64?
  /// The kitty file query's temporary file, removed once the probe is done.
  private var probeFile: String?

  /// The longest the browser waits for DA1 before it settles on what it has. Nothing waits
  /// on it (the browser draws meanwhile), so it is longer than `CapabilityProbe`'s: a kitty
  /// on a loaded machine answering after 1.5 s still gets its pictures.
  public static let defaultTimeoutMilliseconds = 5_000

  /// Makes the batch for a terminal in `environment` (and the kitty query's file).
  public init(
    environment: TerminalEnvironment, windowSize: WindowSize?, now: UInt64,
    timeoutMilliseconds: Int = defaultTimeoutMilliseconds
  ) {
    self.environment = environment
    self.windowSize = windowSize
    (sent, probeFile) = CapabilityProbe.batch(for: environment)
    startedAt = now
    deadline = now &+ UInt64(max(0, timeoutMilliseconds)) * 1_000_000
  }

  deinit { removeFile() }

  /// The bytes to write to the terminal, all at once.
  public var batchBytes: [UInt8] { sent.flatMap(\.bytes) }

  /// Takes replies read at `now`.
  public func receive(_ newReplies: [RecognizedReply], at now: UInt64) {
    replies += newReplies
    if answeredAt == nil, newReplies.contains(where: \.isDeviceAttributes) {
      answeredAt = now
    }
  }

  /// When the probe is done if nothing else comes: DA1 plus the grace, else the deadline.
  public var doneAt: UInt64 {
    guard let answeredAt else { return deadline }
    return min(deadline, answeredAt &+ UInt64(CapabilityProbe.graceMilliseconds) * 1_000_000)
  }

  /// True once DA1 and the grace are in, or the deadline passed.
  public func isDone(at now: UInt64) -> Bool { now >= doneAt }

  /// Milliseconds until `doneAt` (rounded up, 0 when past): the most the reader may sleep.
  public func millisecondsUntilDone(at now: UInt64) -> Int {
    now >= doneAt ? 0 : Int((doneAt - now + 999_999) / 1_000_000)
  }

  /// What the answers say, as `CapabilityProbe` reports it (for the log and the format);
  /// removes the kitty query's file.
  public func finish(at now: UInt64) -> CapabilityProbe.Result {
    removeFile()
    let capabilities = TerminalCapabilities(
      environment: environment, replies: replies, windowSize: windowSize)
    let end = answeredAt ?? now
    return CapabilityProbe.Result(
      capabilities: capabilities, leftoverInput: [], sent: sent,
      received: replies.flatMap(\.bytes), outcome: answeredAt != nil ? .answered : .timedOut,
      elapsedMilliseconds: Double(end &- startedAt) / 1e6)
  }

  private func removeFile() {
    if let probeFile { unlink(probeFile) }
    probeFile = nil
  }
}

extension RecognizedReply {
  /// True for a DA1 reply: the last answer of a probe's batch.
  public var isDeviceAttributes: Bool {
    if case .deviceAttributes = reply { true } else { false }
  }
}
