/// The search field's edits, which `SearchState` applies to itself, and the results that
/// follow a changed query (the one step that reaches past the field: the grid shows them).
extension AppState {
  /// The text cursor's position in the query, in characters from the start.
  public var searchCursor: Int { search.cursor }

  /// Applies an edit to the query (the caller checked that the query has the focus).
  mutating func editSearchField(_ edit: FieldEdit) -> [Effect] {
    search.apply(edit) ? searchChanged() : []
  }

  /// The arrows in the field; nil for ↓ past the newest query (it goes to the results).
  mutating func moveInSearchField(_ direction: Direction) -> [Effect]? {
    guard let changed = search.move(direction) else { return nil }
    return changed ? searchChanged() : []
  }
}
