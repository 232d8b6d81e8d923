import PhotoStore
import XCTest

/// An exhaustive test store: after each action the test states the whole change to the
/// state and every effect; anything not stated fails the test.
public final class TestStore {
  public private(set) var state: AppState
  private var unassertedEffects: [Effect] = []
  private let file: StaticString
  private let line: UInt

  public init(_ state: AppState, file: StaticString = #filePath, line: UInt = #line) {
    self.state = state
    self.file = file
    self.line = line
  }

  deinit {
    if !unassertedEffects.isEmpty {
      XCTFail(
        "TestStore ended with unasserted effects: \(unassertedEffects)", file: file, line: line)
    }
  }

  /// Sends `action`; `update` must turn the old state into exactly the new one, and
  /// `effects` must equal the effects produced, in order.
  public func send(
    _ action: Action, effects expected: [Effect] = [], file: StaticString = #filePath,
    line: UInt = #line, _ update: (inout AppState) -> Void = { _ in }
  ) {
    let effects = apply(action, update, file: file, line: line)
    if effects != expected {
      XCTFail(
        "Effects after \(Self.short(action)):\n  expected \(expected)\n  actual   \(effects)",
        file: file,
        line: line)
    }
  }

  /// Sends `action` and returns its effects for the test to inspect; they count as asserted
  /// only once passed to `assertEffects` (so the result may be left unused).
  @discardableResult
  public func sendCollecting(
    _ action: Action, file: StaticString = #filePath, line: UInt = #line,
    _ update: (inout AppState) -> Void = { _ in }
  ) -> [Effect] {
    let effects = apply(action, update, file: file, line: line)
    unassertedEffects += effects
    return effects
  }

  /// Brings the store to where a test starts: each action is reduced with its state change
  /// and effects taken as they come, unasserted. The named opt-out for set-up steps (load a
  /// library, open a photo) whose details other tests assert; never for the step under test.
  public func arrange(_ actions: Action...) {
    for action in actions { state.arrange(action) }
  }

  /// Sets up the state directly (a selection, a terminal size) without an action: set-up
  /// that no key produces in one step. Unasserted, like `arrange`.
  public func arrangeState(_ change: (inout AppState) -> Void) {
    change(&state)
  }

  /// Reduces `action` and fails unless the new state is exactly the old one with `update`.
  private func apply(
    _ action: Action, _ update: (inout AppState) -> Void, file: StaticString, line: UInt
  ) -> [Effect] {
    var expectedState = state
    update(&expectedState)
    let effects = Reducer.reduce(&state, action)
    if state != expectedState {
      XCTFail(
        "State after \(Self.short(action)) differs from the expected state:\n\(Self.diff(expectedState, state))",
        file: file, line: line)
    }
    return effects
  }

  /// Marks effects returned by `sendCollecting` as checked.
  public func assertEffects(
    _ expected: [Effect], file: StaticString = #filePath, line: UInt = #line
  ) {
    if unassertedEffects != expected {
      XCTFail(
        "Effects:\n  expected \(expected)\n  actual   \(unassertedEffects)", file: file, line: line)
    }
    unassertedEffects = []
  }

  /// An action as a short line (a library load would print every asset).
  static func short(_ action: Action) -> String {
    let text = String(describing: action)
    return text.count > 100 ? String(text.prefix(100)) + "…" : text
  }

  /// A readable list of the fields that differ.
  static func diff(_ expected: AppState, _ actual: AppState) -> String {
    let e = Mirror(reflecting: expected).children
    let a = Array(Mirror(reflecting: actual).children)
    var lines: [String] = []
    for (i, child) in e.enumerated() {
      // The revision counts writes, not values (equal states may differ in it).
      guard child.label != "revision" else { continue }
      let lhs = String(describing: child.value)
      let rhs = String(describing: a[i].value)
      // A dictionary or a set prints in its storage's order, which two equal ones need not
      // share: the same characters in another order are not a difference to report.
      let unordered =
        "\(type(of: child.value))".hasPrefix("Dictionary")
        || "\(type(of: child.value))".hasPrefix("Set")
      if unordered && lhs.sorted() == rhs.sorted() { continue }
      if lhs != rhs {
        lines.append(
          "  \(child.label ?? "?"): expected \(lhs.prefix(300))\n    actual \(rhs.prefix(300))")
      }
    }
    return lines.joined(separator: "\n")
  }
}
