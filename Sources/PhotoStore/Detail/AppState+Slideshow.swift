import PhotoModel

extension AppState {
  /// S: a slideshow from the selected photo through the current grid's list (opening the
  /// photo from a grid); while one runs, pause or resume it.
  mutating func startOrPauseSlideshow() -> [Effect] {
    if var show = detail.slideshow {
      show.isPaused.toggle()
      message = show.isPaused ? "Slideshow paused · S resumes" : nil
      guard !show.isPaused else {
        detail.slideshow = show
        return []
      }
      return schedule(show)
    }
    guard context != .albumList, selectedAsset != nil else { return [] }
    screen = .detail
    message = nil
    return schedule(Slideshow(intervalSeconds: detail.slideshowSeconds, tick: 0))
  }

  /// The timer fired: the next photo, and the next tick; at the end of the list, the show
  /// ends on the last photo.
  mutating func advanceSlideshow(token: Int) -> [Effect] {
    guard let show = detail.slideshow, !show.isPaused, show.tick == token, screen == .detail
    else { return [] }  // a stopped, paused or older show
    guard selectedIndex + 1 < assets.count else {
      detail.slideshow = nil
      message = "Slideshow ended"
      return []
    }
    selectedIndex += 1
    return schedule(show)
  }

  /// Arms the show's next tick.
  private mutating func schedule(_ show: Slideshow) -> [Effect] {
    var show = show
    detail.lastTick += 1
    show.tick = detail.lastTick
    detail.slideshow = show
    return [.scheduleTick(milliseconds: show.intervalSeconds * 1000, token: show.tick)]
  }

  /// The title bar's slideshow label ("slideshow 4 s", "slideshow paused"), while one runs.
  public var slideshowLabel: String? {
    guard screen == .detail, let show = detail.slideshow else { return nil }
    return show.isPaused ? "slideshow paused" : "slideshow \(show.intervalSeconds) s"
  }
}
