extension TerminalCapabilities {
  /// Names of terminals that draw iTerm2's inline images, as XTVERSION or `TERM_PROGRAM`
  /// give them.
  static let iTerm2ImageTerminals = ["iTerm2", "iTerm.app", "WezTerm"]

  /// Whether iTerm2's inline images can be used, and the one-line reason: the terminal says
  /// it is iTerm2 or WezTerm (XTVERSION first, then `TERM_PROGRAM` or `LC_TERMINAL`, which
  /// iTerm2 forwards through ssh). The protocol has no query of its own.
  public var iTerm2ImagesSupport: (available: Bool, reason: String) {
    if environment.insideTmux {
      return (false, "inside tmux, which does not pass inline images without passthrough")
    }
    if environment.insideScreen {
      return (false, "inside GNU screen, which does not pass inline images")
    }
    if let version = terminalVersion,
      let name = Self.iTerm2ImageTerminals.first(where: { version.hasPrefix($0) })
    {
      return (true, "XTVERSION says \(name), which draws iTerm2 inline images")
    }
    for (variable, value) in [
      ("TERM_PROGRAM", environment.termProgram), ("LC_TERMINAL", environment.lcTerminal),
    ] {
      if let value, let name = Self.iTerm2ImageTerminals.first(where: { value == $0 }) {
        return (true, "\(variable)=\(name), which draws iTerm2 inline images")
      }
    }
    return (false, "the terminal does not say it is iTerm2 or WezTerm")
  }
}
