import PhotoModel

extension AppState {
  /// S: a slideshow from the selected photo through the current grid's list (opening the
  /// photo from a grid); while one runs, pause or resume it.
  mutating func startOrPauseSlideshow() -> [Effect] {
    if detail.slideshow != nil {
      let effects = detail.toggleSlideshowPause()
      message = detail.slideshow?.isPaused == true ? "Slideshow paused · S resumes" : nil
      return effects
    }
    guard context != .albumList, selectedAsset != nil else { return [] }
    screen = .detail
    message = nil
    return detail.schedule(Slideshow(intervalSeconds: detail.slideshowSeconds, tick: 0))
  }

  /// The timer fired: the next photo, and the next tick; at the end of the list, the show
  /// ends on the last photo.
  mutating func advanceSlideshow(token: Int) -> [Effect] {
    // A stopped, paused or older show, or the photo was left.
    guard detail.isDue(token), screen == .detail, let show = detail.slideshow else { return [] }
    guard selectedIndex + 1 < assets.count else {
      detail.slideshow = nil
      message = "Slideshow ended"
      return []
    }
    selectedIndex += 1
    return detail.schedule(show)
  }

  /// The title bar's slideshow label ("slideshow 4 s", "slideshow paused"), while one runs.
  public var slideshowLabel: String? {
    guard screen == .detail, let show = detail.slideshow else { return nil }
    return show.isPaused ? "slideshow paused" : "slideshow \(show.intervalSeconds) s"
  }
}
