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
      // The view may have changed size (a resize, the info panel).
      if let frame = state.loupeFrame { state.detail.keepCentreInside(frame) }
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
    if state.map.isShown, let effects = reduceOnMap(&state, action) { return effects }
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
      // The map's clusters are binned in cells of the new shape.
      if state.map.isShown { state.reformClusters(keeping: state.map.selectedCluster?.largest) }
      return cancels

    case .move(let direction):
      return reduceMove(&state, direction)

    case .open:
      return reduceOpen(&state)

    case .back:
      return reduceBack(&state)

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
      guard state.focus == .searchField else { return [] }
      // Tab in the query leaves it for the results, as Enter does.
      if edit == .complete { return reduceOpen(&state) }
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
      return state.readSelectedCaption()

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
      // Once the library is indexed, its photos' hashes are brought up to date and grouped
      // in the background (a library indexed before has none yet); and again for the files
      // that arrive or change while the browser runs (the job hashes only those).
      return event == .indexFinished || event == .filesChanged ? [.findDuplicates] : []

    case .image(let event):
      reduceImageEvent(&state, event)
      return []

    case .importing(let action):
      return state.reduceImport(action)

    case .duplicates(.chooseKeeper):
      guard state.screen == .grid else { return [] }
      state.chooseKeeper()
      return []

    case .duplicates(.merge):
      guard state.screen == .grid else { return [] }
      state.askToMerge()
      return []

    case .map(let action):
      return reduceMap(&state, action)
    }
  }
}
