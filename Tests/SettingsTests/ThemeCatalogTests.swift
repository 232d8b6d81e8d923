import Foundation
import Pixels
import LightboxTestSupport
import PhotoModel
import TOMLKit
import TerminalUI
import XCTest

@testable import Settings

/// The shipped themes (files and their built-in copies) and finding themes by name.
final class ThemeCatalogTests: XCTestCase {
  let themesFolder = CorpusLocator.packageRoot.appendingPathComponent("themes")

  func testEmbeddedThemesEqualTheFilesInThemes() throws {
    for entry in BuiltInThemes.all {
      let file = try String(
        contentsOf: themesFolder.appendingPathComponent(entry.fileName), encoding: .utf8)
      XCTAssertEqual(
        entry.text, file,
        "\(entry.fileName) and its copy in BuiltInThemes.swift differ: copy the file over")
    }
    // And every file in themes/ is built in, so none is left out of the binary.
    let files = try FileManager.default.contentsOfDirectory(atPath: themesFolder.path)
      .filter { $0.hasSuffix(".toml") }
    XCTAssertEqual(Set(files), Set(BuiltInThemes.all.map(\.fileName)))
    XCTAssertGreaterThanOrEqual(files.count, 4)
  }

  func testEveryThemeGivesEveryRoleForegroundAndBackground() throws {
    for entry in BuiltInThemes.all {
      let roles = try XCTUnwrap(try TOMLTable(string: entry.text)["roles"]?.table, entry.name)
      XCTAssertEqual(Set(roles.keys), Set(StyleRole.allCases.map { "\($0)" }), entry.name)
      for key in roles.keys {
        let style = try XCTUnwrap(roles[key]?.table, "\(entry.name).\(key)")
        XCTAssertNotNil(style["fg"]?.string.flatMap(RGB.init(hex:)), "\(entry.name).\(key).fg")
        XCTAssertNotNil(style["bg"]?.string.flatMap(RGB.init(hex:)), "\(entry.name).\(key).bg")
        if let bold = style["bold"] { XCTAssertNotNil(bold.bool, "\(entry.name).\(key).bold") }
        XCTAssertEqual(
          Set(style.keys).subtracting(["fg", "bg", "bold"]), [], "\(entry.name).\(key)")
      }
      let theme = try ThemeCatalog.theme(named: entry.name, configDirectory: nil)
      XCTAssertEqual(theme.name, entry.name)
      XCTAssertEqual(Set(theme.styles.keys), Set(StyleRole.allCases))
    }
  }

  func testBuiltInDarkIsTheDefaultTheme() throws {
    XCTAssertEqual(ThemeCatalog.builtInNames.first, ThemeCatalog.defaultName)
    XCTAssertEqual(try ThemeCatalog.theme(named: "dark", configDirectory: nil), Theme.dark)
    XCTAssertEqual(try ThemeCatalog.theme(named: "default", configDirectory: nil), Theme.dark)
    XCTAssertEqual(
      Set(ThemeCatalog.builtInNames), ["dark", "light", "high-contrast", "nord"])
  }

  /// WCAG 2 contrast of every role's text against its background: at least 7:1 in
  /// high-contrast, 4.5:1 in every other theme.
  func testThemesAreReadable() throws {
    for name in ThemeCatalog.builtInNames {
      let theme = try ThemeCatalog.theme(named: name, configDirectory: nil)
      let minimum = name == "high-contrast" ? 7.0 : 4.5
      for role in StyleRole.allCases {
        let style = theme.style(role)
        let ratio = contrast(style.foreground, style.background)
        XCTAssertGreaterThanOrEqual(ratio, minimum, "\(name).\(role): \(ratio)")
      }
      // The normal text of every theme is comfortably readable.
      XCTAssertGreaterThanOrEqual(
        contrast(theme.style(.normal).foreground, theme.style(.normal).background), 7)
    }
  }

  func testUserThemeOverridesTheBuiltInOfTheSameNameRoleByRole() throws {
    let config = try temporaryConfig(themes: [
      "light.toml": "[roles]\nselection = { fg = \"#aa0000\" }\n"
    ])
    let theme = try ThemeCatalog.theme(named: "light", configDirectory: config)
    let builtIn = try ThemeCatalog.theme(named: "light", configDirectory: nil)
    XCTAssertEqual(theme.name, "light")
    XCTAssertEqual(theme.style(.selection).foreground, RGB(0xAA, 0, 0))
    XCTAssertEqual(theme.style(.selection).background, builtIn.style(.selection).background)
    XCTAssertEqual(theme.style(.status), builtIn.style(.status))
    XCTAssertNotEqual(theme, builtIn)
  }

