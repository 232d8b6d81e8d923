import Foundation
@testable import Settings
import LightboxTestSupport
import XCTest

/// Theme files found by `scripts/fuzz theme` that once crashed the parser: toml++ (inside
/// TOMLKit) aborted on an assertion for a control character in a table header, and for a
/// table header whose name does not start like a key.
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
    let theme = try ThemeLoader.parse(
      "name = \"tabbed\"\r\n[roles.title]\r\n\tbold = true\r\n", source: "t.toml")
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

  func testFuzzedHeadersThatAreNotKeysAreProblemsForThemesAndConfig() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
      .filter { $0.hasPrefix("theme-header-not-a-key-") }.sorted()
    XCTAssertEqual(names.count, 4)
    try assertRefused(names, saying: "a table name cannot start with")
  }

  func testFuzzedBraceInsideAnArrayIsAProblemForThemesAndConfig() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
      .filter { $0.hasPrefix("theme-brace-in-array-") }.sorted()
    XCTAssertEqual(names.count, 2)
    try assertRefused(names, saying: "'}' inside an array")
  }

  /// Each fixture is a one-line problem from the theme loader and from the config loader.
  func assertRefused(_ names: [String], saying words: String) throws {
    for name in names {
      let text = String(
        decoding: try Data(contentsOf: Self.fixtures.appendingPathComponent(name)), as: UTF8.self)
      XCTAssertThrowsError(try ThemeLoader.parse(text, source: "t.toml"), name) {
        XCTAssertTrue("\($0)".contains(words), "\(name): \($0)")
      }
      let (config, problems) = ConfigLoader.parse(text, source: "c.toml")
      XCTAssertEqual(config, .defaults, name)
      XCTAssertEqual(problems.count, 1, name)
      XCTAssertTrue(problems.first?.contains(words) ?? false, name)
    }
  }

  func testTableHeadersAreFoundOnlyWhereTOMLHasThem() throws {
    // Refused, with the line: what toml++ would assert on.
    for (text, line) in [
      ("[#x]\n", 1), ("a = 1\n[.b]\n", 2), ("[[=]]\n", 1), ("[ !]\n", 1), ("x = 1\n\n  [\n", 3),
      ("s = '''\n[fine]\n'''\n[~]\n", 4), ("a = [}\n", 1), ("t = { g = [[[}\n", 1),
      ("a = [\n  1,\n  }\n", 3),
    ] {
      XCTAssertNotNil(TOMLText.tableHeaderProblem(in: text, source: "s"), text.debugDescription)
      XCTAssertEqual(
        TOMLText.tableHeaderProblem(in: text, source: "s").map { $0.hasPrefix("s:\(line):") }, true,
        "\(text.debugDescription): \(TOMLText.tableHeaderProblem(in: text, source: "s") ?? "")")
    }
    // Left to TOMLKit: valid headers, and brackets inside values, strings and comments.
    for text in [
      "[roles.title]\nfg = \"#ffffff\"\n", "[[a]]\n[ \"quoted key\" ]\n['lit']\n", "[]\n",
      "roots = [\n  \"/a\",\n  [\"#b\"],\n]\n", "x = \"[#not a header]\"\n# [#comment]\n",
      "m = \"\"\"\n[#inside]\n\"\"\"\n", "t = { a = [1] }\n", "e = \"a\\\"[#\"\n",
      "n = [ [1, 2], { x = \"}\" } ]\n",
    ] {
      XCTAssertNil(TOMLText.tableHeaderProblem(in: text, source: "s"), text.debugDescription)
    }
    // The config still reads a normal file after the check.
    let (config, problems) = ConfigLoader.parse("theme = \"nord\"\n[keys]\n", source: "c")
    XCTAssertEqual(problems, [])
    XCTAssertEqual(config.theme, "nord")
  }

  func testParserMessagesAreOneLine() throws {
    // A fuzzed config whose TOMLKit error description had a line break in it.
    let text = "#m$y:(Ina=  = \"/#000000\" = \"/#000000\"\nbold = t\nbold = true#"
    let (_, problems) = ConfigLoader.parse(text, source: "config.toml")
    XCTAssertEqual(problems.count, 1)
    for problem in problems {
      XCTAssertFalse(problem.contains("\n"), problem.debugDescription)
      XCTAssertTrue(problem.hasPrefix("config.toml:"), problem)
    }
    XCTAssertThrowsError(try ThemeLoader.parse(text, source: "t.toml")) {
      XCTAssertFalse("\($0)".contains("\n"), "\($0)".debugDescription)
    }
    XCTAssertEqual(
      TOMLText.parseProblem("Error while parsing\n  key: bad\u{9B}x\n", line: 3, source: "s"),
      "s:3: Error while parsing key: bad\\u{009B}x")
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
