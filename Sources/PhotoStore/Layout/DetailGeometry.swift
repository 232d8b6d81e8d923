/// Where the detail view puts the photo: every cell between the title bar (row 0) and the
/// filmstrip (or the status line), less the info column on the right while it is open.
///
/// The reducer asks for the photo at the pixel size of `imageArea` and the view places it
/// there, so both go through this one function.
public enum DetailGeometry {
  /// The info column is never narrower than this (unless the terminal is tiny).
  public static let infoMinimumWidth = 30
  /// The info column is never wider than this: the photo is what the view is for.
  public static let infoMaximumWidth = 48

  /// The cells reserved for the photo, with the info column open or not.
  public static func imageArea(terminal: TerminalSize, showsInfo: Bool = false) -> CellRect {
    let full = CellRect(
      row: 1, column: 0, width: terminal.columns,
      height: max(0, terminal.rows - 2 - Filmstrip.height(terminal: terminal)))
    guard showsInfo else { return full }
    let panel = infoPanel(terminal: terminal)
    return CellRect(
      row: full.row, column: 0, width: max(0, full.width - panel.width), height: full.height)
  }

  /// The info column: right of the photo, as tall as the photo's area. It takes a third of
  /// the width within its bounds and never more than half, so the photo keeps at least half.
  public static func infoPanel(terminal: TerminalSize) -> CellRect {
    let height = max(0, terminal.rows - 2 - Filmstrip.height(terminal: terminal))
    let third = min(infoMaximumWidth, max(infoMinimumWidth, terminal.columns / 3))
    let width = max(0, min(third, terminal.columns / 2))
    return CellRect(row: 1, column: terminal.columns - width, width: width, height: height)
  }
}
