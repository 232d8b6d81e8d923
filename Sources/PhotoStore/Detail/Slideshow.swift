/// A running slideshow in the detail view: the photos of the current grid, one after the
/// other, every `intervalSeconds`.
public struct Slideshow: Hashable, Sendable {
  /// Seconds each photo is shown.
  public var intervalSeconds: Int
  /// True while paused (S again resumes).
  public var isPaused: Bool
  /// The tick the show waits for; ticks of a stopped, paused or older show are ignored.
  public var tick: Int

  public init(intervalSeconds: Int, isPaused: Bool = false, tick: Int) {
    self.intervalSeconds = intervalSeconds
    self.isPaused = isPaused
    self.tick = tick
  }

  /// The shortest and longest intervals `[` and `]` reach.
  public static let intervals = 1...60
}
