/// The terminal description used when TERM's is missing.
extension CursesTerminal {
  /// The terminal type to use when TERM's description is missing: xterm-256color for a
  /// terminal known to be xterm-compatible (kitty, Ghostty, WezTerm, foot, Alacritty, and any
  /// `xterm-*`), nil for the rest (a real VT100 or `dumb` must not be sent xterm's sequences).
  static func fallbackType(for term: String) -> String? {
    let xtermLike = ["kitty", "ghostty", "wezterm", "foot", "alacritty", "contour", "rio"]
    let family = term.split(separator: "-").first.map(String.init) ?? ""
    if term.hasPrefix("xterm-") || xtermLike.contains(family)
      || xtermLike.contains(where: { term.hasSuffix("-" + $0) })
    {
      return term == "xterm-256color" ? nil : "xterm-256color"
    }
    return nil
  }
}
