import PhotoModel
import LightboxTestSupport
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// The cache writer (`lb_png_write_fast`: Sub filter, hand-written Huffman-only deflate)
/// read back by libpng, on pictures chosen to reach every path of the encoder.
final class PNGEncoderFastTests: XCTestCase {
  private func bitmap(width: Int, height: Int, _ pixel: (Int, Int) -> [UInt8]) -> Bitmap {
    var px: [UInt8] = []
    px.reserveCapacity(width * height * 4)
    for y in 0..<height {
      for x in 0..<width { px += pixel(x, y) }
    }
    return Bitmap(width: width, height: height, pixels: px)
  }

  /// Encodes fast, decodes with libpng (compositing on `background`), and compares with the
  /// original composited the same way.
  private func assertRoundTrip(
    _ image: Bitmap, _ name: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let png = try PNGEncoder.encodeFast(image).get()
    for background in [RGB(0, 0, 0), RGB(255, 128, 7)] {
      let options = DecodeOptions(target: image.size, background: background)
      let decoded = try ImageDecoder.decode(data: png, options: options).get()
      var expected = image.pixels
      PNGDecoder.composite(&expected, on: background)
      XCTAssertEqual(decoded.size, image.size, name, file: file, line: line)
      XCTAssertTrue(decoded.pixels == expected, "\(name): pixels differ", file: file, line: line)
    }
  }

  func testPhotoLikeImagesRoundTrip() throws {
    var random = SeededGenerator(seed: 1)
    // Smooth gradients plus a little noise, like a photo: dynamic Huffman blocks; 700×300
    // is 13 blocks of 16 KiB, the last one partial.
    let photo = bitmap(width: 700, height: 300) { x, y in
      let n = Int(random.next() % 9)
      return [UInt8((x + n) % 256), UInt8((y * 2 + n) % 256), UInt8((x + y) / 4 % 256), 255]
    }
    try assertRoundTrip(photo, "photo")
    // Widths whose rows are not a multiple of the three-code step or of 16 bytes.
    for (w, h) in [(1, 1), (1, 57), (3, 1), (5, 7), (257, 2)] {
      let small = bitmap(width: w, height: h) { x, y in
        [UInt8(x * 7 % 256), UInt8(y * 13 % 256), UInt8((x ^ y) % 256), 255]
      }
      try assertRoundTrip(small, "\(w)×\(h)")
    }
  }

  func testTranslucentImagesKeepTheirAlpha() throws {
    let image = bitmap(width: 64, height: 40) { x, y in
      [UInt8(x * 4), UInt8(y * 6), 200, UInt8(20 + (x + y) * 2)]
    }
    let png = try PNGEncoder.encodeFast(image).get()
    XCTAssertEqual(png[25], 6, "colour type RGBA")
    try assertRoundTrip(image, "translucent")
    let opaque = bitmap(width: 8, height: 8) { x, _ in [UInt8(x), 1, 2, 255] }
    XCTAssertEqual(try PNGEncoder.encodeFast(opaque).get()[25], 2, "colour type RGB")
  }

  func testNoiseFallsBackToStoredBlocksAndStaysSmall() throws {
    var random = SeededGenerator(seed: 7)
    let noise = bitmap(width: 300, height: 300) { _, _ in
      let v = random.next()
      return [UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255), 255]
    }
    try assertRoundTrip(noise, "noise")
    let png = try PNGEncoder.encodeFast(noise).get()
    // Incompressible: stored blocks keep it within a few bytes per block of the raw rows.
    let raw = 300 * (1 + 300 * 3)
    XCTAssertLessThan(png.count, raw + raw / 1000 + 200)
  }

  func testSkewedBytesNeedLengthLimitedCodes() throws {
    // Bytes with Fibonacci frequencies (1, 1, 2, 3, 5, … for 18 values), shuffled into one
    // 16 KiB block: an unlimited Huffman code for them is 17 bits deep, past deflate's 15,
    // so the encoder's length limiting must hold.
    var values: [UInt8] = []
    var (a, b) = (1, 1)
    for symbol in 0..<18 {
      values += [UInt8](repeating: UInt8(symbol * 11), count: a)
      (a, b) = (b, a + b)
    }
    var random = SeededGenerator(seed: 3)
    for i in stride(from: values.count - 1, to: 0, by: -1) {
      values.swapAt(i, Int(random.next() % UInt64(i + 1)))
    }
    // One-pixel-wide opaque rows: Sub leaves each of the three bytes as it is.
    let height = values.count / 3
    let image = bitmap(width: 1, height: height) { _, y in
      [values[y * 3], values[y * 3 + 1], values[y * 3 + 2], 255]
    }
    XCTAssertLessThan(height * 4, 16384, "one deflate block")
    try assertRoundTrip(image, "skewed")
  }

  func testConstantImageCompressesHard() throws {
    let flat = Bitmap(width: 400, height: 300, fill: RGB(30, 60, 90))
    try assertRoundTrip(flat, "flat")
    XCTAssertLessThan(try PNGEncoder.encodeFast(flat).get().count, 400 * 300 * 3 / 6)
  }
}
