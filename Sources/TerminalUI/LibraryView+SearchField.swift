import PhotoStore

extension LibraryView {
  /// The query field. While it has the focus, the cursor is the cell drawn the other way
  /// round (the character under it, or a space at the end), and a selected query is drawn
  /// the other way round as a whole; the text scrolls to keep the cursor in the field.
  static func renderSearchField(_ state: AppState, in field: CellRect, into frame: inout Frame) {
    let text = Array(state.search.text)
    guard state.search.isEditing else {
      frame.fill(field, role: .panel)
      let shown = String(text.suffix(field.width - 1))
      frame.put(shown, row: field.row, column: field.column, role: .panel, maxWidth: field.width)
      return
    }
    frame.fill(field, role: .panelSelected)
    let cursor = state.searchCursor
    // The first character shown: from the start while the cursor fits, else so the cursor
    // sits in the last cell.
    let first = max(0, cursor - (field.width - 1))
    var column = field.column
    for index in first..<max(first, text.count + 1) {
      let character = index < text.count ? String(text[index]) : " "
      let width = TerminalText.width(of: character)
      guard column + width <= field.column + field.width else { break }
      let inverted = state.search.selectsAll ? index < text.count : index == cursor
      frame.put(
        character, row: field.row, column: column, role: inverted ? .panel : .panelSelected)
      column += width
    }
  }
}
