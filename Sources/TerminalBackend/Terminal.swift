import PhotoStore
import TerminalGraphics
import TerminalUI

/// A screen the app can draw on and read keys from: curses in the program, a fake in tests.
public protocol Terminal: AnyObject {
  /// The size in cells now.
  var size: TerminalSize { get }

  /// Shows `frame`; `pictures` gives the drawable form of each placed image (nil when it
  /// is no longer cached, which leaves its cells blank).
  func present(_ frame: Frame, pictures: (ImageKey) -> TerminalPicture?)

  /// Waits up to `timeoutMilliseconds` for input or a wake-up and returns what arrived.
  func readEvents(timeoutMilliseconds: Int32) -> [InputEvent]

  /// Puts `text` on the system clipboard through the terminal (OSC 52).
  func copyToClipboard(_ text: String)

  /// Gives the terminal to another program for the length of `body` (as the shell has it:
  /// normal screen, echo, cursor), then takes it back; the next frame is painted in full.
  /// Ctrl-C and Ctrl-\ meanwhile are the other program's, as with `system(3)`.
  func handOver(_ body: () -> Void)

  /// Ends a `readEvents` wait early; safe to call from any thread (decoders finishing,
  /// the indexer, the watcher).
  var waker: @Sendable () -> Void { get }

  /// When the last `present` had written its text, before its pictures (`DispatchTime`
  /// nanoseconds), for the key → frame log; nil where nothing is written.
  var textWrittenAt: UInt64? { get }

  /// Writes a capability probe's queries (`PendingProbe`); the answers come back through
  /// `takeReplies`, never as keys.
  func sendQueries(_ bytes: [UInt8])

  /// The terminal's replies read with the input since the last call, in order.
  func takeReplies() -> [RecognizedReply]

  /// Draws pictures with `driver` from now on (the probe's answers came): the pictures of
  /// the old driver are let go and the next frame is painted in full. A nil `driver` keeps
  /// the driver and its pictures and changes only whether frames are synchronized.
  func switchGraphics(to driver: (any GraphicsDriver)?, synchronizedOutput: Bool)
}

extension Terminal {
  public var textWrittenAt: UInt64? { nil }
  public func sendQueries(_ bytes: [UInt8]) {}
  public func takeReplies() -> [RecognizedReply] { [] }
  public func switchGraphics(to driver: (any GraphicsDriver)?, synchronizedOutput: Bool) {}
}
