import PhotoModel

extension DetailState {
  /// Applies a loupe command (zoom in or out a step, fit, 100 %, fill) in `frame`.
  mutating func zoom(_ action: DetailAction, in frame: LoupeFrame) {
    let fit = frame.fitZoom
    let top = max(AppState.maximumZoom, fit)
    let current = zoom ?? fit
    let wanted: Double?
    switch action {
    case .zoomIn: wanted = min(top, current * AppState.zoomStep)
    case .zoomOut: wanted = current / AppState.zoomStep
    case .fit: wanted = nil
    case .actualSize: wanted = 1
    case .toggleFill: wanted = zoom == nil ? frame.fillZoom : nil
    case .toggleChrome, .slideshow, .slideshowFaster, .slideshowSlower, .slideshowTick,
      .togglePlayback, .seek, .playbackFrame, .playbackEnded, .playbackFailed:
      return
    }
    // Anything at or under the fitted scale is the fitted view (a small step of rounding
    // must not leave a "zoomed" view that shows the whole photo).
    guard let wanted, wanted > fit * 1.0001 else {
      zoom = nil
      return
    }
    if zoom == nil {
      centerX = Double(frame.image.width) / 2
      centerY = Double(frame.image.height) / 2
    }
    zoom = wanted
    keepCentreInside(frame)
  }

  /// The part of the photo the zoomed view shows and the size it is drawn at; nil fitted.
  func loupeRegion(in frame: LoupeFrame) -> (region: ImageRegion, size: PixelSize)? {
    guard let zoom else { return nil }
    return AppState.loupeRegion(
      zoom: zoom, centerX: centerX, centerY: centerY, image: frame.image, area: frame.area)
  }

  /// Moves the zoomed view by a tenth of what it shows.
  mutating func pan(_ direction: Direction, in frame: LoupeFrame) {
    guard let (region, _) = loupeRegion(in: frame) else { return }
    keepCentreInside(frame)
    let dx = Double(max(1, region.width / 10))
    let dy = Double(max(1, region.height / 10))
    switch direction {
    case .left: centerX -= dx
    case .right: centerX += dx
    case .up: centerY -= dy
    case .down: centerY += dy
    case .pageUp, .pageDown, .first, .last: return
    }
    keepCentreInside(frame)
  }

  /// Keeps the centre where the visible region stays inside the photo, so panning past an
  /// edge does not store a centre that a pan back must first undo.
  mutating func keepCentreInside(_ frame: LoupeFrame) {
    guard let (region, _) = loupeRegion(in: frame) else { return }
    let halfWidth = Double(region.width) / 2
    let halfHeight = Double(region.height) / 2
    centerX = min(max(centerX, halfWidth), Double(frame.image.width) - halfWidth)
    centerY = min(max(centerY, halfHeight), Double(frame.image.height) - halfHeight)
  }
}
