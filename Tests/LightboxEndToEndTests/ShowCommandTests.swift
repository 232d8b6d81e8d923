import Foundation
import LightboxTestSupport
import XCTest

@testable import LightboxCommands

/// `lightbox show` as a user runs it: the built binary, output captured (not a terminal,
/// so nothing is asked and the cell is the default 10×20).
final class ShowCommandTests: XCTestCase {
  var lightbox: String!
  var corpus: URL!
  var rows: [[String: String]] = []

  override func setUpWithError() throws {
    let binary = try BuiltProduct.requireLightbox()
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    lightbox = binary
    self.corpus = corpus
    rows = try CorpusLocator.expectations().filter { $0["kind"] == "valid" }
  }

  func environment(truecolor: Bool) -> [String: String] {
    var env = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8"]
    if truecolor { env["COLORTERM"] = "truecolor" }
    return env
  }

  /// A valid JPEG whose upright shape is known from expectations.tsv.
  func photo(orientations: Set<String>) throws -> (path: String, width: Int, height: Int) {
    let row = try XCTUnwrap(
      rows.first {
        ($0["path"] ?? "").hasSuffix(".jpg") && orientations.contains($0["exif_orientation"] ?? "-")
          && Int($0["width"] ?? "") ?? 0 >= 200 && Int($0["height"] ?? "") ?? 0 >= 200
      }, "no such photo in the corpus")
    var w = Int(row["width"]!)!
    var h = Int(row["height"]!)!
    if ["5", "6", "7", "8"].contains(row["exif_orientation"]) { swap(&w, &h) }
    return (corpus.appendingPathComponent(row["path"]!).path, w, h)
  }

  /// The printed rows with their SGR sequences removed.
  func visibleRows(_ output: String) -> [String] {
    let plain = output.replacingOccurrences(
      of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    return plain.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  func testHalfBlocksAtWidth20() throws {
    let photo = try photo(orientations: ["1", "-"])
    let result = Subprocess.run(
      [lightbox, "show", "--graphics", "halfblock", "--width", "20", photo.path],
      environment: environment(truecolor: true))
    XCTAssertEqual(result.status, 0, result.output)
    let lines = result.output.split(separator: "\n").map(String.init)
    // Rows of half-blocks for the photo's aspect on 10×20 cells (square half-cells).
    let expectedRows = (20 * photo.height / photo.width + 1) / 2
    XCTAssertEqual(Double(lines.count), Double(expectedRows), accuracy: 1, result.output)
    for line in lines {
      XCTAssertTrue(line.hasPrefix("\u{1B}[38;2;"), "each row starts with a 24-bit colour")
      XCTAssertTrue(line.hasSuffix("\u{1B}[0m"), "each row resets its colours")
    }
    for row in visibleRows(result.output) {
      XCTAssertEqual(row, String(repeating: "▀", count: 20))
    }
  }

  func testHeightLimitKeepsTheAspect() throws {
    let photo = try photo(orientations: ["1", "-"])
    let result = Subprocess.run(
      [
        lightbox, "show", "--graphics", "halfblock", "--width", "200", "--height", "10", photo.path,
      ],
      environment: environment(truecolor: true))
    XCTAssertEqual(result.status, 0, result.output)
    let rows = visibleRows(result.output)
    XCTAssertLessThanOrEqual(rows.count, 10)
    XCTAssertGreaterThanOrEqual(rows.count, 9)
    // Narrower than 200 columns, by the photo's aspect (square half-cells on 10×20 cells).
    let columns = rows[0].count
    XCTAssertEqual(
      Double(columns), Double(rows.count * 2 * photo.width) / Double(photo.height), accuracy: 3)
  }

  func testHalfBlocksIn256ColoursWithoutCOLORTERM() throws {
    let photo = try photo(orientations: ["1", "-"])
    let result = Subprocess.run(
      [lightbox, "show", "--graphics", "halfblock", "--width", "12", photo.path],
      environment: environment(truecolor: false))
    XCTAssertEqual(result.status, 0, result.output)
    XCTAssertTrue(result.output.contains("\u{1B}[38;5;"))
    XCTAssertFalse(result.output.contains("\u{1B}[38;2;"))
  }

  func testOrientationIsApplied() throws {
    // Tagged "rotate 90°": drawn with the upright aspect, not the stored one.
    let photo = try photo(orientations: ["6", "8"])
    let result = Subprocess.run(
      [lightbox, "show", "--graphics", "halfblock", "--width", "20", photo.path],
      environment: environment(truecolor: true))
    XCTAssertEqual(result.status, 0, result.output)
    let upright = (20 * photo.height / photo.width + 1) / 2
    let stored = (20 * photo.width / photo.height + 1) / 2
    XCTAssertGreaterThan(abs(upright - stored), 2, "the test needs a clearly non-square photo")
    XCTAssertEqual(Double(visibleRows(result.output).count), Double(upright), accuracy: 1)
  }

  func testHostileFileNameIsEscapedAndTheStatusIs1() throws {
    let dir = BuiltProduct.temporaryDirectory("show")
    defer { try? FileManager.default.removeItem(at: dir) }
    let name = "evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m.jpg"
    let bad = dir.appendingPathComponent(name).path
    try Data("not a picture".utf8).write(to: URL(fileURLWithPath: bad))
    let good = try photo(orientations: ["1", "-"]).path
    let result = Subprocess.run(
      [lightbox, "show", "--graphics", "halfblock", "--width", "8", bad, good],
      environment: environment(truecolor: true))
    XCTAssertEqual(result.status, 1, "a bad file makes the exit status 1")
    let errorLines = result.output.split(separator: "\n").filter { $0.hasPrefix("lightbox:") }
    XCTAssertEqual(errorLines.count, 1, result.output)
    let line = String(errorLines[0])
    XCTAssertTrue(line.contains("evil\\e]0;pwned\\x07\\e[2J"), line)
    XCTAssertTrue(line.contains("not an image Lightbox decodes"), line)
    XCTAssertFalse(
      line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    // The good file after it is still drawn.
    XCTAssertTrue(visibleRows(result.output).contains(String(repeating: "▀", count: 8)))
  }

  func testSixelOutput() throws {
    let photo = try photo(orientations: ["1", "-"])
    let result = Subprocess.run(
      [lightbox, "show", "--graphics", "sixel", "--width", "20", photo.path],
      environment: environment(truecolor: true))
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.output.hasPrefix("\u{1B}P"), "a DCS sixel sequence")
    // 20 columns of 10 px.
    XCTAssertTrue(result.output.contains("\"1;1;200;"), String(result.output.prefix(40)))
    XCTAssertTrue(result.output.contains("\u{1B}\\"))
  }

  func testBadOptionsAreRefused() {
    let result = Subprocess.run([lightbox, "show", "--graphics", "tektronix", "x.jpg"])
    XCTAssertNotEqual(result.status, 0)
    XCTAssertTrue(result.output.contains("auto, kitty, iterm2, sixel or halfblock"), result.output)
  }
}
