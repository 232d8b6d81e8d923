/// What the environment variables say about the terminal, read before any query is sent.
public struct TerminalEnvironment: Sendable, Hashable {
  public var term: String?
  public var colorTerm: String?
  public var termProgram: String?
  public var termProgramVersion: String?
  /// `TMUX` is set: we run inside tmux, which answers the queries itself.
  public var insideTmux: Bool
  /// tmux's version, from `TERM_PROGRAM_VERSION` (tmux ≥ 3.2 sets it) or `tmux -V`.
  public var tmuxVersion: TmuxVersion?
  /// `STY` is set: inside GNU screen, which passes no sixel.
  public var insideScreen: Bool
  /// iTerm2 and others set these through ssh (`LC_*` is forwarded by default).
  public var lcTerminal: String?
  public var lcTerminalVersion: String?
  public var colorDepth: ColorDepth

  /// Reads the variables that matter from `environment`. `tmuxVersionText` is the output
  /// of `tmux -V` when the caller ran it (used only when the environment has no version).
  public init(environment: [String: String], tmuxVersionText: String? = nil) {
    func value(_ name: String) -> String? {
      guard let v = environment[name], !v.isEmpty else { return nil }
      return v
    }
    term = value("TERM")
    colorTerm = value("COLORTERM")
    termProgram = value("TERM_PROGRAM")
    termProgramVersion = value("TERM_PROGRAM_VERSION")
    insideTmux = value("TMUX") != nil || (term?.hasPrefix("tmux") ?? false)
    insideScreen = value("STY") != nil
    lcTerminal = value("LC_TERMINAL")
    lcTerminalVersion = value("LC_TERMINAL_VERSION")
    colorDepth = ColorDepth.detect(environment: environment)
    if insideTmux {
      if termProgram == "tmux", let v = termProgramVersion.flatMap(TmuxVersion.init(parsing:)) {
        tmuxVersion = v
      } else {
        tmuxVersion = tmuxVersionText.flatMap(TmuxVersion.init(parsing:))
      }
    } else {
      tmuxVersion = nil
    }
  }

  /// The variables as `NAME=value` lines for `lightbox doctor` (unset ones say so).
  public var reportLines: [String] {
    [
      ("TERM", term), ("COLORTERM", colorTerm), ("TERM_PROGRAM", termProgram),
      ("TERM_PROGRAM_VERSION", termProgramVersion), ("LC_TERMINAL", lcTerminal),
      ("LC_TERMINAL_VERSION", lcTerminalVersion),
    ].map { name, value in
      "\(name)=\(value.map { ReplyParser.displayText(Array($0.utf8)) } ?? "(unset)")"
    }
  }
}
