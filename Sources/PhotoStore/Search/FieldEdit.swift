/// An edit of the text field that has the focus (the Search tab's query, a name prompt).
public enum FieldEdit: Hashable, Sendable {
  /// A printable character typed at the cursor.
  case typed(Character)
  /// Backspace: delete the character before the cursor.
  case deleteBackward
  /// Ctrl-U: empty the field.
  case clear
  /// Ctrl-W: delete the word before the cursor.
  case deleteWordBackward
  /// Tab: complete the word (a tag in the tag prompt); elsewhere it leaves the field, as
  /// Enter does.
  case complete
}
