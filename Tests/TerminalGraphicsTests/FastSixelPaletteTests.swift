import Foundation
import Pixels
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import TerminalGraphics

/// The fast encoder's registers: a picture of few colours keeps each one, no register is
/// defined that no pixel uses, and a grey picture's greys are not defined twice.
final class FastSixelPaletteTests: XCTestCase {
  let cell = PixelSize(width: 10, height: 20)

  /// Every register the stream defines (`#k;2;r;g;b`) and every one its bands select
  /// (`#k` not followed by `;`).
  private func registers(_ bytes: [UInt8]) throws -> (defined: Set<Int>, selected: Set<Int>) {
    let text = String(decoding: bytes, as: UTF8.self)
    let range = NSRange(text.startIndex..., in: text)
    let definition = try NSRegularExpression(pattern: "#([0-9]+);2;")
    let selection = try NSRegularExpression(pattern: "#([0-9]+)(?![0-9;])")
    func numbers(_ regex: NSRegularExpression) -> Set<Int> {
      Set(
        regex.matches(in: text, range: range).map {
          Int((text as NSString).substring(with: $0.range(at: 1)))!
        })
    }
    return (numbers(definition), numbers(selection))
  }

  /// A night picture: every pixel's channels in levels 0–12 (seeded noise), 5³ shown colours
  /// at most. The median cut's 15-bit bins hold it in eight boxes at most; each shown colour
  /// its own register puts every pixel within the register's rounding (one percent step).
  func testAPictureOfFewColoursKeepsEachOne() throws {
    let seed = TestSeed.value
    var random = SeededGenerator(seed: seed)
    let width = 160
    let height = 90
    var pixels: [UInt8] = []
    for _ in 0..<(width * height) {
      pixels += (0..<3).map { _ in UInt8.random(in: 0...12, using: &random) } + [255]
    }
    let night = Bitmap(width: width, height: height, pixels: pixels)
    let exact = try XCTUnwrap(
      FastSixelEncoder.exactColors(of: night, rows: 0..<height, colors: 256), "seed \(seed)")
    var shown = Set<[Int32]>()
    for i in 0..<(width * height) {
      shown.insert((0..<3).map { FastSixelEncoder.shownLevel(Int(pixels[i * 4 + $0])) })
    }
    XCTAssertEqual(exact.palette.count / 3, shown.count, "one register per shown colour")
    let image = try FastSixelEncoder.encode(night, colors: 256, cell: cell).get()
    let decoded = try XCTUnwrap(SixelRoundTrip.decode(image.bytes))
    for i in 0..<(width * height) {
      for c in 0..<3 {
        let error = abs(Int(decoded.rgb[i * 3 + c]) - Int(pixels[i * 4 + c]))
        XCTAssertLessThanOrEqual(error, 2, "pixel \(i), seed \(seed)")
        if error > 2 { return }
      }
    }
  }

  /// A photo-like picture leaves the exact path (more colours than registers), and so do a
  /// tiny picture of all-different pixels (a register would cost more than its pixels) and
  /// a picture whose few colours lie in different 15-bit bins.
  func testPhotosAndTinyPicturesTakeTheMedianCut() {
    let photo = SixelEncoderTests.skyAndDetail(width: 203, height: 125)
    XCTAssertNil(FastSixelEncoder.exactColors(of: photo, rows: 0..<125, colors: 256))
    var random = SeededGenerator(seed: TestSeed.value)
    let tiny = Bitmap(
      width: 7, height: 13,
      pixels: (0..<(7 * 13)).flatMap { _ in
        [UInt8.random(in: 0...255, using: &random), 90, 30, 255]
      })
    XCTAssertNil(FastSixelEncoder.exactColors(of: tiny, rows: 0..<13, colors: 256))
    // 64 colours, each in its own 15-bit bin: the median cut tells them apart already.
    var spreadPixels: [UInt8] = []
    for i in 0..<(64 * 64) {
      let k = i % 64
      spreadPixels += [UInt8(k * 4), UInt8(k * 2), 40, 255]
    }
    let spread = Bitmap(width: 64, height: 64, pixels: spreadPixels)
    XCTAssertNil(FastSixelEncoder.exactColors(of: spread, rows: 0..<64, colors: 256))
  }

  /// The palette comes from a subsample, so some registers may end up unused; none is
  /// defined in the stream, and the colours switched to most get the shortest numbers.
  func testEveryDefinedRegisterIsUsed() throws {
    for (width, height) in [(203, 125), (640, 437), (140, 105)] {
      let bitmap = SixelEncoderTests.skyAndDetail(width: width, height: height)
      let image = try FastSixelEncoder.encode(bitmap, colors: 256, cell: cell).get()
      let found = try registers(image.bytes)
      XCTAssertEqual(found.defined, found.selected, "\(width)×\(height)")
      XCTAssertEqual(found.defined.count, image.colors)
      // Switches to #0…#9 outnumber those to any ten registers numbered above 99.
      let text = String(decoding: image.bytes, as: UTF8.self)
      let switches = try NSRegularExpression(pattern: "#([0-9]+)(?![0-9;])")
      var perRegister = [Int](repeating: 0, count: 256)
      for match in switches.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        perRegister[Int((text as NSString).substring(with: match.range(at: 1)))!] += 1
      }
      if image.colors > 110 {
        let low = perRegister[0..<10].reduce(0, +)
        let high = perRegister[100..<110].reduce(0, +)
        XCTAssertGreaterThan(low, high, "\(width)×\(height)")
      }
    }
    // Register 1 unused; register 2 starts two nodes (one in each part), register 0 one:
    // 2 becomes #0, 0 becomes #1.
    let kept = FastSixelEncoder.withoutUnusedRegisters(
      palette: [1, 2, 3, 4, 5, 6, 7, 8, 9], parts: [[0, 2, 2], [2]], width: 1)
    XCTAssertEqual(kept.palette, [7, 8, 9, 1, 2, 3])
    XCTAssertEqual(kept.parts, [[1, 0, 0], [0]])
  }

  /// Greys 0…90 (91 levels) fall on 36 percent steps: 36 registers, each used (it defined
  /// 91, two or three of them per step, and used 36).
  func testAGreyIsDefinedOncePerPercentStep() throws {
    var pixels: [UInt8] = []
    for _ in 0..<40 {
      for x in 0..<182 {
        let level = UInt8(x / 2)
        pixels += [level, level, level, 255]
      }
    }
    let grey = Bitmap(width: 182, height: 40, pixels: pixels)
    let image = try FastSixelEncoder.encode(grey, colors: 256, cell: cell).get()
    let steps = Set((0...90).map { FastSixelEncoder.shownLevel($0) }).count
    XCTAssertEqual(steps, 36)
    XCTAssertEqual(image.colors, steps)
    let found = try registers(image.bytes)
    XCTAssertEqual(found.defined, found.selected)
  }
}
