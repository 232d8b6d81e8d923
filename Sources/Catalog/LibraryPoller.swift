import Foundation

/// Re-scans library folders on a schedule, for file systems inotify cannot follow
/// (`FileSystemType`): each re-scan is timed and the next one waits `PollSchedule`'s
/// multiple of it, so a big library is polled less often and polling stays under ~5 % of
/// one core.
public final class LibraryPoller: @unchecked Sendable {
  // @unchecked: every stored var is guarded by `condition`.
  /// The polled roots.
  public let roots: [String]
  private let schedule: PollSchedule
  private let poll: @Sendable () -> Void
  private let condition = NSCondition()
  private var stopped = false
  private var finished = false
  private var interval: Double
  private var polls = 0

  /// Starts polling `roots` on a thread of its own: `poll` (the re-scan) runs first after
  /// the interval `initialCost` gives (the cost of a re-scan already made, 0 when unknown).
  public init(
    roots: [String], schedule: PollSchedule = .standard, initialCost: Double = 0,
    poll: @escaping @Sendable () -> Void
  ) {
    self.roots = roots
    self.schedule = schedule
    self.poll = poll
    interval = schedule.interval(afterScanCost: initialCost)
    let thread = Thread { [self] in loop() }
    thread.name = "lightbox.library-poller"
    thread.start()
  }

  /// Seconds until the next re-scan after the last one.
  public var currentInterval: Double { condition.withLock { interval } }

  /// Re-scans made so far.
  public var pollCount: Int { condition.withLock { polls } }

  /// Waits until at least `count` re-scans are done, or `timeout` seconds pass (for tests
  /// and callers that must know a re-scan happened); true when they are done.
  public func waitForPolls(atLeast count: Int, timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while polls < count && !stopped {
      if !condition.wait(until: deadline) { break }
    }
    return polls >= count
  }

  /// Stops polling; a re-scan under way finishes first (unless called from `poll` itself).
  public func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    if Thread.current.name != "lightbox.library-poller" {
      while !finished { condition.wait() }
    }
    condition.unlock()
  }

  deinit {
    stop()
  }

  private func loop() {
    condition.lock()
    while !stopped {
      let due = Date().addingTimeInterval(interval)
      while !stopped && Date() < due { _ = condition.wait(until: due) }
      if stopped { break }
      condition.unlock()
      let clock = ContinuousClock()
      let started = clock.now
      poll()
      let cost = clock.now - started
      let seconds =
        Double(cost.components.seconds) + Double(cost.components.attoseconds) * 1e-18
      condition.lock()
      interval = schedule.interval(afterScanCost: seconds)
      polls += 1
      condition.broadcast()
    }
    finished = true
    condition.broadcast()
    condition.unlock()
  }
}
