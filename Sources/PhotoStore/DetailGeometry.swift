/// Where the detail view puts the photo: every cell between the title bar (row 0) and the
/// status line (last row).
public enum DetailGeometry {
  /// The cells reserved for the photo.
  public static func imageArea(terminal: TerminalSize) -> CellRect {
    CellRect(
      row: 1, column: 0, width: terminal.columns,
      height: max(0, terminal.rows - 2 - Filmstrip.height(terminal: terminal)))
  }
}