  func testUserThemeExtendsItsBaseOrDark() throws {
    let config = try temporaryConfig(themes: [
      "mine.toml": "base = \"nord\"\n[roles]\nfavorite = { fg = \"#00ff00\" }\n",
      "plain.toml": "name = \"Plain\"\n",
    ])
    let nord = try ThemeCatalog.theme(named: "nord", configDirectory: nil)
    let mine = try ThemeCatalog.theme(named: "mine", configDirectory: config)
    XCTAssertEqual(mine.name, "mine")
    XCTAssertEqual(mine.style(.favorite).foreground, RGB(0, 0xFF, 0))
    XCTAssertEqual(mine.style(.normal), nord.style(.normal))
    let plain = try ThemeCatalog.theme(named: "plain", configDirectory: config)
    XCTAssertEqual(plain.name, "Plain")
    XCTAssertEqual(plain.styles, Theme.dark.styles)
    XCTAssertEqual(
      ThemeCatalog.availableNames(configDirectory: config),
      ["dark", "light", "high-contrast", "nord", "mine", "plain"])
  }

  func testBadNamesAndFilesSayWhy() throws {
    let config = try temporaryConfig(themes: [
      "loop.toml": "base = \"loop2\"\n", "loop2.toml": "base = \"loop\"\n",
      "broken.toml": "[roles\n",
    ])
    XCTAssertThrowsError(try ThemeCatalog.theme(named: "nope", configDirectory: config)) {
      XCTAssertTrue("\($0)".hasPrefix("unknown theme 'nope' (themes: dark, light,"), "\($0)")
    }
    XCTAssertThrowsError(try ThemeCatalog.theme(named: "../../etc/passwd", configDirectory: config))
    {
      XCTAssertTrue("\($0)".contains("letters, digits"), "\($0)")
    }
    XCTAssertThrowsError(try ThemeCatalog.theme(named: "loop", configDirectory: config)) {
      XCTAssertTrue("\($0)".contains("form a loop"), "\($0)")
    }
    XCTAssertThrowsError(try ThemeCatalog.theme(named: "broken", configDirectory: config)) {
      XCTAssertTrue("\($0)".contains("broken.toml:1:"), "\($0)")
    }
  }

  func testThemeFilesRefuseWhatTheyCannotMean() {
    let cases: [(String, String)] = [
      ("colour = \"x\"\n", "t.toml: unknown key 'colour' (keys: name, base, roles)"),
      ("name = 3\n", "t.toml: name must be a string"),
      ("roles = 1\n", "t.toml: roles must be a table: [roles]"),
      (
        "[roles]\nstatus = { foreground = \"#ffffff\" }\n",
        "t.toml: status.foreground is not a style field (fg, bg, bold)"
      ),
      ("[roles]\nstatus = { fg = 16777215 }\n", "t.toml: status.fg must be a string \"#rrggbb\""),
      ("[roles]\nstatus = { bg = \"#12345\" }\n", "t.toml: status.bg '#12345' is not #rrggbb"),
      ("[roles]\nstatus = { bold = \"yes\" }\n", "t.toml: status.bold must be true or false"),
      ("[roles]\n\"\\u001b]0;x\" = {}\n", "t.toml: unknown role '\\u{1B}]0;x'"),
    ]
    for (text, message) in cases {
      XCTAssertThrowsError(try ThemeLoader.parse(text, source: "t.toml"), text) {
        XCTAssertEqual("\($0)", message)
      }
    }
    XCTAssertNoThrow(try ThemeLoader.parse("name = \"x\"\nbase = \"nord\"\n", source: "t.toml"))
  }

  // MARK: - Helpers

  /// A config folder with `themes/` holding the given files.
  func temporaryConfig(themes: [String: String]) throws -> String {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("lightbox-themes-\(UUID().uuidString)")
    let folder = root.appendingPathComponent("themes")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: root) }
    for (name, text) in themes {
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return root.path
  }

  /// The WCAG 2 contrast ratio of two colours (1…21).
  func contrast(_ a: RGB, _ b: RGB) -> Double {
    func luminance(_ c: RGB) -> Double {
      func channel(_ v: UInt8) -> Double {
        let s = Double(v) / 255
        return s <= 0.039_28 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
      }
      return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
    }
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }
}
