import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// A decoded HEIF thumbnail item against the size it declares (`HEIFDecoder.declaredPart`).
final class HEIFDeclaredPartTests: XCTestCase {
  func testPaddingBelowAndRightIsCutAway() throws {
    // Canon's 320×214 item coded as a 320×320 frame.
    let frame = Bitmap(width: 320, height: 320, fill: RGB(0, 200, 0))
    let part = try XCTUnwrap(
      HEIFDecoder.declaredPart(of: frame, declared: PixelSize(width: 320, height: 214)))
    XCTAssertEqual(part.size, PixelSize(width: 320, height: 214))
  }

  func testARowShortOfTheCleanApertureIsTheItemAllTheSame() throws {
    // Samsung's 512×236 aperture, decoded by libheif 1.15 as 512×235.
    let decoded = Bitmap(width: 512, height: 235, fill: RGB(90, 90, 90))
    let part = try XCTUnwrap(
      HEIFDecoder.declaredPart(of: decoded, declared: PixelSize(width: 512, height: 236)))
    XCTAssertEqual(part.size, PixelSize(width: 512, height: 235))
  }

  func testAnItemSmallerThanItDeclaresIsRefused() {
    let decoded = Bitmap(width: 512, height: 200, fill: RGB(90, 90, 90))
    XCTAssertNil(
      HEIFDecoder.declaredPart(of: decoded, declared: PixelSize(width: 512, height: 236)))
  }
}
