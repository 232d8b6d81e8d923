/// The Search tab's query field as a line editor: a cursor, a select-all state, word and line
/// deletion and a history, as a browser's address bar and a shell's line editor have them.
/// The field's own state only: each edit says whether the query's text changed, and the app
/// state runs the search again when it did (`AppState+SearchField`).
extension SearchState {
  /// Queries are cut at this many characters.
  public static let limit = 200

  /// The text cursor's position in the query, in characters from the start.
  public var cursor: Int { max(0, text.count - cursorFromEnd) }

  /// / on the Search tab: a new query, with the old one shown selected so typing replaces
  /// it (the old one is kept in the history).
  mutating func startNew() {
    if !isEditing { history.record(text) }
    history.stopBrowsing()
    isEditing = true
    cursorFromEnd = 0
    selectsAll = !text.isEmpty
  }

  /// Leaves the field for the results (Enter, ↓, Esc); the query goes into the history.
  mutating func leave() {
    isEditing = false
    selectsAll = false
    cursorFromEnd = 0
    history.record(text)
  }

  /// A click on a result while the field is edited: the results have the keys, the query
  /// stays as it is (and out of the history until the field is left).
  mutating func stopEditing() {
    isEditing = false
  }

  /// Applies an edit to the query; true when its text changed.
  mutating func apply(_ edit: FieldEdit) -> Bool {
    switch edit {
    case .typed(let character):
      if selectsAll { return replace(with: String(character)) }
      guard text.count < Self.limit else { return false }
      var characters = Array(text)
      characters.insert(character, at: cursor)
      return replace(with: String(characters), cursorFromEnd: cursorFromEnd)
    case .deleteBackward:
      if selectsAll { return replace(with: "") }
      guard cursor > 0 else { return false }
      var characters = Array(text)
      characters.remove(at: cursor - 1)
      return replace(with: String(characters), cursorFromEnd: cursorFromEnd)
    case .clear:
      return replace(with: "")
    case .complete:
      return false  // Tab leaves the query (the reducer's Enter)
    case .deleteWordBackward:
      // Ctrl-W: the word before the cursor and the spaces after it, as in a shell.
      if selectsAll { return replace(with: "") }
      let characters = Array(text)
      let end = cursor
      let start = Self.wordStart(before: end, in: characters)
      guard start < end else { return false }
      return replace(
        with: String(characters[..<start] + characters[end...]), cursorFromEnd: cursorFromEnd)
    }
  }

  /// Where the word before `end` starts: back over spaces, then over the word.
  static func wordStart(before end: Int, in text: [Character]) -> Int {
    var start = end
    while start > 0 && text[start - 1] == " " { start -= 1 }
    while start > 0 && text[start - 1] != " " { start -= 1 }
    return start
  }

  /// The arrows in the field: ← → move the cursor (ending a selection at its start or end),
  /// Home End jump, ↑ ↓ go through the history. True when the text changed; nil for ↓ when
  /// no earlier query is shown (it goes to the results).
  mutating func move(_ direction: Direction) -> Bool? {
    let count = text.count
    switch direction {
    case .left, .first:
      let selected = selectsAll
      selectsAll = false
      cursorFromEnd = direction == .first || selected ? count : min(count, cursorFromEnd + 1)
      return false
    case .right, .last:
      let selected = selectsAll
      selectsAll = false
      cursorFromEnd = direction == .last || selected ? 0 : max(0, cursorFromEnd - 1)
      return false
    case .up:
      guard let older = history.older(than: text) else { return false }
      return showHistoryEntry(older)
    case .down:
      guard let newer = history.newer() else { return nil }
      return showHistoryEntry(newer)
    case .pageUp, .pageDown:
      return false
    }
  }

  /// A history entry in the field, the cursor at its end.
  private mutating func showHistoryEntry(_ query: String) -> Bool {
    selectsAll = false
    cursorFromEnd = 0
    guard query != text else { return false }
    text = query
    return true
  }

  /// The query replaced by the user's edit: the selection ends, history browsing stops.
  private mutating func replace(with newText: String, cursorFromEnd newCursor: Int = 0) -> Bool {
    selectsAll = false
    history.stopBrowsing()
    cursorFromEnd = min(newCursor, newText.count)
    guard newText != text else { return false }
    text = String(newText.prefix(Self.limit))
    return true
  }
}
