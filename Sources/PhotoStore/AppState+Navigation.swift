extension AppState {
  /// Moves the selection; in the detail view left/right page through the photos.
  mutating func move(_ direction: Direction) {
    let count = assets.count
    let last = count - 1
    let geometry = grid
    let columns = max(1, geometry.columns)
    let page = max(1, geometry.tilesPerPage)
    var index = selectedIndex
    switch (screen, direction) {
    case (_, .first): index = 0
    case (_, .last): index = last
    case (.detail, .left), (.detail, .up), (.detail, .pageUp): index -= 1
    case (.detail, .right), (.detail, .down), (.detail, .pageDown): index += 1
    case (.grid, .left): index -= 1
    case (.grid, .right): index += 1
    case (.grid, .up): if index - columns >= 0 { index -= columns }
    case (.grid, .down): index = index + columns <= last ? index + columns : index
    case (.grid, .pageUp): index -= page
    case (.grid, .pageDown): index += page
    }
    selectedIndex = min(max(0, index), max(0, last))
    keepSelectionInView()
  }

  /// Scrolls the grid so the selected photo is visible.
  mutating func keepSelectionInView() {
    gridTopRow = grid.topRow(keeping: selectedIndex, from: gridTopRow, count: assets.count)
  }
}
