import PhotoModel

extension Reducer {
  /// The loupe, the bars and the slideshow of the detail view; in the grids only S (start a
  /// slideshow) does something.
  static func reduceDetail(_ state: inout AppState, _ action: DetailAction) -> [Effect] {
    switch action {
    case .slideshow: return state.startOrPauseSlideshow()
    case .slideshowTick(let token): return state.advanceSlideshow(token: token)
    case .togglePlayback: return state.togglePlayback()
    case .seek(let forward):
      guard state.screen == .detail, state.detail.playback != nil else {
        if state.screen == .detail, let asset = state.selectedAsset,
          AppState.playableClip(of: asset) != nil
        {
          state.message = "p plays it; Shift-← → seek while it plays"
        }
        return []
      }
      return state.seekPlayback(forward: forward)
    case .playbackFrame, .playbackEnded, .playbackFailed:
      state.receivePlayback(action)
      return []
    default: break
    }
    guard state.screen == .detail, state.selectedAsset != nil else { return [] }
    state.message = nil
    switch action {
    case .toggleChrome: state.detail.chromeHidden.toggle()
    case .zoomIn, .zoomOut, .fit, .actualSize, .toggleFill: state.applyZoom(action)
    case .slideshowFaster, .slideshowSlower:
      let step = action == .slideshowFaster ? -1 : 1
      let seconds = min(
        Slideshow.intervals.upperBound,
        max(Slideshow.intervals.lowerBound, state.detail.slideshowSeconds + step))
      state.detail.slideshowSeconds = seconds
      state.detail.slideshow?.intervalSeconds = seconds
      state.message = "Slideshow: \(seconds) s per photo"
    case .slideshow, .slideshowTick, .togglePlayback, .seek, .playbackFrame, .playbackEnded,
      .playbackFailed:
      break  // handled above
    }
    return []
  }

  /// Whether `action` ends a running slideshow (and is spent on that): every way of moving
  /// or leaving, as a tap does in Photos. Quitting still quits.
  static func stopsSlideshow(_ action: Action) -> Bool {
    switch action {
    case .move, .open, .back, .nextSegment, .previousSegment, .showTab, .startSearch, .pointer:
      return true
    default:
      return false
    }
  }
}
