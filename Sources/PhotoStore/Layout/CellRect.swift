/// A rectangle of terminal cells (0-based row and column of the top-left cell).
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
  public var row: Int
  public var column: Int
  public var width: Int
  public var height: Int

  public init(row: Int, column: Int, width: Int, height: Int) {
    self.row = row
    self.column = column
    self.width = width
    self.height = height
  }

  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// True when the rectangle covers the cell.
  public func contains(row r: Int, column c: Int) -> Bool {
    r >= row && r < row + height && c >= column && c < column + width
  }

  /// True when the two rectangles share a cell.
  public func intersects(_ other: CellRect) -> Bool {
    !isEmpty && !other.isEmpty && row < other.row + other.height && other.row < row + height
      && column < other.column + other.width && other.column < column + width
  }

  public var description: String { "\(width)x\(height)@\(row),\(column)" }
}
