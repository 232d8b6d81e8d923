import Foundation
import Imaging
import TOMLKit
import TerminalUI

/// Reads a theme from TOML (`themes/*.toml`): a `name` and a `[roles]` table of
/// `{ fg = "#rrggbb", bg = "#rrggbb", bold = true }` per style role.
public enum ThemeLoader {
  /// Why a theme file was not used, with the place in the file when known.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public let description: String
  }

  /// Parses theme text; roles the file leaves out keep the `base` theme's style.
  public static func parse(_ text: String, source: String, base: Theme = .dark) throws -> Theme {
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw Problem(
        description: "\(source):\(error.source.begin.line): \(error.description)")
    }
    var theme = base
    if let name = table["name"]?.string { theme.name = name }
    guard let roles = table["roles"]?.table else { return theme }
    for key in roles.keys.sorted() {
      guard let role = StyleRole.allCases.first(where: { "\($0)" == key }) else {
        throw Problem(description: "\(source): unknown role '\(key)'")
      }
      guard let entry = roles[key]?.table else {
        throw Problem(description: "\(source): role '\(key)' must be a table { fg, bg, bold }")
      }
      var style = theme.style(role)
      if let fg = entry["fg"]?.string {
        guard let rgb = RGB(hex: fg) else { throw Problem(description: "\(source): \(key).fg '\(fg)' is not #rrggbb") }
        style.foreground = rgb
      }
      if let bg = entry["bg"]?.string {
        guard let rgb = RGB(hex: bg) else { throw Problem(description: "\(source): \(key).bg '\(bg)' is not #rrggbb") }
        style.background = rgb
      }
      if let bold = entry["bold"]?.bool { style.bold = bold }
      theme.styles[role] = style
    }
    return theme
  }

  /// Loads a theme file.
  public static func load(path: String) throws -> Theme {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw Problem(description: "\(path): cannot read the theme file")
    }
    return try parse(text, source: path)
  }
}
