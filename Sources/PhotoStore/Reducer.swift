import PhotoModel

/// The pure heart of the app: `(state, action) -> (state', effects)`. No IO, no clock.
public enum Reducer {
  /// Applies `action` to `state` and returns the work to do, in order.
  public static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    let effects = dispatch(&state, action)
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
      state.rebuildLayouts()
      state.rebuildAlbumsLayout()
      if state.context == .library {
        state.keepSelectionInViewEverywhere()
      } else if state.context == .albumList {
        state.keepAlbumCardInView()
      } else {
        state.keepSelectionInView()
      }
      return []

    case .move(let direction):
      if state.tab == .search && state.search.isEditing {
        if let effects = state.moveInSearchField(direction) { return effects }
        // ↓ from the query (no earlier query shown) goes to the results.
        guard !state.assets.isEmpty else { return [] }
        state.leaveSearchField()
        return []
      }
      if state.context == .albumList {
        state.message = nil
        state.moveAlbumCard(direction)
        return []
      }
      guard !state.assets.isEmpty else { return [] }
      state.message = nil
      state.move(direction)
      return []

    case .open:
      if state.tab == .search && state.search.isEditing {
        // Enter in the query moves to the results; Enter there opens one.
        state.leaveSearchField()
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
        if state.search.isEditing { state.leaveSearchField() }
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
        state.startNewSearch()
      } else {
        state.switchTab(.search)
        state.search.isEditing = true
      }
      return []

    case .typed(let character):
      guard state.tab == .search, state.search.isEditing else { return [] }
      return state.typeIntoSearch(character)

    case .deleteBackward:
      guard state.tab == .search, state.search.isEditing else { return [] }
      return state.deleteBackwardInSearch()

    case .clearField:
      guard state.tab == .search, state.search.isEditing else { return [] }
      return state.clearSearchField()

    case .deleteWordBackward:
      guard state.tab == .search, state.search.isEditing else { return [] }
      return state.deleteWordInSearch()

    case .answer:
      return []

    case .toggleFavorite:
      guard state.context != .albumList else { return [] }
      return state.toggleFavorite()

    case .toggleHidden:
      guard state.context != .albumList else { return [] }
      return state.toggleHidden()

    case .delete:
      return state.delete()

    case .restore:
      guard state.context == .album(.recentlyDeleted) else {
        state.message = "r restores photos in Albums › Recently Deleted"
        return []
      }
      return state.restore(state.actionTargets)

    case .undo:
      guard !state.library.undoableTrash.isEmpty else {
        state.message = "Nothing to undo"
        return []
      }
      return state.restore(state.library.undoableTrash)

    case .newAlbum:
      state.newAlbum()
      return []

    case .renameAlbum:
      state.renameAlbum()
      return []

    case .deleteAlbum:
      state.deleteAlbum()
      return []

    case .addToAlbum:
      state.openAlbumPicker()
      return []

    case .removeFromAlbum:
      return state.removeFromAlbum()

    case .toggleMark:
      guard state.screen == .grid else { return [] }
      state.toggleMark()
      return []

    case .markRange:
      guard state.screen == .grid else { return [] }
      state.markRange()
      return []

    case .toggleInfo:
      guard state.selectedAsset != nil, state.context != .albumList else { return [] }
      state.overlay = .info
      return []

    case .toggleHelp:
      state.overlay = .help
      return []

    case .click(let row, let column, let double):
      return state.click(row: row, column: column, double: double)

    case .wheel(let up):
      return dispatch(
        &state, .move(state.screen == .detail ? (up ? .left : .right) : (up ? .up : .down)))

    case .collectionsLoaded(let collections):
      state.library.collections = collections
      state.library.undoableTrash = state.library.undoableTrash.filter { id in
        collections.trashed.contains { $0.asset.id == id }
      }
      state.libraryChanged(timelineToo: false)
      return []

    case .operationFailed(let reason):
      state.message = reason
      return []

    case .operationDone(let message):
      state.message = message
      return []

    case .indexProgress(let done, let total):
      state.library.status = .indexing(done: done, total: total)
      return []

    case .indexFinished:
      state.library.status = .ready
      return []

    case .libraryLoaded(let assets, let problems):
      state.library.assets = assets
      state.library.problems = problems
      if state.context == .library {
        state.loadLibrary(assets)
      } else {
        state.libraryChanged()
      }
      if !problems.isEmpty {
        let noun = problems.count == 1 ? "file" : "files"
        state.message = "\(problems.count) \(noun) could not be read: \(problems[0])"
      }
      return []

    case .imagePreview(let key):
      guard state.images[key] == .loading else { return [] }  // dropped, or already better
      state.images[key] = .preview
      return []

    case .imageLoaded(let key):
      guard state.images[key] != nil else { return [] }  // no longer wanted: dropped
      state.images[key] = .ready
      return []

    case .imageFailed(let key, let reason):
      guard state.images[key] != nil else { return [] }
      state.images[key] = .failed(reason)
      return []
    }
  }

  /// Keys while a panel or dialog is open; nil lets the action through to the view below.
  static func reduceOverlay(_ state: inout AppState, _ action: Action) -> [Effect]? {
    switch action {
    case .quit where state.overlay != .info, .back:
      state.overlay = nil
      return []
    case .terminate, .resized, .indexProgress, .indexFinished, .libraryLoaded, .collectionsLoaded,
      .imagePreview, .imageLoaded, .imageFailed, .operationFailed, .operationDone:
      return nil
    default: break
    }
    switch state.overlay {
    case .help?:
      // Any key closes the help; only ? and Esc are spent on it.
      state.overlay = nil
      if action == .toggleHelp || action == .open { return [] }
      return dispatch(&state, action)
    case .info?:
      switch action {
      case .toggleInfo, .quit:
        state.overlay = nil
        return []
      case .move, .toggleFavorite, .wheel:
        // The panel stays open while paging, as Photos' info does, so the photos are asked
        // for at the size beside it.
        let effects = reduceBelowOverlay(&state, action)
        guard state.selectedAsset == nil || state.context == .albumList else { return effects }
        state.overlay = nil
        return effects
      default:
        state.overlay = nil
        return dispatch(&state, action)
      }
    case .picker?:
      switch action {
      case .move(let direction):
        state.movePicker(direction)
        return []
      case .open:
        return state.choosePickerRow()
      case .newAlbum:
        if case .picker(var picker)? = state.overlay {
          picker.row = 0
          state.overlay = .picker(picker)
          return state.choosePickerRow()
        }
        return []
      default:
        return []
      }
    case .prompt(var prompt)?:
      switch action {
      case .typed(let character):
        guard prompt.text.count < 100 else { return [] }
        prompt.text.append(character)
        prompt.error = nil
        state.overlay = .prompt(prompt)
        return []
      case .deleteBackward, .clearField, .deleteWordBackward:
        let text = Array(prompt.text)
        switch action {
        case .clearField: prompt.text = ""
        case .deleteWordBackward:
          prompt.text = String(text[..<AppState.wordStart(before: text.count, in: text)])
        default: if !prompt.text.isEmpty { prompt.text.removeLast() }
        }
        prompt.error = nil
        state.overlay = .prompt(prompt)
        return []
      case .open:
        return state.submitPrompt()
      default:
        return []
      }
    case .confirm?:
      switch action {
      case .answer(let yes): return state.answer(yes)
      case .open: return state.answer(true)
      default: return []
      }
    case nil:
      return nil
    }
  }
}
