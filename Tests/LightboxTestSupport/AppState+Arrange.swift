import PhotoStore

extension AppState {
  /// Reduces `action` with its effects left unasserted: the named opt-out (like
  /// `TestStore.arrange`) for the set-up of view, golden and repaint tests, and for
  /// invariants and queries checked over many steps, where the state a step leaves is what the
  /// test reads. A reducer test states each step's change and effects with `TestStore`.
  public mutating func arrange(_ action: Action) {
    _ = Reducer.reduce(&self, action)
  }
}
