/// A key or terminal event, independent of curses.
public enum InputEvent: Hashable, Sendable {
  case character(Character)
  case up, down, left, right
  /// Shift-← and Shift-→ (seek in a clip).
  case shiftLeft, shiftRight
  case pageUp, pageDown, home, end
  case enter, escape, tab, backTab, backspace, delete
  /// Ctrl-C typed while the terminal delivers it as a key (raw mode).
  case interrupt
  /// The terminal changed size.
  case resize
  /// A mouse button press at a cell (0-based); `double` for a quick second click.
  case click(row: Int, column: Int, double: Bool)
  /// The mouse wheel turned up (true) or down.
  case wheel(up: Bool)
}
