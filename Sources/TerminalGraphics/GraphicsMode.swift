/// How pictures are drawn: chosen from the terminal's answers, or forced by the user.
public enum GraphicsMode: String, Sendable, Hashable, CaseIterable {
  /// Decide from the capability probe.
  case auto
  /// DEC sixel graphics: real pixels.
  case sixel
  /// The kitty graphics protocol: real pixels, each picture sent once and placed by id.
  case kitty
  /// iTerm2's inline images (OSC 1337): real pixels, PNG per picture.
  case iTerm2 = "iterm2"
  /// `▀` cells with 24-bit or 256-colour SGR: works everywhere.
  case halfBlock = "halfblock"

  /// An option value that is not a mode.
  public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let value: String
    public var description: String {
      "graphics must be auto, kitty, iterm2, sixel or halfblock, not '\(value)'"
    }
  }

  /// Parses `auto`, `kitty`, `iterm2`, `sixel` or `halfblock` (also `half-block`, `blocks`),
  /// case-insensitive.
  public static func parse(_ text: String) -> Result<GraphicsMode, ParseError> {
    switch text.lowercased() {
    case "auto": return .success(.auto)
    case "sixel", "sixels": return .success(.sixel)
    case "kitty": return .success(.kitty)
    case "iterm2", "iterm": return .success(.iTerm2)
    case "halfblock", "half-block", "halfblocks", "blocks", "block": return .success(.halfBlock)
    default: return .failure(ParseError(value: text))
    }
  }
}
