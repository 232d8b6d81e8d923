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
}

extension Terminal {
  public var textWrittenAt: UInt64? { nil }
}
