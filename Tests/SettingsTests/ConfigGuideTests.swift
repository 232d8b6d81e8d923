import Foundation
import LightboxTestSupport
import TerminalUI
import XCTest

@testable import Settings

/// The Configuration and Themes sections of docs/guide.md stay true: the command table is
/// KeyCommand's, the example config is the defaults, the role table names every role.
final class ConfigGuideTests: XCTestCase {
  func guide() throws -> String {
    try String(
      contentsOf: CorpusLocator.packageRoot.appendingPathComponent("docs/guide.md"),
      encoding: .utf8)
  }

  /// The text of `section` (a `## ` heading) up to the next `## ` heading.
  func section(_ title: String) throws -> String {
    let text = try guide()
    let start = try XCTUnwrap(text.range(of: "\n## \(title)\n"), "no section \(title)")
    let rest = text[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
  }

  /// The fenced ```toml blocks of a text.
  func tomlBlocks(_ text: String) -> [String] {
    text.components(separatedBy: "```toml\n").dropFirst().compactMap {
      $0.components(separatedBy: "```").first
    }
  }

  /// The cells of the table rows of a text (header and rule dropped), backticks removed.
  func tableRows(_ text: String) -> [[String]] {
    text.split(separator: "\n").filter { $0.hasPrefix("| ") }.dropFirst().map { line in
      line.split(separator: "|").map {
        $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
      }
    }.filter { !$0.allSatisfy { $0.allSatisfy { $0 == "-" || $0 == " " } } }
  }

  func testCommandTableIsKeyCommandWithItsDefaultKeys() throws {
    let text = try section("Configuration")
    let start = try XCTUnwrap(text.range(of: "<!-- keys-table"))
    let end = try XCTUnwrap(text.range(of: "<!-- end keys-table -->"))
    let rows = tableRows(String(text[start.upperBound..<end.lowerBound]))
    XCTAssertEqual(rows.map { $0[0] }, KeyCommand.allCases.map(\.rawValue))
    for (row, command) in zip(rows, KeyCommand.allCases) {
      XCTAssertEqual(
        row[1], KeyName.names(of: command.defaultKeys).joined(separator: ", "), command.rawValue)
      XCTAssertFalse(row[2].isEmpty, command.rawValue)
    }
  }

  func testExampleConfigIsTheDefaults() throws {
    let blocks = tomlBlocks(try section("Configuration"))
    XCTAssertEqual(blocks.count, 1)
    let (config, problems) = ConfigLoader.parse(try XCTUnwrap(blocks.first), source: "guide")
    XCTAssertEqual(problems, [])
    XCTAssertEqual(config.keyMap.bindings, KeyMap().bindings)
    XCTAssertFalse(config.keys.isEmpty, "the example shows a [keys] entry")
    var withoutKeys = config
    withoutKeys.keys = [:]
    XCTAssertEqual(withoutKeys, .defaults)
    // The settings table names every key the loader knows.
    let settings = tableRows(try section("Configuration")).map { $0[0] }
    for key in ConfigLoader.knownKeys {
      XCTAssertTrue(settings.contains(key == "keys" ? "[keys]" : key), key)
    }
  }

  func testThemesSectionNamesEveryRoleAndItsExampleLoads() throws {
    let text = try section("Themes")
    let named = tableRows(text).flatMap {
      $0[0].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    XCTAssertEqual(named.sorted(), StyleRole.allCases.map { "\($0)" }.sorted())
    for name in ThemeCatalog.builtInNames {
      XCTAssertTrue(text.contains("**\(name)**"), name)
    }

    let example = try XCTUnwrap(tomlBlocks(text).first)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lightbox-guide-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("themes"), withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    try example.write(
      to: folder.appendingPathComponent("themes/mine.toml"), atomically: true, encoding: .utf8)
    let mine = try ThemeCatalog.theme(named: "mine", configDirectory: folder.path)
    let nord = try ThemeCatalog.theme(named: "nord", configDirectory: nil)
    XCTAssertEqual(mine.name, "mine")
    XCTAssertNotEqual(mine.style(.selection), nord.style(.selection))
    XCTAssertEqual(mine.style(.status), nord.style(.status))
  }
}
