import Foundation
import PhotoStore
import TerminalBackend
import TerminalGraphics
import TerminalUI

/// A terminal for tests: scripted input, and every presented frame kept for inspection.
public final class FakeTerminal: Terminal {
  public var size: TerminalSize
  /// Input batches handed out one per `readEvents` call; when empty, the terminal sends q.
  public var script: [[InputEvent]]
  public private(set) var frames: [Frame] = []
  /// How many placed pictures had a drawable form when presented.
  public private(set) var picturesDrawn = 0

  public init(size: TerminalSize, script: [[InputEvent]]) {
    self.size = size
    self.script = script
  }

  /// What was put on the clipboard, in order.
  public private(set) var clipboard: [String] = []

  public func copyToClipboard(_ text: String) {
    clipboard.append(text)
  }

  /// How many times another program was given the terminal.
  public private(set) var handOvers = 0

  public func handOver(_ body: () -> Void) {
    handOvers += 1
    body()
  }

  public func present(_ frame: Frame, pictures: (ImageKey) -> TerminalPicture?) {
    frames.append(frame)
    let drawn = frame.images.compactMap { pictures($0.key) }
    picturesDrawn += drawn.count
    happenings.append(.frame(pictures: drawn.map(Self.kind)))
  }

  /// What happened at the terminal, in order (a late-answering terminal's tests).
  public enum Happening: Equatable, Sendable {
    /// A frame, with the kind of each picture drawn (`halfBlock`, `sixel`, `kitty`…).
    case frame(pictures: [String])
    /// The probe's queries were written.
    case queries
    /// Answers were read with the input.
    case replies
    /// The session switched picture drivers (the driver's type name), or only synchronized
    /// output (nil).
    case graphics(String?)
  }

  public private(set) var happenings: [Happening] = []
  /// The probe's queries as written.
  public private(set) var sentQueries: [UInt8] = []
  /// Answers to the probe by the `readEvents` call (1-based) at which they arrive; one due
  /// before the queries were written waits for them.
  public var answers: [Int: [UInt8]] = [:]
  private var unreadReplies: [RecognizedReply] = []

  public func sendQueries(_ bytes: [UInt8]) {
    sentQueries += bytes
    happenings.append(.queries)
  }

  public func takeReplies() -> [RecognizedReply] {
    defer { unreadReplies = [] }
    return unreadReplies
  }

  public func switchGraphics(to driver: (any GraphicsDriver)?, synchronizedOutput: Bool) {
    happenings.append(.graphics(driver.map { String(describing: type(of: $0)) }))
  }

  static func kind(_ picture: TerminalPicture) -> String {
    switch picture {
    case .halfBlock: "halfBlock"
    case .sixel: "sixel"
    case .kitty: "kitty"
    case .iTerm2: "iTerm2"
    }
  }

  /// Pause per `readEvents` call, standing in for the user's pace.
  public var delayMilliseconds: UInt32 = 0

  /// Called before each `readEvents` with the number of calls so far (tests change files
  /// while the program runs).
  public var onRead: ((Int) -> Void)?
  private var reads = 0

  public func readEvents(timeoutMilliseconds: Int32) -> [InputEvent] {
    if delayMilliseconds > 0 { usleep(delayMilliseconds * 1000) }
    reads += 1
    onRead?(reads)
    if !sentQueries.isEmpty {
      let due = answers.keys.filter { $0 <= reads }.sorted()
      for read in due {
        unreadReplies +=
          ReplyParser.scan(answers.removeValue(forKey: read) ?? [], final: true)
          .replies
        happenings.append(.replies)
      }
    }
    guard !script.isEmpty else { return [.character("q")] }
    let batch = script.removeFirst()
    if batch.contains(.resize), let last = resizeTo { size = last }
    return batch
  }

  /// Nothing waits in the fake's `readEvents`, so there is nothing to wake.
  public var waker: @Sendable () -> Void { {} }

  /// The size a scripted `.resize` switches to.
  public var resizeTo: TerminalSize?
}
