extension DetailState {
  /// Arms `show`'s next tick: a new tick number, so a stopped or older show's timer is
  /// never taken for this one's.
  mutating func schedule(_ show: Slideshow) -> [Effect] {
    var show = show
    lastTick += 1
    show.tick = lastTick
    slideshow = show
    return [.scheduleTick(milliseconds: show.intervalSeconds * 1000, token: show.tick)]
  }

  /// S while a show runs: pauses it, or resumes it with its next tick armed.
  mutating func toggleSlideshowPause() -> [Effect] {
    guard var show = slideshow else { return [] }
    show.isPaused.toggle()
    guard !show.isPaused else {
      slideshow = show
      return []
    }
    return schedule(show)
  }

  /// True when `token` is the tick the running, unpaused show waits for.
  func isDue(_ token: Int) -> Bool {
    guard let show = slideshow else { return false }
    return !show.isPaused && show.tick == token
  }
}
