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
    // TOML allows no control character but tab and line ends. toml++ (inside TOMLKit)
    // aborts on an assertion for some of them in a table header (found by fuzzing), and a
    // NUL would cut the text short on its way to C, so they are refused here.
    var line = 1
    for scalar in text.unicodeScalars {
      if scalar == "\n" { line += 1 }
      let v = scalar.value
      if (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || v == 0x7F {
        let hex = String(v, radix: 16, uppercase: true)
        throw Problem(
          description: "\(source):\(line): control character U+\(hex.count < 2 ? "0" : "")\(hex)"
            + " is not allowed in TOML")
      }
    }
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
