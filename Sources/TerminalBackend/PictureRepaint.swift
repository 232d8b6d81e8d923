import PhotoStore
import TerminalUI

/// Which pictures a frame must write to the terminal, and which cells the backend must
/// blank itself first: the picture half of a backend's diff.
///
/// The rule (pinned down on xterm 379, see docs/DECISIONS.md): only *erasing* cells (ECH,
/// EL, ED) removes a picture's pixels for good. xterm keeps the 16 newest sixel images and
/// paints them again over text written on their cells, so text alone does not clear them
/// (the older ones are gone for good at the next repaint of their area). Scrolling moves
/// them; the backend rules that out. So:
/// - the cells of every picture that leaves (or is replaced) are erased (`erase`) before
///   the text of the new frame is written;
/// - a picture is sent again only when it is new at its place or a different picture or
///   revision, a cell inside it changed (text was written over it), a cell inside it was
///   erased, or the text layer may scroll (`textMayScroll`) and any text changed.
public struct PictureRepaint: Hashable, Sendable {
  /// The placements to write, in frame order.
  public var send: [ImagePlacement]
  /// Runs of cells (one row each) the backend erases before it writes the new frame's text,
  /// to clear the pixels of pictures that left.
  public var erase: [CellRect]

  public init(send: [ImagePlacement], erase: [CellRect]) {
    self.send = send
    self.erase = erase
  }

  /// The plan for presenting `frame` after `previous` (nil: the screen was cleared), with
  /// `drawn` the pictures now on screen by rectangle.
  public static func plan(
    previous: Frame?, drawn: [CellRect: ImagePlacement], frame: Frame, textMayScroll: Bool
  ) -> PictureRepaint {
    guard let previous, previous.size == frame.size else {
      return PictureRepaint(send: frame.images, erase: [])
    }
    let columns = frame.size.columns
    let count = frame.cells.count
    var changed = [Bool](repeating: false, count: count)
    var anyChange = false
    for i in 0..<count where previous.cells[i] != frame.cells[i] {
      changed[i] = true
      anyChange = true
    }
    let staying = Set(frame.images)
    var erased = [Bool](repeating: false, count: count)
    for (rect, placement) in drawn where !staying.contains(placement) {
      // A clip's next frame at the same place covers the last one pixel for pixel: erasing
      // first would blank the picture between frames (xterm shows the gap as a flicker).
      if placement.key.frame != nil,
        frame.images.contains(where: { Self.isNextFrame($0, of: placement) })
      {
        continue
      }
      forEachCell(of: rect, in: frame.size) { erased[$0] = true }
    }
    var send: [ImagePlacement] = []
    for placement in frame.images {
      var resend = drawn[placement.rect] != placement || (textMayScroll && anyChange)
      if !resend {
        forEachCell(of: placement.rect, in: frame.size) { i in
          if changed[i] || erased[i] { resend = true }
        }
      }
      // A picture drawn over another one sent again (the zoomed view's minimap) is sent
      // after it, or the one below would paint over it.
      if !resend { resend = send.contains { $0.rect.intersects(placement.rect) } }
      if resend { send.append(placement) }
    }
    var runs: [CellRect] = []
    for row in 0..<frame.size.rows {
      var column = 0
      while column < columns {
        guard erased[row * columns + column] else {
          column += 1
          continue
        }
        let start = column
        while column < columns && erased[row * columns + column] { column += 1 }
        runs.append(CellRect(row: row, column: start, width: column - start, height: 1))
      }
    }
    return PictureRepaint(send: send, erase: runs)
  }

  /// True when `next` is another frame of the clip `shown` is a frame of, at its place.
  static func isNextFrame(_ next: ImagePlacement, of shown: ImagePlacement) -> Bool {
    guard next.rect == shown.rect, next.key.frame != nil else { return false }
    var same = next.key
    same.frame = shown.key.frame
    return same == shown.key
  }

  /// Calls `body` with the index of every cell of `rect` inside a frame of `size`.
  private static func forEachCell(of rect: CellRect, in size: TerminalSize, _ body: (Int) -> Void) {
    let rows = max(0, rect.row)..<max(0, min(size.rows, rect.row + rect.height))
    let columns = max(0, rect.column)..<max(0, min(size.columns, rect.column + rect.width))
    for r in rows {
      for c in columns { body(r * size.columns + c) }
    }
  }
}
