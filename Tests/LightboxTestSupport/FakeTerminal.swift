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
    picturesDrawn += frame.images.filter { pictures($0.key) != nil }.count
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
