import PhotoModel

extension AppState {
  /// Leaves the current grid, remembering where it was.
  mutating func saveContext() {
    guard context != .albumList else { return }
    savedPositions[context] = SavedPosition(selected: selectedAsset?.id, topRow: gridTopRow)
  }

  /// Enters the grid `context` now names: its photos, and the place it was left (else the
  /// newest photo at the bottom, as Photos opens every grid).
  mutating func restoreContext() {
    screen = .grid
    marks.ids = []
    marks.anchor = nil
    let saved = savedPositions[context]
    assets = currentList()
    if let id = saved?.selected, let index = assets.firstIndex(ofID: id) {
      selectedIndex = index
    } else {
      // The groups of the Duplicates and Bursts albums are a list to work down: the first
      // group, at the top.
      selectedIndex = isReviewingGroups ? 0 : max(0, assets.count - 1)
    }
    gridTopRow = saved?.topRow ?? (isReviewingGroups ? 0 : Int.max)
    if context == .albumList { keepAlbumCardInView() } else { keepSelectionInView() }
  }

  /// Switches to another tab (or the same one: Albums then shows its list again).
  mutating func switchTab(_ newTab: Tab) {
    saveContext()
    if newTab == tab && newTab == .albums { showAlbumList() }
    keepSearchIndex(forTab: newTab)
    tab = newTab
    if search.isEditing { search.leave() }
    restoreContext()
  }

  /// The photos the current grid shows.
  mutating func currentList() -> PhotoList {
    switch context {
    case .library: return libraryList()
    case .albumList: return []
    case .album(.duplicates): return groupList(.duplicates)
    case .album(.bursts): return groupList(.bursts)
    case .album(let ref): return PhotoList(members(of: ref))
    case .search: return searchResults()
    }
  }

  /// Recomputes the shown photos after a change, keeping the selected photo when it is still
  /// there, else the one that took its place (the next; the previous at the end).
  mutating func refreshAssets() {
    refreshAssets(keeping: selectedAsset?.id)
  }

  /// The same, keeping the photo `previous` selected when it is still shown.
  mutating func refreshAssets(keeping previous: AssetID?) {
    // A frame that went into a shut stack is kept as its cover.
    let previous = context == .library ? previous.map(shownPhoto) : previous
    assets = currentList()
    // Where it was, most often (a favorite, a turn): no scan of a million ids for it.
    let stays = selectedIndex < assets.count && assets[selectedIndex].id == previous
    if !stays, let previous, let index = assets.firstIndex(ofID: previous) {
      selectedIndex = index
    } else if !stays {
      selectedIndex = min(max(0, selectedIndex), max(0, assets.count - 1))
    }
    if assets.isEmpty && screen == .detail { screen = .grid }
    if !marks.ids.isEmpty {
      let shown = Set(assets.map(\.id))
      marks.ids = marks.ids.filter { shown.contains($0) }
    }
    if context == .albumList { keepAlbumCardInView() } else { keepSelectionInView() }
  }

  /// Everything that follows a change of `library.assets` or `library.collections`.
  mutating func libraryChanged(timelineToo: Bool = true) {
    libraryChanged(timelineToo: timelineToo, keeping: selectedAsset?.id)
  }

  /// The same, keeping the photo `previous` selected when it is still shown.
  mutating func libraryChanged(timelineToo: Bool, keeping previous: AssetID?) {
    if timelineToo {
      restack(timeline: Timeline(assets: library.assets))
      rebuildLayouts()
    }
    rebuildAlbumEntries()
    refreshAssets(keeping: previous)
  }

  /// Today's local date, from the clock the runner sent.
  public var today: (year: Int, month: Int, day: Int) {
    let local = library.collections.now + Int64(library.collections.utcOffsetSeconds)
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    return CaptureDate.civilFromDays(Int(days))
  }

  /// The Search tab's results for the query, oldest first.
  mutating func searchResults() -> PhotoList {
    let query = SearchQuery(search.text, today: today)
    guard !query.isEmpty else { return [] }
    let albums = library.collections.albums
    // The tags' index only when the query may read tags (a word, #tag): not for dates.
    let tags =
      query.readsTags
      ? library.searchIndex.tagIndex(of: library.assets, tags: library.tags) : nil
    // People and captions likewise (a word, person:), and only when some photo has them.
    var texts = SearchQuery.TextIndexes(tags: tags)
    if query.readsTags, !library.people.isEmpty {
      texts.people = library.searchIndex.peopleIndex(of: library.assets, people: library.people)
    }
    if query.readsTags, !library.captions.isEmpty {
      texts.captions = library.searchIndex.captionIndex(
        of: library.assets, captions: library.captions)
    }
    let found =
      if let index = library.searchIndex.index(of: library.assets) {
        query.matchingIndices(in: library.assets, index: index, albums: albums, texts: texts)
      } else {
        query.matchingIndices(in: library.assets, albums: albums, texts: texts)
      }
    return PhotoList(library.assets, positions: found)
  }
}

extension AppState {
  /// A new library from the catalog while the Library tab is shown.
  mutating func loadLibrary(_ newAssets: [Asset]) {
    let selected = selectedAsset?.id
    restack(timeline: Timeline(assets: newAssets))
    // A frame that went into a shut stack is kept as its cover.
    let previous = selected.map(shownPhoto)
    assets = libraryList()
    rebuildLayouts()
    rebuildAlbumEntries()
    // Keep the selected photo when it is still there; otherwise open on the newest, at the
    // bottom of the grid, as Photos does.
    if let previous, let index = assets.firstIndex(ofID: previous) {
      selectedIndex = index
    } else {
      selectedIndex = max(0, assets.count - 1)
      if screen == .detail && newAssets.isEmpty { screen = .grid }
    }
    if previous == nil && !newAssets.isEmpty {
      // The first load opens at the newest photos, as Photos does.
      gridTopRow = Int.max
      library.yearsTopRow = Int.max
      library.monthsTopRow = Int.max
      library.daysTopEntry = daysLayout.bottomTop(
        height: grid.area.height, tileRows: grid.tile.rows)
    }
    keepSelectionInViewEverywhere()
  }

  /// After the query changed: new results, the newest selected at the bottom.
  mutating func searchChanged() -> [Effect] {
    assets = searchResults()
    selectedIndex = max(0, assets.count - 1)
    gridTopRow = Int.max
    marks.ids = []
    keepSelectionInView()
    return []
  }
}
