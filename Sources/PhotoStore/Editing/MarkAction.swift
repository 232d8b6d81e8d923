/// Marking photos so that edits and album commands act on them together.
public enum MarkAction: Hashable, Sendable {
  /// v: mark or unmark the selected photo.
  case toggle
  /// V: mark every photo between the last mark and the selection.
  case range
}
