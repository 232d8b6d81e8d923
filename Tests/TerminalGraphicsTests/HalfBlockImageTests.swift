import Pixels
import PhotoModel
import XCTest

@testable import TerminalGraphics

final class HalfBlockImageTests: XCTestCase {
  func testUpperPixelIsForegroundLowerIsBackground() {
    // 2×3: rows red, blue, green. The odd last row repeats as its own background.
    var pixels: [UInt8] = []
    for rgb in [
      RGB(255, 0, 0), RGB(255, 0, 0), RGB(0, 0, 255), RGB(0, 0, 255), RGB(0, 255, 0),
      RGB(0, 255, 0),
    ] {
      pixels += [rgb.r, rgb.g, rgb.b, 255]
    }
    let image = HalfBlockImage(
      bitmap: Bitmap(width: 2, height: 3, pixels: pixels), depth: .trueColor)
    XCTAssertEqual(image.columns, 2)
    XCTAssertEqual(image.rows, 2)
    XCTAssertEqual(image.cells[0], HalfBlockCell(top: RGB(255, 0, 0), bottom: RGB(0, 0, 255)))
    XCTAssertEqual(image.cells[2], HalfBlockCell(top: RGB(0, 255, 0), bottom: RGB(0, 255, 0)))
    let row0 = String(decoding: image.encodedRows[0], as: UTF8.self)
    // Colours are sent once per change, then two glyphs, then a reset.
    XCTAssertEqual(row0, "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀▀\u{1B}[0m")
  }

  func testPalette256UsesCubeAndGreyRamp() {
    XCTAssertEqual(Palette256.nearestIndex(RGB(255, 0, 0)), 196)
    XCTAssertEqual(Palette256.nearestIndex(RGB(0, 0, 0)), 16)
    XCTAssertEqual(Palette256.nearestIndex(RGB(255, 255, 255)), 231)
    // A mid grey lands on the grey ramp, not on a tinted cube entry.
    let grey = Palette256.nearestIndex(RGB(128, 128, 128))
    XCTAssertTrue((232...255).contains(grey) || grey == 244 || grey == 102, "\(grey)")
    let c = Palette256.color(ofIndex: grey)
    XCTAssertEqual(c.r, c.g)
    XCTAssertEqual(c.g, c.b)
    // Every colour maps near itself: the cube's widest step is 95, so the summed error
    // of a good match stays well under 3 × 60.
    for r in stride(from: 0, through: 255, by: 17) {
      for g in stride(from: 0, through: 255, by: 51) {
        let mapped = Palette256.color(
          ofIndex: Palette256.nearestIndex(RGB(UInt8(r), UInt8(g), 100)))
        XCTAssertLessThan(
          abs(Int(mapped.r) - r) + abs(Int(mapped.g) - g) + abs(Int(mapped.b) - 100), 180)
      }
    }
  }

  func testPalette256Encoding() {
    let bitmap = Bitmap(width: 3, height: 2, fill: RGB(255, 0, 0))
    let row = String(
      decoding: HalfBlockImage(bitmap: bitmap, depth: .palette256).encodedRows[0], as: UTF8.self)
    XCTAssertEqual(row, "\u{1B}[38;5;196m\u{1B}[48;5;196m▀▀▀\u{1B}[0m")
  }

  func testColorDepthFromEnvironment() {
    XCTAssertEqual(ColorDepth.detect(environment: ["COLORTERM": "truecolor"]), .trueColor)
    XCTAssertEqual(ColorDepth.detect(environment: ["COLORTERM": "24bit"]), .trueColor)
    XCTAssertEqual(ColorDepth.detect(environment: [:]), .palette256)
  }
}
