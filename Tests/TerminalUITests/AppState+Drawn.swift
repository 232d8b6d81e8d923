import PhotoStore

extension AppState {
  /// Every image asked for marked drawn, as if the pipeline had answered: golden frames show
  /// pictures, not placeholders.
  mutating func settleImages() {
    for (key, status) in images where status == .loading {
      self.arrange(.image(.loaded(key)))
    }
  }

  /// Sends `actions` in turn, the images each asks for drawn after it.
  mutating func send(_ actions: Action...) {
    for action in actions {
      self.arrange(action)
      settleImages()
    }
  }
}
