/// The Search tab's query field: its text, the text cursor and the query history.
public struct SearchState: Hashable, Sendable {
  /// The query.
  public var text: String
  /// True while keys go into the query.
  public var isEditing: Bool
  /// Characters of the query after the text cursor (0: the cursor is at the end).
  public var cursorFromEnd: Int
  /// True when the whole query is selected (/ on the Search tab): typing replaces it.
  public var selectsAll: Bool
  /// The last queries, for ↑ and ↓ in the field.
  public var history: SearchHistory

  /// An empty query that does not have the focus.
  public init() {
    text = ""
    isEditing = false
    cursorFromEnd = 0
    selectsAll = false
    history = SearchHistory()
  }
}
