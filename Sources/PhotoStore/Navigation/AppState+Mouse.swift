import PhotoModel

extension AppState {
  /// A click: on a tab or segment switches to it; on a photo or card selects it; a
  /// double-click opens it (in the detail view, goes back).
  mutating func click(row: Int, column: Int, double: Bool) -> [Effect] {
    if overlay != nil {
      overlay = nil
      return []
    }
    if screen == .detail {
      return double ? Reducer.dispatch(&self, .back) : []
    }
    if row == 0 {
      guard let hit = BarLayout.tabs().first(where: { $0.columns.contains(column) }) else {
        return []
      }
      return Reducer.dispatch(&self, hit.tab == .search ? .startSearch : .showTab(hit.tab))
    }
    if row == 1 {
      if tab == .library,
        let hit = BarLayout.segments().first(where: { $0.columns.contains(column) })
      {
        message = nil
        library.segment = hit.segment
        keepSelectionInView()
        return []
      }
      if tab == .search { return Reducer.dispatch(&self, .startSearch) }
      return []
    }
    if context == .albumList {
      guard let card = albumCard(atRow: row, column: column) else { return [] }
      selectAlbumCard(at: card)
      message = nil
      return double ? Reducer.dispatch(&self, .open) : []
    }
    guard let index = assetIndex(atRow: row, column: column) else { return [] }
    message = nil
    if tab == .search { search.stopEditing() }
    selectedIndex =
      activeSegment == .years || activeSegment == .months
      ? cardKeyAsset(index) : index
    keepSelectionInView()
    return double ? Reducer.dispatch(&self, .open) : []
  }

  /// For Years and Months, `index` is a card number; the selection is its key photo.
  private func cardKeyAsset(_ card: Int) -> Int {
    let groups =
      activeSegment == .years ? timeline.years.map(\.assets) : timeline.months.map(\.assets)
    return Timeline.keyAsset(of: groups[card])
  }

  /// True when the cell is on the tile or its frame.
  private static func hit(_ rect: CellRect, labelRows: Int, _ row: Int, _ column: Int) -> Bool {
    row >= rect.row - 1 && row <= rect.row + rect.height + labelRows - 1
      && column >= rect.column - 1 && column <= rect.column + rect.width
  }

  /// The photo (or, in Years and Months, the card) under a cell of the grid area.
  func assetIndex(atRow row: Int, column: Int) -> Int? {
    switch activeSegment {
    case .all where isReviewingGroups:
      return groupIndex(atRow: row, column: column)
    case .all:
      let geometry = grid
      return cellIndex(
        geometry: geometry, top: gridTopRow, count: assets.count, row: row, column: column)
    case .years:
      return cellIndex(
        geometry: yearsGrid, top: library.yearsTopRow, count: timeline.years.count, row: row,
        column: column
      )
    case .months:
      return cellIndex(
        geometry: monthsGrid, top: library.monthsTopRow, count: timeline.months.count, row: row,
        column: column)
    case .days:
      let geometry = grid
      // Below the pinned header of the day at the top, if any.
      var top =
        geometry.area.row
        + daysLayout.pinnedRows(
          top: library.daysTopEntry, height: geometry.area.height, tileRows: geometry.tile.rows)
      for entry in daysLayout.visibleEntries(
        from: library.daysTopEntry, height: geometry.area.height, tileRows: geometry.tile.rows)
      {
        if case .tiles(_, let first, let count) = daysLayout.entries[entry] {
          for c in 0..<count {
            let rect = CellRect(
              row: top + 1, column: geometry.leftMargin + 1 + c * (geometry.tile.columns + 1),
              width: geometry.tile.columns, height: geometry.tile.rows)
            if Self.hit(rect, labelRows: 0, row, column) { return first + c }
          }
        }
        top += DaysLayout.height(of: daysLayout.entries[entry], tileRows: geometry.tile.rows)
      }
      return nil
    }
  }

  /// The photo under a cell of the Duplicates or Bursts album (a group to a row).
  private func groupIndex(atRow row: Int, column: Int) -> Int? {
    let geometry = grid
    let rows = duplicates.layout.rows
    for visibleRow in 0..<geometry.visibleRows {
      let r = gridTopRow + visibleRow
      guard rows.indices.contains(r) else { return nil }
      for c in 0..<rows[r].count {
        let rect = geometry.tileRect(visibleRow: visibleRow, column: c)
        if Self.hit(rect, labelRows: geometry.labelRows, row, column) { return rows[r].first + c }
      }
    }
    return nil
  }

  private func cellIndex(geometry: GridGeometry, top: Int, count: Int, row: Int, column: Int)
    -> Int?
  {
    for visibleRow in 0..<geometry.visibleRows {
      for c in 0..<geometry.columns {
        let index = (top + visibleRow) * geometry.columns + c
        guard index < count else { return nil }
        let rect = geometry.tileRect(visibleRow: visibleRow, column: c)
        if Self.hit(rect, labelRows: geometry.labelRows, row, column) { return index }
      }
    }
    return nil
  }

  /// The album card under a cell.
  func albumCard(atRow row: Int, column: Int) -> Int? {
    let geometry = albumsGrid
    var top = geometry.area.row
    for entry in albums.layout.visibleEntries(from: albums.topEntry, height: geometry.area.height) {
      if case .cards(let first, let count) = albums.layout.entries[entry] {
        for c in 0..<count {
          let rect = CellRect(
            row: top + 1, column: geometry.leftMargin + 1 + c * (geometry.tile.columns + 1),
            width: geometry.tile.columns, height: geometry.tile.rows)
          if Self.hit(rect, labelRows: geometry.labelRows, row, column) { return first + c }
        }
      }
      top += albums.layout.height(of: albums.layout.entries[entry])
    }
    return nil
  }
}
