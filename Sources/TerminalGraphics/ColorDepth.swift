/// How many colours the terminal can show in SGR sequences.
public enum ColorDepth: String, Sendable, Hashable {
  /// 24-bit `38;2;r;g;b` (COLORTERM=truecolor or 24bit).
  case trueColor = "truecolor"
  /// The xterm 256-colour palette `38;5;n`.
  case palette256 = "256"

  /// The depth the environment announces: COLORTERM `truecolor`/`24bit` means 24-bit.
  public static func detect(environment: [String: String]) -> ColorDepth {
    let value = (environment["COLORTERM"] ?? "").lowercased()
    return value == "truecolor" || value == "24bit" ? .trueColor : .palette256
  }
}
