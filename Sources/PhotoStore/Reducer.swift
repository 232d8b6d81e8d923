import PhotoModel

/// The pure heart of the app: `(state, action) -> (state', effects)`. No IO, no clock.
public enum Reducer {
  /// Applies `action` to `state` and returns the work to do, in order.
  public static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    switch action {
    case .start:
      return [.scanLibrary(roots: state.roots)] + state.reconcileImages()

    case .resized(let size):
      state.terminal = size
      state.rebuildLayouts()
      state.keepSelectionInViewEverywhere()
      return state.reconcileImages()

    case .move(let direction):
      guard !state.assets.isEmpty else { return [] }
      state.message = nil
      state.move(direction)
      return state.reconcileImages()

    case .open:
      guard state.screen == .grid, state.selectedAsset != nil else { return [] }
      state.message = nil
      switch state.segment {
      case .years:
        // Enter on a year opens Months at that year's first month.
        guard let year = state.selectedYear else { return [] }
        state.selectedIndex = state.timeline.years[year].assets.lowerBound
        state.segment = .months
      case .months:
        // Enter on a month opens Days at that month's first day.
        guard let month = state.selectedMonth else { return [] }
        state.selectedIndex = state.timeline.months[month].assets.lowerBound
        state.segment = .days
        if let day = state.timeline.dayIndex(ofAsset: state.selectedIndex),
          day < state.daysLayout.headerEntry.count
        {
          state.daysTopEntry = state.daysLayout.headerEntry[day]
        }
      case .days, .all:
        state.screen = .detail
      }
      state.keepSelectionInView()
      return state.reconcileImages()

    case .back:
      state.message = nil
      switch (state.screen, state.segment) {
      case (.detail, _): state.screen = .grid
      case (.grid, .days): state.segment = .months  // Esc zooms out, as a pinch does in Photos
      case (.grid, .months): state.segment = .years
      case (.grid, .years), (.grid, .all): return []
      }
      state.keepSelectionInView()
      return state.reconcileImages()

    case .nextSegment, .previousSegment:
      guard state.screen == .grid else { return [] }
      state.message = nil
      state.segment = action == .nextSegment ? state.segment.next : state.segment.previous
      state.keepSelectionInView()
      return state.reconcileImages()

    case .quit, .terminate:
      state.isRunning = false
      return state.cancelAllImages()

    case .indexProgress(let done, let total):
      state.libraryStatus = .indexing(done: done, total: total)
      return []

    case .indexFinished:
      state.libraryStatus = .ready
      return []

    case .libraryLoaded(let assets, let problems):
      let previous = state.selectedAsset?.id
      state.assets = assets
      state.timeline = Timeline(assets: assets)
      state.rebuildLayouts()
      state.problems = problems
      // Keep the selected photo when it is still there; otherwise open on the newest, at the
      // bottom of the grid, as Photos does.
      if let previous, let index = assets.firstIndex(where: { $0.id == previous }) {
        state.selectedIndex = index
      } else {
        state.selectedIndex = max(0, assets.count - 1)
        if state.screen == .detail && assets.isEmpty { state.screen = .grid }
      }
      if previous == nil && !assets.isEmpty {
        // The first load opens at the newest photos, as Photos does.
        state.gridTopRow = Int.max
        state.yearsTopRow = Int.max
        state.monthsTopRow = Int.max
        state.daysTopEntry = state.daysLayout.bottomTop(
          height: state.grid.area.height, tileRows: state.grid.tile.rows)
      }
      state.keepSelectionInViewEverywhere()
      if !problems.isEmpty {
        let noun = problems.count == 1 ? "file" : "files"
        state.message = "\(problems.count) \(noun) could not be read: \(problems[0])"
      }
      return state.reconcileImages()

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

    default:
      return []
    }
  }
}
