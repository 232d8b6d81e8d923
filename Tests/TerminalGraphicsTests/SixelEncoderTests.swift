import Foundation
import Pixels
@_spi(Decoders) import Decoders
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import TerminalGraphics

final class SixelEncoderTests: XCTestCase {
  /// A smooth sky over a busy bottom half: the kind of picture that bands.
  static func skyAndDetail(width: Int = 160, height: Int = 120) -> Bitmap {
    var px: [UInt8] = []
    px.reserveCapacity(width * height * 4)
    var seed: UInt32 = 12345
    for y in 0..<height {
      for x in 0..<width {
        if y < height / 2 {
          let t = Double(y) / Double(height / 2)
          let u = Double(x) / Double(width)
          px += [UInt8(70 + 60 * t + 10 * u), UInt8(130 + 50 * t), UInt8(235 - 20 * t), 255]
        } else {
          seed = seed &* 1_103_515_245 &+ 12345
          let n = UInt8(truncatingIfNeeded: seed >> 16)
          px += [UInt8(x * 255 / width), n / 2 &+ UInt8(y % 64), UInt8(255 - x * 255 / width), 255]
        }
      }
    }
    return Bitmap(width: width, height: height, pixels: px)
  }

  func testEncodesAValidSixelStreamThatDecodesBackClosely() throws {
    let bitmap = Self.skyAndDetail()
    let image = try SixelEncoder.encode(
      bitmap, options: .init(cell: PixelSize(width: 10, height: 19))
    ).get()
    XCTAssertEqual(image.pixelSize, PixelSize(width: 160, height: 120))
    XCTAssertEqual(
      image.cellSize, PixelSize(width: 16, height: 7), "120 px / 19 px cells, rounded up")
    // 7-bit DCS … ST with raster attributes of the image size.
    XCTAssertEqual(Array(image.bytes.prefix(2)), [0x1B, UInt8(ascii: "P")])
    XCTAssertEqual(Array(image.bytes.suffix(2)), [0x1B, UInt8(ascii: "\\")])
    XCTAssertTrue(String(decoding: image.bytes, as: UTF8.self).contains("\"1;1;160;120"))
    XCTAssertFalse(image.bytes.contains { $0 >= 0x80 }, "no C1 or 8-bit bytes")
    XCTAssertLessThanOrEqual(image.colors, 256)
    let decoded = try XCTUnwrap(SixelRoundTrip.decode(image.bytes))
    XCTAssertEqual(decoded.width, 160)
    XCTAssertEqual(decoded.height, 120)
    XCTAssertGreaterThan(SixelRoundTrip.psnr(decoded, reference: bitmap), 30)
  }

  func testPaletteStaysWithinTheRegisters() throws {
    let bitmap = Self.skyAndDetail()
    for registers in [2, 16, 64] {
      let image = try SixelEncoder.encode(bitmap, options: .init(colors: registers)).get()
      XCTAssertLessThanOrEqual(image.colors, registers)
      let text = String(decoding: image.bytes, as: UTF8.self)
      // Every colour introducer `#n;2;r;g;b` defines a register below the limit.
      let regex = try NSRegularExpression(pattern: "#([0-9]+);2;")
      let matches = regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
      XCTAssertFalse(matches.isEmpty)
      for match in matches {
        let number = Int((text as NSString).substring(with: match.range(at: 1)))!
        XCTAssertLessThan(number, registers)
      }
    }
    // More than libsixel's 256 asked for: clamped, still valid.
    let many = try SixelEncoder.encode(bitmap, options: .init(colors: 1024)).get()
    XCTAssertLessThanOrEqual(many.colors, 256)
  }

  func testTheSkyDoesNotBand() throws {
    // Banding is low-frequency error: compare 7×7 box-blurred sky regions, where a good
    // dither averages back to the gradient and posterised bands do not.
    let bitmap = Self.skyAndDetail(width: 200, height: 160)
    func blurredSkyError(_ options: SixelEncoder.Options) throws -> Double {
      let image = try SixelEncoder.encode(bitmap, options: options).get()
      return try XCTUnwrap(SixelRoundTrip.blurredSkyError(image.bytes, reference: bitmap))
    }
    let chosen = try blurredSkyError(SixelEncoder.Options(colors: 32))
    let undithered = try blurredSkyError(SixelEncoder.Options(colors: 32, diffusion: .none))
    XCTAssertLessThan(chosen, undithered / 2, "the default dither must beat no dither on a sky")
  }

  func testErrorsAreValues() {
    guard case .failure(let error) = SixelEncoder.encode(Bitmap(width: 0, height: 0, pixels: []))
    else {
      return XCTFail("an empty bitmap encoded")
    }
    XCTAssertTrue(error.reason.contains("empty"))
    let tall = Bitmap(width: 1, height: SixelEncoder.maxSide + 1, fill: RGB(1, 2, 3))
    guard case .failure = SixelEncoder.encode(tall) else {
      return XCTFail("an oversized bitmap encoded")
    }
  }

  func testCellsCovering() {
    XCTAssertEqual(
      SixelImage.cells(
        covering: PixelSize(width: 100, height: 40), cell: PixelSize(width: 10, height: 20)),
      PixelSize(width: 10, height: 2))
    XCTAssertEqual(
      SixelImage.cells(
        covering: PixelSize(width: 101, height: 41), cell: PixelSize(width: 10, height: 20)),
      PixelSize(width: 11, height: 3))
  }

  /// The harness's decoder (which follows xterm) reads our stream, and a real photo keeps
  /// ≥ 30 dB against the bitmap that was encoded.
  func testRoundTripThroughSixelDecodeOnARealPhoto() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let tool = CorpusLocator.packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/tools/sixel-decode").path
    guard FileManager.default.isExecutableFile(atPath: tool) else {
      throw XCTSkip("sixel-decode is absent (\(tool)): round trip skipped")
    }
    guard Subprocess.run(["python3", "--version"]).status == 0 else {
      throw XCTSkip("python3 is absent: sixel-decode round trip skipped")
    }
    let rows = try CorpusLocator.expectations().filter {
      $0["kind"] == "valid" && ($0["path"] ?? "").hasPrefix("large/")
    }
    let row = try XCTUnwrap(rows.first, "no large valid photo in the corpus")
    let path = corpus.appendingPathComponent(row["path"]!).path
    let bitmap = try ImageDecoder.decode(
      path: path, options: DecodeOptions(target: PixelSize(width: 256, height: 256), quality: .best)
    ).get()
    let image = try SixelEncoder.encode(bitmap).get()
    let dir = BuiltProduct.temporaryDirectory("sixel")
    defer { try? FileManager.default.removeItem(at: dir) }
    let six = dir.appendingPathComponent("image.six").path
    let ref = dir.appendingPathComponent("reference.png").path
    try Data(image.bytes).write(to: URL(fileURLWithPath: six))
    try Data(try PNGEncoder.encode(bitmap).get()).write(to: URL(fileURLWithPath: ref))
    let result = Subprocess.run([tool, six, "--ref", ref, "--min-psnr", "30", "--json"])
    XCTAssertEqual(result.status, 0, result.output)
    let json = try XCTUnwrap(result.output.split(separator: "\n").first { $0.hasPrefix("{") })
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    XCTAssertEqual(object["width"] as? Int, bitmap.width)
    XCTAssertEqual(object["height"] as? Int, bitmap.height)
    XCTAssertGreaterThanOrEqual(object["psnr_db"] as? Double ?? 0, 30)
  }
}
