/// Holds the state and runs the reducer, one action at a time.
///
/// Serial by construction: sending an action while another is being reduced is a
/// programming error (it would make the order of state changes depend on the call stack),
/// so it stops the program with a precondition failure.
public final class Store {
  public private(set) var state: AppState
  private var isReducing = false

  public init(state: AppState) {
    self.state = state
  }

  /// Reduces `action` and returns the effects for the runner.
  @discardableResult
  public func send(_ action: Action) -> [Effect] {
    precondition(!isReducing, "Store.send re-entered while reducing \(action)")
    isReducing = true
    defer { isReducing = false }
    return Reducer.reduce(&state, action)
  }
}
