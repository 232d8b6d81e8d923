import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@_spi(Decoders) @testable import Decoders
@testable import Pixels

/// A truncated JPEG is shown as far as it decodes and says why it is incomplete; a whole one
/// says nothing (issue 33 item 18: a broken download showed its grey lower half unexplained).
final class DamagedJPEGTests: XCTestCase {
  func pattern() -> Bitmap {
    var pixels: [UInt8] = []
    for y in 0..<96 {
      for x in 0..<128 { pixels += [UInt8(x * 2), UInt8(y * 2), 128, 255] }
    }
    return Bitmap(width: 128, height: 96, pixels: pixels)
  }

  func testATruncatedJPEGIsDecodedInPartAndSaysItIsDamaged() throws {
    let whole = try JPEGEncoder.encode(pattern(), quality: 90).get()
    let options = DecodeOptions(target: PixelSize(width: 64, height: 48), quality: .best)
    let full = try ImageDecoder.decodeInProcess(data: whole, options: options).get()
    XCTAssertNil(full.damage, "a whole file is not damaged")
    let cut = Array(whole.prefix(whole.count * 6 / 10))
    let part = try ImageDecoder.decodeInProcess(data: cut, options: options).get()
    XCTAssertEqual(part.size, full.size, "shown at its size, as far as it goes")
    let damage = try XCTUnwrap(part.damage)
    XCTAssertTrue(damage.lowercased().contains("premature end"), damage)
    XCTAssertFalse(damage.contains("\n"))
    // The top rows decoded as in the whole file.
    let row = 64 * 4
    XCTAssertEqual(Array(part.pixels[0..<row]), Array(full.pixels[0..<row]))
  }
}
