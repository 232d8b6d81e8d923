import Foundation
import Pixels
import LightboxTestSupport
import PhotoModel
import TerminalGraphics
import XCTest

/// kitty pictures through a real tmux: the placeholders Lightbox writes must land in tmux's
/// own grid as one cell each, numbered by row and column, so that tmux can draw them again
/// itself and the terminal outside shows the picture wherever they are.
final class TmuxKittyPlaceholderTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed: tmux test skipped") }
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("tmux-kitty-placeholders")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  /// (row, column) of each placeholder cell of `line`, from its two marks.
  static func numbers(in line: Substring) -> [(row: Int, column: Int)] {
    let index = Dictionary(
      uniqueKeysWithValues: KittyPlaceholder.diacritics.enumerated().map { ($1, $0) })
    let scalars = Array(line.unicodeScalars)
    var out: [(Int, Int)] = []
    for (i, scalar) in scalars.enumerated() where scalar == KittyPlaceholder.character {
      guard i + 2 < scalars.count, let row = index[scalars[i + 1].value],
        let column = index[scalars[i + 2].value]
      else {
        out.append((-1, -1))
        continue
      }
      out.append((row, column))
    }
    return out
  }

  func testShowWritesAGridOfNumberedPlaceholdersThatTmuxKeepsCellByCell() throws {
    // Larger than 20 cells of any cell size, so it is fitted to exactly 20 columns.
    let picture = home.appendingPathComponent("grey.png").path
    try Data(PNGEncoder.encode(Bitmap(width: 1600, height: 800, fill: RGB(90, 90, 90))).get())
      .write(to: URL(fileURLWithPath: picture))
    let environment = [
      "HOME": home.path, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8",
      "PS1": "e2e$ ", "SWIFT_BACKTRACE": "enable=no",
    ]
    let tmux = try TmuxSession(columns: 100, rows: 40, environment: environment)
    defer { tmux.kill() }
    tmux.setOption("allow-passthrough", "on")
    XCTAssertNotNil(tmux.waitFor("e2e\\$"), "the shell prompt did not appear")
    let raw = home.appendingPathComponent("raw.bin").path
    tmux.pipeOutput(to: raw)

    // Forced: the tmux here cannot tell which terminal is outside (there is none).
    tmux.send(
      "\(BuiltProduct.lightbox!) show --graphics kitty --width 20 \(picture); "
        + "echo SHOW-$((1+1))-DONE", literal: true)
    tmux.send("Enter")
    guard let screen = tmux.waitFor("^SHOW-2-DONE", timeout: 20) else {
      return XCTFail("show did not finish:\n\(tmux.capture())")
    }
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let pictureLines = lines.filter { $0.unicodeScalars.contains(KittyPlaceholder.character) }
    // As many rows as the cell size tmux reports makes of a 2:1 picture 20 cells wide.
    XCTAssertGreaterThan(pictureLines.count, 1)
    for (row, line) in pictureLines.enumerated() {
      let cells = Self.numbers(in: line)
      XCTAssertEqual(cells.map(\.row), Array(repeating: row, count: 20), "row \(row)")
      XCTAssertEqual(cells.map(\.column), Array(0..<20), "row \(row)")
    }
    // The prompt's marker comes right after the picture: each placeholder is one cell wide.
    if let last = lines.lastIndex(where: { $0.unicodeScalars.contains(KittyPlaceholder.character) })
    {
      XCTAssertTrue(lines[last + 1].hasPrefix("SHOW-2-DONE"), String(lines[last + 1]))
    }
    // The image itself went to tmux wrapped in its passthrough, never as pane text.
    let written = try Data(contentsOf: URL(fileURLWithPath: raw))
    XCTAssertNotNil(written.range(of: Data("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,".utf8)))
    XCTAssertNotNil(written.range(of: Data("U=1".utf8)))
    XCTAssertFalse(tmux.capture(escapes: true).contains("_Ga="), "no image command as text")
  }
}
