/// Mouse input, in cells.
public enum PointerAction: Hashable, Sendable {
  /// A click on a cell; `double` for a double-click.
  case click(row: Int, column: Int, double: Bool)
  /// The mouse wheel: up (true) or down.
  case wheel(up: Bool)
}
