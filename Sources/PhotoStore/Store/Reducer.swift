import PhotoModel

/// The pure heart of the app: `(state, action) -> (state', effects)`. No IO, no clock.
public enum Reducer {
  /// Applies `action` to `state` and returns the work to do, in order.
  public static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    let shown = state.screen == .detail ? state.selectedAsset?.id : nil
    if state.detail.slideshow != nil && state.overlay == nil && stopsSlideshow(action) {
      state.detail.slideshow = nil
      state.message = "Slideshow stopped"
      return state.reconcileImages()
    }
    if let playback = state.detail.playback, playback.arrowsSeek, state.screen == .detail,
      state.overlay == nil, case .move(let direction) = action,
      direction == .left || direction == .right
    {
      // While a clip longer than a seek step plays, ←/→ seek in it instead of paging (as a
      // player's arrows do); paused, or on a one-second loop, they page (Shift seeks).
      return state.seekPlayback(forward: direction == .right) + state.reconcileImages()
    }
    let gridTerminal = state.gridTerminal
    var effects = dispatch(&state, action)
    // The info panel opened or closed beside a grid: the grid flows into its new width.
    if state.gridTerminal != gridTerminal { state.relayOut() }
    if state.screen != .detail { state.detail.slideshow = nil }
    effects += state.settlePlayback()
    // Zoom belongs to one photo: paging or leaving the detail view shows the next fitted.
    if state.detail.zoom != nil && (state.screen != .detail || state.selectedAsset?.id != shown) {
      state.detail.zoom = nil
    } else if state.detail.zoom != nil {
      state.keepLoupeCentreInside()  // the view may have changed size (resize, info panel)
    }
    // Images are reconciled once per action, after everything it changed: the wanted set
    // (visible tiles, the detail photo and its neighbours) against what was asked for.
    return effects + state.reconcileImages()
  }

  /// Applies `action` without reconciling images (`reduce` does that once at the end).
  static func dispatch(_ state: inout AppState, _ action: Action) -> [Effect] {
    if state.overlay != nil, let effects = reduceOverlay(&state, action) { return effects }
    return reduceBelowOverlay(&state, action)
  }

  /// Applies `action` to the view under any overlay (the overlay stays as it is).
  static func reduceBelowOverlay(_ state: inout AppState, _ action: Action) -> [Effect] {
    switch action {
    case .start:
      return [.scanLibrary(roots: state.roots)]

    case .resized(let size):
      state.terminal = size
      state.relayOut()
      return []

    case .picturesReset(let cellPixelSize):
      // The pictures made so far are gone from the cache: forget every request (cancelling
      // those still running), so the reconciliation after this asks for all of them again.
      let cancels = state.cancelAllImages()
      state.prefetching = []
      state.waitingForDisk = []
      state.cellPixelSize = cellPixelSize
      return cancels

    case .move(let direction):
      if state.tab == .search && state.search.isEditing {
        if let effects = state.moveInSearchField(direction) { return effects }
        // ↓ from the query (no earlier query shown) goes to the results.
        guard !state.assets.isEmpty else { return [] }
        state.search.leave()
        return []
      }
      if state.context == .albumList {
        state.message = nil
        state.moveAlbumCard(direction)
        return []
      }
      guard !state.assets.isEmpty else { return [] }
      state.message = nil
      if state.screen == .detail, state.detail.zoom != nil,
        [.left, .right, .up, .down].contains(direction)
      {
        // Zoomed, the arrows pan; paging is for the fitted view, as in Photos.
        state.pan(direction)
        return []
      }
      state.move(direction)
      return []

    case .open:
      if state.tab == .search && state.search.isEditing {
        // Enter in the query moves to the results; Enter there opens one.
        state.search.leave()
        return []
      }
      if state.context == .albumList {
        guard let entry = state.selectedAlbumEntry else { return [] }
        state.message = nil
        state.saveContext()
        state.albums.open = entry.ref
        state.restoreContext()
        return []
      }
      guard state.screen == .grid, state.selectedAsset != nil else { return [] }
      state.message = nil
      switch state.activeSegment {
      case .years:
        // Enter on a year opens Months at that year's first month.
        guard let year = state.selectedYear else { return [] }
        state.selectedIndex = state.timeline.years[year].assets.lowerBound
        state.library.segment = .months
      case .months:
        // Enter on a month opens Days at that month's first day.
        guard let month = state.selectedMonth else { return [] }
        state.selectedIndex = state.timeline.months[month].assets.lowerBound
        state.library.segment = .days
        if let day = state.timeline.dayIndex(ofAsset: state.selectedIndex),
          day < state.daysLayout.headerEntry.count
        {
          state.library.daysTopEntry = state.daysLayout.headerEntry[day]
        }
      case .days, .all:
        state.screen = .detail
      }
      state.keepSelectionInView()
      return []

    case .back:
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
      switch (state.screen, state.activeSegment) {
      case (.detail, _): state.screen = .grid
      case (.grid, .days):
        // Esc zooms out, as a pinch does in Photos.
        state.library.segment = .months
      case (.grid, .months): state.library.segment = .years
      case (.grid, .years), (.grid, .all):
        guard case .album = state.context else { return [] }
        state.saveContext()
        state.albums.open = nil
        state.restoreContext()
        return []
      }
      state.keepSelectionInView()
      return []

    case .nextSegment, .previousSegment:
      guard state.screen == .grid, state.tab == .library else { return [] }
      state.message = nil
      state.library.segment =
        action == .nextSegment ? state.library.segment.next : state.library.segment.previous
      state.keepSelectionInView()
      return []

    case .quit, .terminate:
      state.isRunning = false
      return state.cancelAllImages()

    case .showTab(let tab):
      state.message = nil
      state.switchTab(tab)
      return []

    case .startSearch:
      state.message = nil
      state.screen = .grid
      if state.tab == .search {
        state.search.startNew()
      } else {
        state.switchTab(.search)
        state.search.isEditing = true
      }
      return []

    case .answer:
      return []

    case .field(let edit):
      guard state.tab == .search, state.search.isEditing else { return [] }
      return state.editSearchField(edit)

    case .edit(let edit):
      return reduceEdit(&state, edit)

    case .mark(let mark):
      guard state.screen == .grid else { return [] }
      switch mark {
      case .toggle: state.toggleMark()
      case .range: state.markRange()
      }
      return []

    case .album(let album):
      return reduceAlbum(&state, album)

    case .panel(.info):
      guard state.selectedAsset != nil, state.context != .albumList else { return [] }
      state.overlay = .info
      return []

    case .panel(.help):
      state.overlay = .help
      return []

    case .pointer(.click(let row, let column, let double)):
      return state.click(row: row, column: column, double: double)

    case .pointer(.wheel(let up)):
      return dispatch(
        &state, .move(state.screen == .detail ? (up ? .left : .right) : (up ? .up : .down)))

    case .detail(let action):
      return reduceDetail(&state, action)

    case .library(let event):
      reduceLibraryEvent(&state, event)
      return []

    case .image(let event):
      reduceImageEvent(&state, event)
      return []
    }
  }
}
