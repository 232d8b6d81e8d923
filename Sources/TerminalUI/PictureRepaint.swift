import PhotoStore

/// Which pictures a frame must write to the terminal, and which cells the backend must
/// blank itself first: the picture half of a backend's diff.
///
/// The rule (pinned down on xterm 379, see docs/DECISIONS.md): a terminal keeps a picture's
/// pixels until something is written over its cells, its cells are erased, or the lines
/// holding it scroll. The text layer only writes cells that changed (scrolling is ruled out
/// by the backend), so a picture is sent again only when
/// - it is new at that place, or a different picture or revision than the one drawn there;
/// - a cell inside it changed (the text layer writes that cell over its pixels);
/// - a picture that left overlapped it (its cells are blanked, see `erase`);
/// - the text layer may scroll (`textMayScroll`) and any text changed.
///
/// A picture that leaves has pixels wherever its cells are not rewritten: cells that
/// changed are rewritten by the text layer; the unchanged ones (picture cells in both
/// frames, which ncurses would skip) are listed in `erase` for the backend to rewrite.
public struct PictureRepaint: Hashable, Sendable {
  /// The placements to write, in frame order.
  public var send: [ImagePlacement]
  /// Runs of cells (one row each) the backend rewrites as the frame has them, before the
  /// pictures, to clear pixels of pictures that left.
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
      forEachCell(of: rect, in: frame.size) { i in
        if !changed[i] { erased[i] = true }
      }
    }
    let send = frame.images.filter { placement in
      if drawn[placement.rect] != placement { return true }
      if textMayScroll && anyChange { return true }
      var touched = false
      forEachCell(of: placement.rect, in: frame.size) { i in
        if changed[i] || erased[i] { touched = true }
      }
      return touched
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

  /// Calls `body` with the index of every cell of `rect` inside a frame of `size`.
  private static func forEachCell(of rect: CellRect, in size: TerminalSize, _ body: (Int) -> Void) {
    let rows = max(0, rect.row)..<max(0, min(size.rows, rect.row + rect.height))
    let columns = max(0, rect.column)..<max(0, min(size.columns, rect.column + rect.width))
    for r in rows {
      for c in columns { body(r * size.columns + c) }
    }
  }
}
