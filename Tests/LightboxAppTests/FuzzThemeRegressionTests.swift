import Foundation
import LightboxApp
import LightboxTestSupport
import XCTest

/// Theme files found by `scripts/fuzz theme` that once crashed the parser: toml++ (inside
/// TOMLKit) aborted on an assertion for a control character in a table header.
final class FuzzThemeRegressionTests: XCTestCase {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fuzz")

  func testFuzzedThemeWithControlCharacterInHeaderIsAProblem() throws {
    let url = Self.fixtures.appendingPathComponent("theme-control-in-table-header.toml")
    let bytes = try Data(contentsOf: url)
    // As the fuzzer hands it over: invalid UTF-8 repaired, the NULs kept.
    let text = String(decoding: bytes, as: UTF8.self)
    XCTAssertThrowsError(try ThemeLoader.parse(text, source: "fuzzed.toml")) { error in
      let reason = "\(error)"
      XCTAssertEqual(reason, "fuzzed.toml:2: control character U+03 is not allowed in TOML")
    }
  }

  func testControlCharactersAnywhereAreRefusedWithTheirLine() throws {
    for (text, line) in [
      ("name = \"x\"\n[\u{3}roles]\n", 2), ("[roles.title]\nfg = \"#ffffff\u{0}\"\n", 2),
      ("\u{1B}[2J = 1\n", 1), ("name = \"a\"\n\n# comment \u{7F}\n", 3),
    ] {
      XCTAssertThrowsError(try ThemeLoader.parse(text, source: "t.toml"), text.debugDescription) {
        XCTAssertTrue("\($0)".hasPrefix("t.toml:\(line): control character"), "\($0)")
      }
    }
    // Tabs and CRLF line ends are TOML and still parse.
    let theme = try ThemeLoader.parse("name = \"tabbed\"\r\n[roles.title]\r\n\tbold = true\r\n", source: "t.toml")
    XCTAssertEqual(theme.name, "tabbed")
  }

  func testConfigWithTheFuzzedTextIsAProblemAndTheDefaults() throws {
    // config.toml goes through the same TOML parser: the theme finding must not abort it.
    let url = Self.fixtures.appendingPathComponent("theme-control-in-table-header.toml")
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    let (config, problems) = ConfigLoader.parse(text, source: "config.toml")
    XCTAssertEqual(config, .defaults)
    XCTAssertEqual(problems, ["config.toml:2: control character U+03 is not allowed in TOML"])
    let (_, escaped) = ConfigLoader.parse("theme = \"nord\"\n\u{1B}]0;x\u{7}\n", source: "c")
    XCTAssertEqual(escaped, ["c:2: control character U+1B is not allowed in TOML"])
  }

  func testThemeFileWithAControlCharacterLoadsAsAProblem() throws {
    let folder = BuiltProduct.temporaryDirectory("theme-fuzz")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.path + "/bad.toml"
    try Data("name = \"x\"\n[\u{3}roles]\n".utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertThrowsError(try ThemeLoader.load(path: path)) {
      XCTAssertEqual("\($0)", "\(path):2: control character U+03 is not allowed in TOML")
    }
  }
}
