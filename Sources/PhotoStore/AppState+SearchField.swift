/// The Search tab's query field: a cursor, a select-all state, word and line deletion and a
/// history, as a browser's address bar and a shell's line editor have them.
extension AppState {
  /// Queries are cut at this many characters.
  static let searchLimit = 200

  /// The text cursor's position in the query, in characters from the start.
  public var searchCursor: Int { max(0, search.text.count - search.cursorFromEnd) }

  /// / on the Search tab: a new query, with the old one shown selected so typing replaces
  /// it (the old one is kept in the history).
  mutating func startNewSearch() {
    if !search.isEditing { search.history.record(search.text) }
    search.history.stopBrowsing()
    search.isEditing = true
    search.cursorFromEnd = 0
    search.selectsAll = !search.text.isEmpty
  }

  /// Leaves the field for the results (Enter, ↓, Esc); the query goes into the history.
  mutating func leaveSearchField() {
    search.isEditing = false
    search.selectsAll = false
    search.cursorFromEnd = 0
    search.history.record(search.text)
  }

  /// Applies an edit to the query (the caller checked that the query has the focus).
  mutating func editSearchField(_ edit: FieldEdit) -> [Effect] {
    switch edit {
    case .typed(let character): return typeIntoSearch(character)
    case .deleteBackward: return deleteBackwardInSearch()
    case .clear: return clearSearchField()
    case .deleteWordBackward: return deleteWordInSearch()
    }
  }

  /// A character typed at the cursor, or in place of the selected query.
  mutating func typeIntoSearch(_ character: Character) -> [Effect] {
    if search.selectsAll { return replaceSearch(with: String(character)) }
    guard search.text.count < Self.searchLimit else { return [] }
    var text = Array(search.text)
    text.insert(character, at: searchCursor)
    return replaceSearch(with: String(text), cursorFromEnd: search.cursorFromEnd)
  }

  /// Backspace: the character before the cursor, or the whole selected query.
  mutating func deleteBackwardInSearch() -> [Effect] {
    if search.selectsAll { return replaceSearch(with: "") }
    guard searchCursor > 0 else { return [] }
    var text = Array(search.text)
    text.remove(at: searchCursor - 1)
    return replaceSearch(with: String(text), cursorFromEnd: search.cursorFromEnd)
  }

  /// Ctrl-U: an empty field.
  mutating func clearSearchField() -> [Effect] {
    replaceSearch(with: "")
  }

  /// Ctrl-W: the word before the cursor and the spaces after it, as in a shell.
  mutating func deleteWordInSearch() -> [Effect] {
    if search.selectsAll { return replaceSearch(with: "") }
    let text = Array(search.text)
    let end = searchCursor
    let start = Self.wordStart(before: end, in: text)
    guard start < end else { return [] }
    return replaceSearch(
      with: String(text[..<start] + text[end...]), cursorFromEnd: search.cursorFromEnd)
  }

  /// Where the word before `end` starts: back over spaces, then over the word.
  static func wordStart(before end: Int, in text: [Character]) -> Int {
    var start = end
    while start > 0 && text[start - 1] == " " { start -= 1 }
    while start > 0 && text[start - 1] != " " { start -= 1 }
    return start
  }

  /// The arrows in the field: ← → move the cursor (ending a selection at its start or end),
  /// Home End jump, ↑ ↓ go through the history. Nil for ↓ when no earlier query is shown: it
  /// goes to the results.
  mutating func moveInSearchField(_ direction: Direction) -> [Effect]? {
    let count = search.text.count
    switch direction {
    case .left, .first:
      let selected = search.selectsAll
      search.selectsAll = false
      search.cursorFromEnd =
        direction == .first || selected ? count : min(count, search.cursorFromEnd + 1)
      return []
    case .right, .last:
      let selected = search.selectsAll
      search.selectsAll = false
      search.cursorFromEnd = direction == .last || selected ? 0 : max(0, search.cursorFromEnd - 1)
      return []
    case .up:
      guard let older = search.history.older(than: search.text) else { return [] }
      return showHistoryEntry(older)
    case .down:
      guard let newer = search.history.newer() else { return nil }
      return showHistoryEntry(newer)
    case .pageUp, .pageDown:
      return []
    }
  }

  /// A history entry in the field, the cursor at its end.
  private mutating func showHistoryEntry(_ query: String) -> [Effect] {
    search.selectsAll = false
    search.cursorFromEnd = 0
    guard query != search.text else { return [] }
    search.text = query
    return searchChanged()
  }

  /// The query replaced by the user's edit: the selection ends, history browsing stops, and
  /// the results follow when the text changed.
  private mutating func replaceSearch(with text: String, cursorFromEnd: Int = 0) -> [Effect] {
    search.selectsAll = false
    search.history.stopBrowsing()
    search.cursorFromEnd = min(cursorFromEnd, text.count)
    guard text != search.text else { return [] }
    search.text = String(text.prefix(Self.searchLimit))
    return searchChanged()
  }
}
