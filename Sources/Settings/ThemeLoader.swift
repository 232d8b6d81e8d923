import Foundation
import PhotoModel
import TOMLKit
import TerminalUI

/// Reads a theme from TOML (`themes/*.toml`): a `name`, an optional `base` (read by
/// `ThemeCatalog`) and a `[roles]` table of `{ fg = "#rrggbb", bg = "#rrggbb", bold = true }`
/// per style role. Anything else in the file is refused with a reason.
public enum ThemeLoader {
  /// Why a theme file was not used, with the place in the file when known.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public let description: String
  }

  /// Parses theme text; roles the file leaves out keep the `base` theme's style.
  public static func parse(_ text: String, source: String, base: Theme = .dark) throws -> Theme {
    if let problem = TOMLText.problem(in: text, source: source) {
      throw Problem(description: problem)
    }
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw Problem(
        description: TOMLText.parseProblem(
          error.description, line: Int(error.source.begin.line), source: source))
    }
    // A misspelt key would otherwise be ignored without a word, and the theme look wrong.
    for key in table.keys.sorted() where !topLevelKeys.contains(key) {
      throw Problem(
        description: "\(source): unknown key '\(printable(key))' (keys: name, base, roles)")
    }
    var theme = base
    if let value = table["name"] {
      guard let name = value.string else {
        throw Problem(description: "\(source): name must be a string")
      }
      theme.name = name
    }
    guard let value = table["roles"] else { return theme }
    guard let roles = value.table else {
      throw Problem(description: "\(source): roles must be a table: [roles]")
    }
    for key in roles.keys.sorted() {
      guard let role = StyleRole.allCases.first(where: { "\($0)" == key }) else {
        throw Problem(description: "\(source): unknown role '\(printable(key))'")
      }
      guard let entry = roles[key]?.table else {
        throw Problem(description: "\(source): role '\(key)' must be a table { fg, bg, bold }")
      }
      for field in entry.keys.sorted() where !["fg", "bg", "bold"].contains(field) {
        throw Problem(
          description: "\(source): \(key).\(printable(field)) is not a style field (fg, bg, bold)")
      }
      var style = theme.style(role)
      if let value = entry["fg"] { style.foreground = try color(value, "\(key).fg", source) }
      if let value = entry["bg"] { style.background = try color(value, "\(key).bg", source) }
      if let value = entry["bold"] {
        guard let bold = value.bool else {
          throw Problem(description: "\(source): \(key).bold must be true or false")
        }
        style.bold = bold
      }
      theme.styles[role] = style
    }
    return theme
  }

  /// The keys a theme file may have at the top.
  private static let topLevelKeys: Set<String> = ["name", "base", "roles"]

  private static func color(_ value: TOMLValueConvertible, _ field: String, _ source: String)
    throws -> RGB
  {
    guard let text = value.string else {
      throw Problem(description: "\(source): \(field) must be a string \"#rrggbb\"")
    }
    guard let rgb = RGB(hex: text) else {
      throw Problem(description: "\(source): \(field) '\(printable(text))' is not #rrggbb")
    }
    return rgb
  }

  /// Text from the file with control characters escaped, for a one-line message.
  private static func printable(_ text: String) -> String {
    ConfigLoader.Reader.printable(text)
  }

  /// Loads a theme file.
  public static func load(path: String) throws -> Theme {
    switch ConfigLoader.readSmallTextFile(path) {
    case .missing: throw Problem(description: "\(path): no such theme file")
    case .refused(let reason): throw Problem(description: "\(path): \(reason)")
    case .text(let text): return try parse(text, source: path)
    }
  }
}
