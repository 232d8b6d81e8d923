import Foundation
import TOMLKit
import TerminalUI

/// Finds a theme by name: the user's `themes/NAME.toml` in the config directory first, then
/// the themes built into the binary.
///
/// A user file named like a built-in theme overrides it role by role (roles it leaves out keep
/// the built-in's style); any other name extends the theme its `base = "NAME"` key names, or
/// dark when it names none.
public enum ThemeCatalog {
  /// The themes that ship with Lightbox, the default ("dark") first.
  public static var builtInNames: [String] { BuiltInThemes.all.map(\.name) }

  /// The name of the default theme.
  public static let defaultName = "dark"

  /// The TOML text of a built-in theme (to copy as the start of a user theme), or nil.
  public static func builtInText(named name: String) -> String? {
    entry(named: name)?.text
  }

  /// The theme called `name`. `configDirectory` is Lightbox's config folder
  /// (`$XDG_CONFIG_HOME/lightbox`; user themes are in its `themes/`); nil looks only at the
  /// built-in themes. Throws a `ThemeLoader.Problem` with a one-line reason.
  public static func theme(named name: String, configDirectory: String?) throws -> Theme {
    try theme(named: name, configDirectory: configDirectory, depth: 0)
  }

  /// Built-in names and the user's theme files, sorted after the built-ins, without repeats.
  public static func availableNames(configDirectory: String?) -> [String] {
    var names = builtInNames
    guard let directory = configDirectory.map(themesDirectory),
      let files = try? FileManager.default.contentsOfDirectory(atPath: directory)
    else { return names }
    let user = files.filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }
      .filter { isValidName($0) && !names.contains($0) }.sorted()
    names += user
    return names
  }

  /// The folder of user themes inside the config directory.
  public static func themesDirectory(_ configDirectory: String) -> String {
    configDirectory + "/themes"
  }

  /// `base` chains deeper than this are refused (they are loops or mistakes).
  private static let maximumDepth = 8

  private static func theme(named name: String, configDirectory: String?, depth: Int) throws
    -> Theme
  {
    guard isValidName(name) else {
      throw ThemeLoader.Problem(
        description: "theme '\(name)': a theme name is letters, digits, '-' and '_'")
    }
    guard depth < maximumDepth else {
      throw ThemeLoader.Problem(description: "theme '\(name)': base themes form a loop")
    }
    let builtIn = entry(named: name)
    if let configDirectory {
      let path = themesDirectory(configDirectory) + "/" + name + ".toml"
      switch ConfigLoader.readSmallTextFile(path) {
      case .missing: break
      case .refused(let reason): throw ThemeLoader.Problem(description: "\(path): \(reason)")
      case .text(let text):
        let base: Theme
        if let baseName = baseName(in: text), baseName != name {
          base = try theme(named: baseName, configDirectory: configDirectory, depth: depth + 1)
        } else if let builtIn {
          base = try ThemeLoader.parse(builtIn.text, source: builtIn.fileName)
        } else {
          base = .dark
        }
        var theme = try ThemeLoader.parse(text, source: path, base: base)
        if !hasName(text) { theme.name = name }
        return theme
      }
    }
    guard let builtIn else {
      var known = builtInNames.joined(separator: ", ")
      if let configDirectory {
        known += "; or a file \(themesDirectory(configDirectory))/NAME.toml"
      }
      throw ThemeLoader.Problem(description: "unknown theme '\(name)' (themes: \(known))")
    }
    return try ThemeLoader.parse(builtIn.text, source: builtIn.fileName)
  }

  /// "default" is the dark theme's file name, so it is accepted as its name too.
  private static func entry(named name: String) -> BuiltInThemes.Entry? {
    let name = name == "default" ? defaultName : name
    return BuiltInThemes.all.first { $0.name == name }
  }

  /// Letters, digits, '-' and '_' (ASCII): a name that is safe as a file name.
  static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 64
      && name.unicodeScalars.allSatisfy {
        ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
          && $0.isASCII
      }
  }

  /// The `base = "NAME"` key of a theme file, when it parses and has one.
  private static func baseName(in text: String) -> String? {
    (try? TOMLTable(string: text))?["base"]?.string
  }

  private static func hasName(_ text: String) -> Bool {
    (try? TOMLTable(string: text))?["name"]?.string != nil
  }
}
