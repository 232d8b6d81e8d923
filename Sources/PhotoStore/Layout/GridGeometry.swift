/// Where the All grid puts its tiles for a terminal size: the one layout the reducer (to move
/// the cursor and choose what to decode) and the view (to draw) share.
///
/// Rows: 0 tab bar, 1 section header, 2…rows-2 the grid area, rows-1 the status line.
/// Tiles sit on a pitch of tile+1 cells; the gap cells around a tile carry its selection frame.
public struct GridGeometry: Hashable, Sendable {
  /// Rows above the grid area (tab bar, section header).
  public static let topChromeRows = 2
  /// Rows below it (status line).
  public static let bottomChromeRows = 1

  /// The cells the grid may use.
  public let area: CellRect
  /// Tile size after shrinking for a small terminal.
  public let tile: TileSize
  /// Tiles per row (0 when the terminal is too small for any).
  public let columns: Int
  /// Tile rows that fit in the area (0 when too small).
  public let visibleRows: Int
  /// Blank columns left of the first gap column, centring the grid.
  public let leftMargin: Int

  /// Text rows under each tile (a card's title), inside its selection frame.
  public let labelRows: Int

  public init(terminal: TerminalSize, preferredTile: TileSize = .standard, labelRows: Int = 0) {
    self.labelRows = labelRows
    let areaHeight = max(0, terminal.rows - Self.topChromeRows - Self.bottomChromeRows)
    area = CellRect(row: Self.topChromeRows, column: 0, width: terminal.columns, height: areaHeight)
    var tileRows = max(1, preferredTile.rows)
    var tileColumns = max(1, preferredTile.columns)
    // Shrink the tile, keeping it square on screen (2 columns per row), when the terminal
    // cannot hold one whole tile and its frame.
    if areaHeight < tileRows + labelRows + 2 {
      tileRows = max(1, areaHeight - 2 - labelRows)
      tileColumns = max(2, min(tileColumns, tileRows * 2))
    }
    if terminal.columns < tileColumns + 2 {
      tileColumns = max(2, terminal.columns - 2)
      tileRows = max(1, min(tileRows, tileColumns / 2))
    }
    tile = TileSize(columns: tileColumns, rows: tileRows)
    let fitsAny = areaHeight >= tileRows + labelRows + 2 && terminal.columns >= tileColumns + 2
    columns = fitsAny ? max(1, (terminal.columns - 1) / (tileColumns + 1)) : 0
    visibleRows = fitsAny ? max(1, (areaHeight - 1) / (tileRows + labelRows + 1)) : 0
    let used = columns * (tileColumns + 1) + 1
    leftMargin = fitsAny ? max(0, (terminal.columns - used) / 2) : 0
  }

  /// The width of the info panel beside a grid: a third of the terminal, at least 36
  /// columns (its longest labels and values), at most half.
  public static func infoPanelWidth(terminal: TerminalSize) -> Int {
    min(terminal.columns / 2, max(36, terminal.columns / 3))
  }

  /// Tiles on one screen.
  public var tilesPerPage: Int { columns * visibleRows }

  /// The row of the grid (0 = oldest) that holds photo `index`.
  public func row(ofIndex index: Int) -> Int { columns > 0 ? index / columns : 0 }

  /// Number of grid rows for `count` photos.
  public func rowCount(for count: Int) -> Int {
    columns > 0 ? (count + columns - 1) / columns : 0
  }

  /// The cells of the tile at a visible row (0 = top of the area) and column.
  public func tileRect(visibleRow: Int, column: Int) -> CellRect {
    CellRect(
      row: area.row + 1 + visibleRow * (tile.rows + labelRows + 1),
      column: leftMargin + 1 + column * (tile.columns + 1),
      width: tile.columns, height: tile.rows)
  }

  /// The first visible row that keeps `index` on screen, moving `topRow` as little as possible.
  public func topRow(keeping index: Int, from topRow: Int, count: Int) -> Int {
    guard visibleRows > 0, count > 0 else { return 0 }
    let row = self.row(ofIndex: index)
    var top = topRow
    if row < top { top = row }
    if row >= top + visibleRows { top = row - visibleRows + 1 }
    let maxTop = max(0, rowCount(for: count) - visibleRows)
    return min(max(0, top), maxTop)
  }

  /// The index one step from `index` in a grid of `count` items laid out by this geometry: a
  /// tile left or right, a row up or down (staying put past the first or last row, as in a
  /// file manager), a page, or an end; clamped to the items.
  public func step(from index: Int, _ direction: Direction, count: Int) -> Int {
    guard count > 0 else { return 0 }
    let columns = max(1, self.columns)
    var next = index
    switch direction {
    case .left: next -= 1
    case .right: next += 1
    case .up: if next - columns >= 0 { next -= columns }
    case .down: if next + columns < count { next += columns }
    case .pageUp: next -= max(1, tilesPerPage)
    case .pageDown: next += max(1, tilesPerPage)
    case .first: next = 0
    case .last: next = count - 1
    }
    return min(max(0, next), count - 1)
  }
}
