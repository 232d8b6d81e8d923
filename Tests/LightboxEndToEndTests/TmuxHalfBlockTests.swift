import Foundation
import Pixels
import LightboxTestSupport
import PhotoModel
import TerminalGraphics
import XCTest

/// tmux before 3.4 swallows sixel: Lightbox must pick half-blocks there, and the picture
/// must be right in tmux's own screen (`capture-pane -e`), colour by colour.
final class TmuxHalfBlockTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed: tmux test skipped") }
    _ = try BuiltProduct.requireLightbox()
    let version = Subprocess.run(["tmux", "-V"]).output
    guard let tmux = TmuxVersion(parsing: version), tmux < TmuxVersion(major: 3, minor: 4) else {
      throw XCTSkip(
        "\(version.trimmingCharacters(in: .whitespacesAndNewlines)) may pass sixel: this test is for tmux before 3.4"
      )
    }
    home = BuiltProduct.temporaryDirectory("tmux-halfblock")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  /// A picture of four flat quadrants: red, blue / green, yellow.
  static let quadrants: [[RGB]] = [
    [RGB(255, 0, 0), RGB(0, 0, 255)], [RGB(0, 255, 0), RGB(255, 255, 0)],
  ]

  func writeQuadrants(to path: String) throws {
    var bitmap = Bitmap(width: 80, height: 80, fill: .black)
    for y in 0..<80 {
      for x in 0..<80 {
        let c = Self.quadrants[y / 40][x / 40]
        let i = (y * 80 + x) * 4
        bitmap.pixels[i] = c.r
        bitmap.pixels[i + 1] = c.g
        bitmap.pixels[i + 2] = c.b
      }
    }
    try Data(PNGEncoder.encode(bitmap).get()).write(to: URL(fileURLWithPath: path))
  }

  /// The cells of a `capture-pane -e` screen: character, foreground and background.
  static func cells(of screen: String) -> [[(text: Character, fg: RGB?, bg: RGB?)]] {
    var rows: [[(text: Character, fg: RGB?, bg: RGB?)]] = []
    var fg: RGB?
    var bg: RGB?
    for line in screen.split(separator: "\n", omittingEmptySubsequences: false) {
      var row: [(text: Character, fg: RGB?, bg: RGB?)] = []
      let chars = Array(line)
      var i = 0
      while i < chars.count {
        if chars[i] == "\u{1B}", i + 1 < chars.count, chars[i + 1] == "[" {
          var j = i + 2
          while j < chars.count, !chars[j].isLetter { j += 1 }
          guard j < chars.count else { break }
          if chars[j] == "m" {
            let params = String(chars[(i + 2)..<j]).split(
              separator: ";", omittingEmptySubsequences: false
            )
            .map { Int($0) ?? 0 }
            var k = 0
            while k < params.count {
              switch params[k] {
              case 0:
                fg = nil
                bg = nil
              case 39: fg = nil
              case 49: bg = nil
              case 38, 48:
                var color: RGB?
                if k + 2 < params.count, params[k + 1] == 5 {
                  color = Palette256.color(ofIndex: params[k + 2])
                } else if k + 4 < params.count, params[k + 1] == 2 {
                  color = RGB(
                    UInt8(clamping: params[k + 2]), UInt8(clamping: params[k + 3]),
                    UInt8(clamping: params[k + 4]))
                }
                if params[k] == 38 { fg = color } else { bg = color }
                k += k + 1 < params.count && params[k + 1] == 5 ? 2 : 4
              default: break
              }
              k += 1
            }
          }
          i = j + 1
          continue
        }
        row.append((chars[i], fg, bg))
        i += 1
      }
      rows.append(row)
    }
    return rows
  }

  static func close(_ a: RGB?, _ b: RGB) -> Bool {
    guard let a else { return false }
    return abs(Int(a.r) - Int(b.r)) < 40 && abs(Int(a.g) - Int(b.g)) < 40
      && abs(Int(a.b) - Int(b.b)) < 40
  }

  func testPicksHalfBlocksAndThePictureIsRightInCapturePane() throws {
    let picture = home.appendingPathComponent("quadrants.png").path
    try writeQuadrants(to: picture)
    let environment = [
      "HOME": home.path, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8",
      "PS1": "e2e$ ", "SWIFT_BACKTRACE": "enable=no",
    ]
    let tmux = try TmuxSession(columns: 100, rows: 40, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"), "the shell prompt did not appear")

    // The choice, and why.
    // The markers are computed by the shell, so the typed command line (which may wrap to
    // start a screen line with its last words) never matches them.
    tmux.send("\(BuiltProduct.lightbox!) doctor; echo DOCTOR-$((1+1))-DONE", literal: true)
    tmux.send("Enter")
    guard let doctor = tmux.waitFor("^DOCTOR-2-DONE", timeout: 20) else {
      return XCTFail("doctor did not finish:\n\(tmux.capture())")
    }
    XCTAssertTrue(doctor.contains("graphics mode: halfblock"), doctor)
    XCTAssertTrue(doctor.contains("tmux 3."), doctor)
    tmux.send("clear", literal: true)
    tmux.send("Enter")

    // The picture: 20 columns × 10 rows of ▀, each half the right colour.
    tmux.send(
      "\(BuiltProduct.lightbox!) show --width 20 \(picture); echo SHOW-$((1+1))-DONE", literal: true
    )
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("^SHOW-2-DONE", timeout: 20), tmux.capture())
    let cells = Self.cells(of: tmux.capture(escapes: true))
    let pictureRows = cells.enumerated().filter { $0.element.contains { $0.text == "▀" } }.map(
      \.offset)
    XCTAssertEqual(pictureRows.count, 10, "rows of half-blocks")
    guard let top = pictureRows.first, pictureRows.count == 10 else { return }
    for row in 0..<10 {
      let line = cells[top + row]
      XCTAssertGreaterThanOrEqual(line.count, 20)
      guard line.count >= 20 else { continue }
      for column in 0..<20 {
        // Skip the cells on the quadrants' borders (resampling blends them).
        guard column != 9, column != 10, row != 4, row != 5 else { continue }
        let cell = line[column]
        let want = Self.quadrants[row / 5][column / 10]
        XCTAssertEqual(cell.text, "▀", "row \(row) column \(column)")
        XCTAssertTrue(
          Self.close(cell.fg, want),
          "row \(row) column \(column): top \(String(describing: cell.fg)), want \(want)")
        XCTAssertTrue(
          Self.close(cell.bg, want),
          "row \(row) column \(column): bottom \(String(describing: cell.bg)), want \(want)")
      }
    }
  }
}
