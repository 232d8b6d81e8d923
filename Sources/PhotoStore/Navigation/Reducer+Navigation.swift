import PhotoModel

extension Reducer {
  /// The arrows, Page Up/Down, Home and End, routed by focus to the feature that owns them.
  static func reduceMove(_ state: inout AppState, _ direction: Direction) -> [Effect] {
    switch state.focus {
    case .searchField:
      if let effects = state.moveInSearchField(direction) { return effects }
      // ↓ from the query (no earlier query shown) goes to the results.
      guard !state.assets.isEmpty else { return [] }
      state.search.leave()
      return []
    case .albumList:
      state.message = nil
      state.moveAlbumCard(direction)
      return []
    case .map:
      state.moveOnMap(direction)
      return []
    case .detail(zoomed: true) where [.left, .right, .up, .down].contains(direction):
      guard !state.assets.isEmpty else { return [] }
      state.message = nil
      // Zoomed, the arrows pan; paging is for the fitted view, as in Photos.
      if let frame = state.loupeFrame { state.detail.pan(direction, in: frame) }
      return []
    case .detail, .grid:
      guard !state.assets.isEmpty else { return [] }
      state.message = nil
      state.move(direction)
      return []
    }
  }

  /// Enter: leaves the query for its results, opens an album, a year, a month or a photo.
  static func reduceOpen(_ state: inout AppState) -> [Effect] {
    switch state.focus {
    case .searchField:
      // Enter in the query moves to the results; Enter there opens one.
      state.search.leave()
    case .albumList:
      guard let entry = state.selectedAlbumEntry else { return [] }
      state.message = nil
      if entry.ref == .worldMap { return state.showMap() }
      if case .place(let path) = entry.ref, !path.isTown {
        // A country or a region: its places, in the same list.
        state.openPlaceLevel(path)
        return []
      }
      if entry.ref == .people {
        // The People card: its people, in the same list.
        state.openPeople()
        return []
      }
      if case .tag(let path) = entry.ref, state.tagOpensLevel(path) {
        // Every tag, or a tag with tags under it: its tags, in the same list.
        state.openTagLevel(path)
        return []
      }
      state.saveContext()
      state.albums.open = entry.ref
      state.restoreContext()
    case .detail:
      break
    case .map:
      state.openMapCluster()
    case .grid(let segment):
      guard state.selectedAsset != nil else { return [] }
      state.message = nil
      state.openInGrid(segment)
    }
    return []
  }

  /// Esc: clears the marks, leaves the query, closes the photo, zooms the timeline out a
  /// segment, or closes the album, whichever comes first.
  static func reduceBack(_ state: inout AppState) -> [Effect] {
    state.message = nil
    if state.screen == .grid && !state.marks.ids.isEmpty {
      state.marks.ids = []
      state.marks.anchor = nil
      return []
    }
    if state.tab == .search && state.screen == .grid {
      // Esc leaves the query (the keys act on the results again); / starts a new one.
      if state.search.isEditing { state.search.leave() }
      return []
    }
    if state.focus == .grid(.all) || state.focus == .grid(.days), state.context == .library,
      state.library.stacks.expanded != nil
    {
      // Esc shuts the open burst stack before it zooms out.
      state.shutStack()
      return []
    }
    if state.focus == .albumList, let path = state.albums.placePath {
      state.leavePlaceLevel(path)
      return []
    }
    if state.focus == .albumList, state.albums.showsPeople {
      state.leavePeople()
      return []
    }
    if state.focus == .albumList, let path = state.albums.tagPath {
      state.leaveTagLevel(path)
      return []
    }
    if case .album(.mapCluster) = state.context, state.screen == .grid {
      state.returnToMap()
      return []
    }
    switch state.focus {
    case .map:
      state.hideMap()
      return []
    case .detail:
      state.screen = .grid
    case .grid(.days):
      // Esc zooms out, as a pinch does in Photos.
      state.library.segment = .months
    case .grid(.months):
      state.library.segment = .years
    case .grid(.years), .grid(.all), .albumList, .searchField:
      guard case .album = state.context else { return [] }
      state.saveContext()
      state.albums.open = nil
      state.restoreContext()
      return []
    }
    state.keepSelectionInView()
    return []
  }
}
