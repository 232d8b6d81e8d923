/// How often a polled library is re-scanned: at least `costFactor` times the last re-scan's
/// cost (20× keeps polling under 5 % of one core), never more often than `floor` seconds
/// and never less often than `ceiling`.
public struct PollSchedule: Sendable, Equatable {
  /// The shortest interval, in seconds.
  public var floor: Double
  /// The longest interval, in seconds.
  public var ceiling: Double
  /// The interval as a multiple of the last re-scan's duration.
  public var costFactor: Double

  public init(floor: Double = 5, ceiling: Double = 600, costFactor: Double = 20) {
    self.floor = floor
    self.ceiling = max(floor, ceiling)
    self.costFactor = costFactor
  }

  /// The browser's schedule: every 5 s for a small library, every 10 min at most.
  public static let standard = PollSchedule()

  /// The interval after a re-scan that took `seconds`.
  public func interval(afterScanCost seconds: Double) -> Double {
    min(ceiling, max(floor, seconds * costFactor))
  }
}
