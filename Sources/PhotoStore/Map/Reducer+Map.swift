import PhotoModel

extension Reducer {
  /// `.map` actions: m, and the base map's arrival.
  static func reduceMap(_ state: inout AppState, _ action: MapAction) -> [Effect] {
    switch action {
    case .show:
      return state.showMap()
    case .baseMapLoaded(let baseMap):
      state.map.baseMap = .loaded(baseMap)
      return []
    case .baseMapMissing(let reason):
      state.map.baseMap = .missing(reason)
      // Said once, in one line: the map works on a plain background.
      if state.map.isShown { state.message = "No base map (\(reason)): a plain background" }
      return []
    }
  }

  /// While the map is shown: the keys that act on it, and the ones that take the view away
  /// from it (a tab, search); nil for actions that go on as anywhere (the library, pictures,
  /// a resize, quit). Photo edits, marks and albums do nothing: no photo is selected here.
  static func reduceOnMap(_ state: inout AppState, _ action: Action) -> [Effect]? {
    switch action {
    case .move(let direction):
      state.moveOnMap(direction)
      return []
    case .open:
      state.openMapCluster()
      return []
    case .back:
      state.hideMap()
      return []
    case .detail(.zoomIn), .detail(.zoomOut):
      state.zoomMap(in: action == .detail(.zoomIn))
      return []
    case .showTab, .startSearch:
      state.hideMap()
      return nil
    case .map:
      return nil
    case .library(let event):
      reduceLibraryEvent(&state, event)
      if case .loaded = event { state.refreshMap() }
      return []
    case .image(let event):
      reduceImageEvent(&state, event)
      if case .loaded(let key) = event, key.markers != nil, state.images[key] == .ready {
        state.map.drawnPicture = key
      }
      return []
    case .start, .resized, .picturesReset, .quit, .terminate, .answer, .field, .panel(.help),
      .importing:
      return nil
    case .nextSegment, .previousSegment, .edit, .mark, .album, .panel, .pointer, .detail,
      .duplicates:
      return []
    }
  }
}
