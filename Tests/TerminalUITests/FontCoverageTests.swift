import Foundation
import XCTest

@testable import TerminalUI

/// Every non-ASCII glyph Lightbox draws is in DejaVu Sans Mono (Debian's default monospace
/// font) and in the Linux console's fonts, and takes one column: a missing glyph shows as an
/// empty box. scripts/install-deps installs the fonts (fonts-dejavu-core,
/// console-setup-linux); without them the test skips and says so.
final class FontCoverageTests: XCTestCase {
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
  /// Debian's default console font for Latin locales, and the Terminus one the issue named.
  static let consoleFonts = [
    "/usr/share/consolefonts/Lat15-Fixed16.psf.gz",
    "/usr/share/consolefonts/Lat2-Terminus16.psf.gz",
  ]

  /// The package's root folder (this file is Tests/TerminalUITests/…).
  static var root: URL {
    URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// Non-ASCII characters of the string literals in the sources of the modules whose text
  /// reaches the screen (comments are left out).
  static func sourceGlyphs() throws -> [Character: String] {
    var found: [Character: String] = [:]
    for module in ["TerminalUI", "PhotoStore", "PhotoModel"] {
      let folder = root.appendingPathComponent("Sources/\(module)")
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
      where name.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        for (number, line) in text.split(separator: "\n").enumerated() {
          for character in literalCharacters(of: Substring(line)) where !character.isASCII {
            found[character] = found[character] ?? "\(module)/\(name):\(number + 1)"
          }
        }
      }
    }
    return found
  }

  /// The characters inside string literals on one line, up to a comment.
  static func literalCharacters(of line: Substring) -> [Character] {
    var inString = false
    var escaped = false
    var previous: Character = " "
    var characters: [Character] = []
    for character in line {
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        } else {
          characters.append(character)
        }
      } else if character == "\"" {
        inString = true
      } else if character == "/" && previous == "/" {
        break
      }
      previous = character
    }
    return characters
  }

  /// Non-ASCII characters in the text of every golden frame.
  static func snapshotGlyphs() throws -> [Character: String] {
    var found: [Character: String] = [:]
    let folder = root.appendingPathComponent("Tests/TerminalUITests/Snapshots")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where name.hasSuffix(".txt") {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      guard let start = text.range(of: "-- text\n"), let end = text.range(of: "\n-- roles")
      else { continue }
      for character in text[start.upperBound..<end.lowerBound] where !character.isASCII {
        found[character] = found[character] ?? "Snapshots/\(name)"
      }
    }
    return found
  }

  func testEveryGlyphIsInDejaVuSansMonoAndTheConsoleFonts() throws {
    var fonts: [FontCharset] = []
    var absent: [String] = []
    if let font = FontCharset.trueTypeFont(at: Self.dejaVu) {
      fonts.append(font)
    } else {
      absent.append(Self.dejaVu)
    }
    for path in Self.consoleFonts {
      if let font = FontCharset.consoleFont(at: path) {
        fonts.append(font)
      } else {
        absent.append(path)
      }
    }
    if !absent.isEmpty {
      throw XCTSkip("font files absent (scripts/install-deps installs them): \(absent)")
    }
    var glyphs = try Self.sourceGlyphs().merging(Self.snapshotGlyphs()) { a, _ in a }
    for glyph in Glyphs.all { glyphs[Character(glyph)] = glyphs[Character(glyph)] ?? "Glyphs" }
    // The scan must find what the view draws (a scan that finds nothing checks nothing).
    XCTAssertNotNil(glyphs[Character(Glyphs.favorite)])
    XCTAssertNotNil(glyphs["╭"])
    for (glyph, origin) in glyphs.sorted(by: { $0.key < $1.key }) {
      XCTAssertEqual(TerminalText.width(of: glyph), 1, "\(glyph) (\(origin)) is not one column")
      for scalar in glyph.unicodeScalars {
        for font in fonts where !font.contains(scalar) {
          XCTFail(
            "\(glyph) U+\(String(scalar.value, radix: 16, uppercase: true)) (\(origin)) "
              + "is not in \(font.name)")
        }
      }
    }
  }

  /// The parsers read what they should: a glyph every font has, and one none has.
  func testTheFontTablesAreRead() throws {
    guard let dejaVu = FontCharset.trueTypeFont(at: Self.dejaVu),
      let console = FontCharset.consoleFont(at: Self.consoleFonts[0])
    else { throw XCTSkip("font files absent (scripts/install-deps installs them)") }
    for font in [dejaVu, console] {
      XCTAssertTrue(font.contains("A"), font.name)
      XCTAssertTrue(font.contains("│"), font.name)
      XCTAssertFalse(font.contains("🗑"), font.name)
    }
    // The console fonts have a few hundred glyphs; the heart is not one of them.
    XCTAssertFalse(console.contains("♥"))
    XCTAssertTrue(dejaVu.contains("♥"))
  }
}
