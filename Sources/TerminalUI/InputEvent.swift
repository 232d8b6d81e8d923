/// A key or terminal event, independent of curses.
public enum InputEvent: Hashable, Sendable {
  case character(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, tab, backTab, backspace
  /// Ctrl-C typed while the terminal delivers it as a key (raw mode).
  case interrupt
  /// The terminal changed size.
  case resize
}
