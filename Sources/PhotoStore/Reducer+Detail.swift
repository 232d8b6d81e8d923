import PhotoModel

extension Reducer {
  /// The loupe and the bars of the detail view; in the grids these keys do nothing.
  static func reduceDetail(_ state: inout AppState, _ action: DetailAction) -> [Effect] {
    guard state.screen == .detail, state.selectedAsset != nil else { return [] }
    state.message = nil
    switch action {
    case .toggleChrome: state.detail.chromeHidden.toggle()
    case .zoomIn, .zoomOut, .fit, .actualSize, .toggleFill: state.applyZoom(action)
    }
    return []
  }
}
