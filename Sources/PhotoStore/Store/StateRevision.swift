/// A count of the changes made to an `AppState`, so the browser can tell whether an event
/// changed anything without keeping a copy of the state to compare with.
///
/// Keeping the state from before each event made every change in place copy what it
/// touched: at a million photos, `f` copied the whole library (tens of milliseconds) and
/// moving 10,000 photos to the Trash spent a third of its 321 ms in the copy. Two states are
/// equal whatever their revisions (the count is bookkeeping, not state), so `==` between
/// states and the tests' exhaustive comparisons are untouched.
public struct StateRevision: Hashable, Sendable {
  /// Changes so far (wraps).
  public private(set) var count: UInt64 = 0

  public init() {}

  /// One more change.
  mutating func bump() { count &+= 1 }

  public static func == (lhs: StateRevision, rhs: StateRevision) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}
