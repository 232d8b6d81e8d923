/// The size of a grid tile in cells.
public struct TileSize: Hashable, Sendable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// 14×7 cells: a square thumbnail in half-blocks (cells are about twice as tall as wide).
  public static let standard = TileSize(columns: 14, rows: 7)
}
