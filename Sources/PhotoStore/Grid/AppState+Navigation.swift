import PhotoModel

extension AppState {
  /// Moves the selection; in the detail view left/right page through the photos.
  mutating func move(_ direction: Direction) {
    if screen == .grid {
      switch direction {
      case .down, .pageDown, .right, .last: scrollDirection = 1
      case .up, .pageUp, .left, .first: scrollDirection = -1
      }
    }
    if screen == .grid && isReviewingGroups { return moveInGroups(direction) }
    if screen == .grid {
      switch activeSegment {
      case .years:
        moveCard(direction, groups: timeline.years.map(\.assets), geometry: yearsGrid)
        return
      case .months:
        moveCard(direction, groups: timeline.months.map(\.assets), geometry: monthsGrid)
        return
      case .days:
        if moveInDays(direction) { return }
      case .all:
        break
      }
    }
    let last = assets.count - 1
    var index = selectedIndex
    switch (screen, direction) {
    case (.grid, _): index = grid.step(from: index, direction, count: assets.count)
    case (_, .first): index = 0
    case (_, .last): index = last
    case (_, .left), (_, .up), (_, .pageUp): index -= 1
    case (_, .right), (_, .down), (_, .pageDown): index += 1
    }
    selectedIndex = min(max(0, index), max(0, last))
    keepSelectionInView()
  }

  /// Enter in a grid: a year card opens Months at its first month, a month card Days at its
  /// first day, a photo the detail view.
  mutating func openInGrid(_ segment: LibrarySegment) {
    switch segment {
    case .years:
      guard let year = selectedYear else { return }
      selectedIndex = timeline.years[year].assets.lowerBound
      library.segment = .months
    case .months:
      guard let month = selectedMonth else { return }
      selectedIndex = timeline.months[month].assets.lowerBound
      library.segment = .days
      if let day = timeline.dayIndex(ofAsset: selectedIndex), day < daysLayout.headerEntry.count {
        library.daysTopEntry = daysLayout.headerEntry[day]
      }
    case .days, .all:
      // A burst's stack opens (or shuts) in place; a photo opens.
      if toggleStack() { return }
      screen = .detail
    }
    keepSelectionInView()
  }

  /// Moves between year or month cards; the selection becomes the card's key photo.
  private mutating func moveCard(
    _ direction: Direction, groups: [Range<Int>], geometry: GridGeometry
  ) {
    guard !groups.isEmpty else { return }
    let current = Timeline.search(groups, \.self, selectedIndex) ?? 0
    let card = geometry.step(from: current, direction, count: groups.count)
    if card != current { selectedIndex = Timeline.keyAsset(of: groups[card]) }
    keepSelectionInView()
  }

  /// Moves in the Days segment; returns false for moves that work as in All.
  private mutating func moveInDays(_ direction: Direction) -> Bool {
    let layout = daysLayout
    guard let entry = layout.entryIndex(ofAsset: selectedIndex, timeline: timeline),
      case .tiles(_, let first, _) = layout.entries[entry]
    else { return false }
    let column = selectedIndex - first
    func tilesEntry(from start: Int, step: Int) -> Int? {
      var i = start + step
      while i >= 0 && i < layout.entries.count {
        if case .tiles = layout.entries[i] { return i }
        i += step
      }
      return nil
    }
    var steps = 0
    switch direction {
    case .up: steps = -1
    case .down: steps = 1
    case .pageUp, .pageDown:
      let area = grid.area
      let visible = layout.visibleEntries(
        from: library.daysTopEntry, height: area.height, tileRows: grid.tile.rows)
      let rows = max(
        1,
        visible.filter { if case .tiles = layout.entries[$0] { return true } else { return false } }
          .count)
      steps = direction == .pageUp ? -rows : rows
    default: return false
    }
    var target = entry
    for _ in 0..<abs(steps) {
      guard let next = tilesEntry(from: target, step: steps < 0 ? -1 : 1) else { break }
      target = next
    }
    if case .tiles(_, let newFirst, let count) = layout.entries[target] {
      selectedIndex = newFirst + min(column, count - 1)
    }
    keepSelectionInView()
    return true
  }

  /// Scrolls the current segment so the selected photo (or its card) is visible.
  mutating func keepSelectionInView() {
    keepSelectionInView(activeSegment)
  }

  /// Scrolls every segment to the selection (after a load or a resize), so Tab lands on it.
  mutating func keepSelectionInViewEverywhere() {
    guard tab == .library else { return keepSelectionInView(.all) }
    for segment in LibrarySegment.allCases { keepSelectionInView(segment) }
  }

  private mutating func keepSelectionInView(_ segment: LibrarySegment) {
    switch segment {
    case .all where isReviewingGroups:
      keepGroupSelectionInView()
    case .all:
      gridTopRow = grid.topRow(keeping: selectedIndex, from: gridTopRow, count: assets.count)
    case .years:
      guard let year = selectedYear else { return }
      library.yearsTopRow = yearsGrid.topRow(
        keeping: year, from: library.yearsTopRow, count: timeline.years.count)
    case .months:
      guard let month = selectedMonth else { return }
      library.monthsTopRow = monthsGrid.topRow(
        keeping: month, from: library.monthsTopRow, count: timeline.months.count)
    case .days:
      guard let entry = daysLayout.entryIndex(ofAsset: selectedIndex, timeline: timeline) else {
        return
      }
      library.daysTopEntry = daysLayout.top(
        keeping: entry, from: library.daysTopEntry, height: grid.area.height,
        tileRows: grid.tile.rows)
    }
  }

  /// Rebuilds what depends on the library and the width (after a load or a resize).
  mutating func rebuildLayouts() {
    daysLayout = DaysLayout(timeline: timeline, columns: grid.columns)
    relayOutGroups()
  }

  /// The layouts for a new grid size (a resize, the info panel beside a grid), with the
  /// selection kept in view.
  mutating func relayOut() {
    rebuildLayouts()
    rebuildAlbumsLayout()
    // The map's clusters are binned in cells: a new size forms them anew.
    if map.isShown { reformClusters(keeping: map.selectedCluster?.largest) }
    if context == .library {
      keepSelectionInViewEverywhere()
    } else if context == .albumList {
      keepAlbumCardInView()
    } else {
      keepSelectionInView()
    }
  }
}
