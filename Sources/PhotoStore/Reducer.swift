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
      state.keepSelectionInView()
      return state.reconcileImages()

    case .move(let direction):
      guard !state.assets.isEmpty else { return [] }
      state.message = nil
      state.move(direction)
      return state.reconcileImages()

    case .open:
      guard state.screen == .grid, state.selectedAsset != nil else { return [] }
      state.message = nil
      state.screen = .detail
      return state.reconcileImages()

    case .back:
      guard state.screen == .detail else {
        state.message = nil
        return []
      }
      state.screen = .grid
      state.keepSelectionInView()
      return state.reconcileImages()

    case .quit, .terminate:
      state.isRunning = false
      return state.cancelAllImages()

    case .scanProgress(let found):
      state.libraryStatus = .scanning(found: found)
      return []

    case .libraryLoaded(let assets, let problems):
      let previous = state.selectedAsset?.id
      state.assets = assets
      state.problems = problems
      state.libraryStatus = .ready
      // Keep the selected photo when it is still there; otherwise open on the newest, at the
      // bottom of the grid, as Photos does.
      if let previous, let index = assets.firstIndex(where: { $0.id == previous }) {
        state.selectedIndex = index
      } else {
        state.selectedIndex = max(0, assets.count - 1)
        if state.screen == .detail && assets.isEmpty { state.screen = .grid }
      }
      state.gridTopRow = Int.max
      state.keepSelectionInView()
      if !problems.isEmpty {
        let noun = problems.count == 1 ? "file" : "files"
        state.message = "\(problems.count) \(noun) could not be read: \(problems[0])"
      }
      return state.reconcileImages()

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
}
