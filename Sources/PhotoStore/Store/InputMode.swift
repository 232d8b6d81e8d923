/// How the screen takes keys now: commands, text for a field, or a yes/no answer.
public enum InputMode: Hashable, Sendable {
  case normal
  /// A text field has the focus (the search query, an album name).
  case text
  /// A confirmation waits for y or n.
  case confirm
}
