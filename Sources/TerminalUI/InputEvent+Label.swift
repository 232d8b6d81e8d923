extension InputEvent {
  /// How the help overlay and the docs show a key: "↑", "PgDn", "Ctrl-B", "Space", "f".
  /// Nil for events that are not keys (mouse, resize), for Enter's newline spellings (Enter
  /// is listed once) and for control characters that are no Ctrl-letter.
  public var keyLabel: String? {
    switch self {
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .shiftLeft: return "Shift-←"
    case .shiftRight: return "Shift-→"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .home: return "Home"
    case .end: return "End"
    case .enter: return "Enter"
    case .escape: return "Esc"
    case .tab: return "Tab"
    case .backTab: return "Shift-Tab"
    case .backspace: return "Backspace"
    case .delete: return "Del"
    case .interrupt: return "Ctrl-C"
    case .character(" "): return "Space"
    case .character("\n"), .character("\r"): return nil
    case .character(let character):
      guard let ascii = character.asciiValue, ascii < 0x20 || ascii == 0x7F else {
        return String(character)
      }
      guard (0x01...0x1A).contains(ascii) else { return nil }
      return "Ctrl-" + String(UnicodeScalar(ascii + 0x40))
    case .resize, .click, .wheel: return nil
    }
  }
}
