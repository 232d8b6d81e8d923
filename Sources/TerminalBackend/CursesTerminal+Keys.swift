import CNCurses
import TerminalUI

/// How curses' key codes and characters become `InputEvent`s, and the sequences curses is
/// taught beyond the terminal's description.
extension CursesTerminal {
  /// The Home, End and Shift-arrow sequences terminals send, each taught to curses
  /// (`define_key`).
  static let extraKeySequences: [(String, Int32)] = [
    ("\u{1B}[H", KEY_HOME), ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME),
    ("\u{1B}OH", KEY_HOME), ("\u{1B}[F", KEY_END), ("\u{1B}[4~", KEY_END),
    ("\u{1B}[8~", KEY_END), ("\u{1B}OF", KEY_END),
    // Shift-← and Shift-→: xterm's and tmux's modifier form (TERM=screen has none), rxvt's.
    ("\u{1B}[1;2D", KEY_SLEFT), ("\u{1B}[1;2C", KEY_SRIGHT), ("\u{1B}[d", KEY_SLEFT),
    ("\u{1B}[c", KEY_SRIGHT),
  ]

  static func functionKey(_ code: Int32) -> InputEvent? {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_SLEFT: return .shiftLeft
    case KEY_SRIGHT: return .shiftRight
    case KEY_PPAGE: return .pageUp
    case KEY_NPAGE: return .pageDown
    case KEY_HOME: return .home
    case KEY_END: return .end
    case KEY_ENTER: return .enter
    case KEY_BTAB: return .backTab
    case KEY_BACKSPACE: return .backspace
    case KEY_DC: return .delete
    case lb_key_resize(): return .resize
    default: return nil
    }
  }

  static func characterKey(_ value: UInt32) -> InputEvent? {
    switch value {
    case 27: return .escape
    case 9: return .tab
    case 10, 13: return .enter
    case 8, 127: return .backspace
    case 3: return .interrupt
    default:
      guard let scalar = Unicode.Scalar(value) else { return nil }
      return .character(Character(scalar))
    }
  }
}
