import Foundation
import TerminalGraphics

/// A long command's progress, one line on standard error: redrawn in place on a terminal (at
/// most ten times a second), as occasional plain lines in a log (at most once a second), or
/// not at all. `index`, `demo`, `thumbnails`, `rotate` and `export` all draw with it.
final class ProgressLine: @unchecked Sendable {
  // @unchecked: the mutable fields are touched under `lock`.
  /// How the line reaches its reader.
  enum Style: Sendable {
    /// A terminal: the line is redrawn in place (`ControlSequence.redrawLine`).
    case redrawn
    /// A file or pipe: a plain line now and then.
    case plainLines
    /// Nothing (standard error is not a terminal and no log was asked for).
    case silent
  }

  private let style: Style
  private let write: @Sendable (String) -> Void
  private let lock = NSLock()
  private var lastDraw: UInt64 = 0
  private var drawn = false
  private var lastText = ""

  /// Redrawn when standard error is a terminal, else silent; `write` receives the bytes
  /// (standard error unless told otherwise).
  init(style: Style? = nil, write: (@Sendable (String) -> Void)? = nil) {
    self.style = style ?? (isatty(STDERR_FILENO) == 1 ? .redrawn : .silent)
    self.write = write ?? { FileHandle.standardError.write(Data($0.utf8)) }
  }

  /// Shows `text`, unless one was shown less than an interval ago; a `final` text is always
  /// shown (once: the same final text again is not repeated).
  func show(_ text: String, final: Bool = false) {
    lock.withLock {
      let now = DispatchTime.now().uptimeNanoseconds
      let interval: UInt64 = style == .redrawn ? 100_000_000 : 1_000_000_000
      switch style {
      case .silent: return
      case .redrawn:
        guard final || !drawn || now - lastDraw >= interval else { return }
        write(ControlSequence.redrawLine + text)
      case .plainLines:
        guard final ? text != lastText : (!drawn || now - lastDraw >= interval) else { return }
        write(text + "\n")
      }
      lastDraw = now
      lastText = text
      drawn = true
    }
  }

  /// "12/200 rotated": `done` of `total` files finished.
  func update(_ done: Int, of total: Int, _ label: String) {
    show("\(done)/\(total) \(label)", final: done == total)
  }

  /// Ends the line: `keep` leaves the last text on screen (a new line), else it is cleared,
  /// so error lines and the summary start at the left margin.
  func finish(keep: Bool = false) {
    lock.withLock {
      guard style == .redrawn, drawn else { return }
      write(keep ? "\n" : ControlSequence.redrawLine)
      drawn = false
    }
  }
}
