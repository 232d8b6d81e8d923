import Dispatch

/// When a clip's frames are due on the wall clock: the first frame shown sets the origin,
/// pauses move it on, and a frame more than `slack` behind is late.
struct PlaybackClock {
  /// Wall time at which the clip's time `base` is (set by the first frame).
  private var origin: DispatchTime?
  private var base = 0.0
  private var pausedAt: DispatchTime?
  /// Frames skipped for lateness.
  var dropped = 0
  private var reportedDrops = 0

  /// How late a frame may be and still be shown: a frame and a half at 30 fps.
  static let slack = 0.05

  var hasStarted: Bool { origin != nil }

  /// The wall time the frame at clip time `seconds` is due; the first call sets the origin.
  mutating func due(_ seconds: Double) -> DispatchTime {
    if origin == nil {
      origin = .now()
      base = seconds
    }
    return .init(uptimeNanoseconds: dueNanoseconds(seconds)!)
  }

  /// True when the frame at `seconds` is already later than the slack allows.
  func isLate(_ seconds: Double, now: DispatchTime) -> Bool {
    guard let due = dueNanoseconds(seconds) else { return false }
    return now.uptimeNanoseconds > due + UInt64(Self.slack * 1e9)
  }

  /// When the frame at `seconds` is due, in uptime nanoseconds; nil before the first frame.
  private func dueNanoseconds(_ seconds: Double) -> UInt64? {
    origin.map { $0.uptimeNanoseconds + UInt64(max(0, seconds - base) * 1e9) }
  }

  mutating func pause(now: DispatchTime) {
    if pausedAt == nil { pausedAt = now }
  }

  /// Moves the origin on by the time paused.
  mutating func resume(now: DispatchTime) {
    guard let pausedAt, let origin else {
      self.pausedAt = nil
      return
    }
    self.origin = origin + .nanoseconds(Int(now.uptimeNanoseconds - pausedAt.uptimeNanoseconds))
    self.pausedAt = nil
  }

  /// True once per 30 more dropped frames (for the log).
  mutating func shouldReportDrops() -> Bool {
    guard dropped >= reportedDrops + 30 else { return false }
    reportedDrops = dropped
    return true
  }
}
