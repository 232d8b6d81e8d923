import TerminalUI

/// The names of keys in the config file's `[keys]` table: "up", "pgdn", "ctrl-b", "space",
/// or a single printable character ("f", "F", "?").
public enum KeyName {
  /// Named keys and what they are, in the order the user guide lists them. Aliases follow
  /// the canonical name of the same key.
  public static let namedKeys: [(name: String, event: InputEvent)] = [
    ("up", .up), ("down", .down), ("left", .left), ("right", .right),
    ("shift-left", .shiftLeft), ("shift-right", .shiftRight),
    ("pgup", .pageUp), ("pgdn", .pageDown), ("home", .home), ("end", .end),
    ("enter", .enter), ("esc", .escape), ("tab", .tab), ("shift-tab", .backTab),
    ("backspace", .backspace), ("delete", .delete), ("space", .character(" ")),
    // Aliases.
    ("pageup", .pageUp), ("page-up", .pageUp), ("pagedown", .pageDown),
    ("page-down", .pageDown), ("return", .enter), ("escape", .escape), ("backtab", .backTab),
    ("del", .delete),
  ]

  /// Why a key name was refused.
  public enum Refusal: Error, Equatable, CustomStringConvertible {
    /// Not a key name at all.
    case unknown(String)
    /// Ctrl-C always quits at once, whatever the bindings.
    case reserved(String)

    public var description: String {
      switch self {
      case .unknown(let name):
        return "'\(name)' is not a key (a single character, ctrl-a…ctrl-z, or one of "
          + canonicalNames.joined(separator: ", ") + ")"
      case .reserved(let name):
        return "'\(name)' cannot be bound: Ctrl-C always quits"
      }
    }
  }

  /// The event a key name stands for.
  public static func parse(_ name: String) throws(Refusal) -> InputEvent {
    if name.count == 1, let character = name.first {
      // Control characters typed into the file literally are not a way to name keys.
      guard character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
      else { throw .unknown(printable(name)) }
      return .character(character)
    }
    let lower = name.lowercased()
    if let named = namedKeys.first(where: { $0.name == lower }) { return named.event }
    for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lower.hasPrefix(prefix) {
      let rest = lower.dropFirst(prefix.count)
      guard rest.count == 1, let letter = rest.unicodeScalars.first,
        ("a"..."z").contains(letter)
      else { break }
      // What the terminal sends for Ctrl+letter, as the curses backend reports it.
      switch letter {
      case "c": throw .reserved(name)
      case "h": return .backspace
      case "i": return .tab
      case "j", "m": return .enter
      default: return .character(Character(Unicode.Scalar(letter.value - 0x60)!))
      }
    }
    throw .unknown(printable(name))
  }

  /// The name the config file would use for `event`, or nil for events that are not keys
  /// (mouse, resize). Enter typed as a newline or carriage return is "enter".
  public static func name(of event: InputEvent) -> String? {
    switch event {
    case .character(let character):
      guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1
      else { return String(character) }
      switch scalar.value {
      case 0x0A, 0x0D: return "enter"
      case 0x20: return "space"
      case 0x01...0x1A: return "ctrl-" + String(Character(Unicode.Scalar(scalar.value + 0x60)!))
      case 0x00...0x1F, 0x7F: return nil
      default: return String(character)
      }
    case .interrupt: return "ctrl-c"
    case .resize, .click, .wheel: return nil
    default:
      return namedKeys.first { $0.event == event }?.name
    }
  }

  /// Names of a command's keys for a table or the help overlay, without repeats
  /// (Enter and its newline spellings are one key).
  public static func names(of events: [InputEvent]) -> [String] {
    var names: [String] = []
    for event in events {
      if let name = name(of: event), !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// The canonical names (no aliases).
  static var canonicalNames: [String] { Array(namedKeys.prefix(15).map(\.name)) }

  /// A name fit for a one-line message: control characters escaped.
  private static func printable(_ text: String) -> String {
    String(
      text.unicodeScalars.flatMap { scalar -> [Character] in
        scalar.value < 0x20 || scalar.value == 0x7F
          ? Array(scalar.escaped(asASCII: true)) : [Character(scalar)]
      }.prefix(40))
  }
}
