import Pixels
import PhotoModel
import XCTest

/// Photos smaller than the detail view are fitted up, at most 4×: by whole factors with nearest
/// neighbour under 256 px (pixel art, screenshots), the normal filter above.
final class UpscaleTests: XCTestCase {
  func size(_ width: Int, _ height: Int) -> PixelSize { PixelSize(width: width, height: height) }

  func testTheFactorIsTheLargestWholeOneThatFitsUpToFour() {
    // The detail view of a 200×60-cell terminal in half-blocks: 200×114 pixels.
    XCTAssertEqual(Upscale.factor(for: size(64, 32), in: size(200, 114)), 3)
    XCTAssertEqual(Upscale.factor(for: size(16, 16), in: size(200, 114)), 4, "at most 4×")
    XCTAssertEqual(Upscale.factor(for: size(100, 50), in: size(200, 114)), 2)
    XCTAssertEqual(Upscale.factor(for: size(101, 50), in: size(200, 114)), 1, "2× is too wide")
    XCTAssertEqual(Upscale.factor(for: size(800, 600), in: size(200, 114)), 1, "never shrinks")
    XCTAssertEqual(Upscale.factor(for: size(16, 16), in: size(200, 114), enabled: false), 1)
    XCTAssertEqual(Upscale.factor(for: size(0, 16), in: size(200, 114)), 1)
  }

  func testSmallImagesUseNearestNeighbour() {
    XCTAssertTrue(Upscale.usesNearestNeighbour(size(255, 40)))
    XCTAssertFalse(Upscale.usesNearestNeighbour(size(256, 40)))
  }

  /// Nearest neighbour repeats each pixel k×k times: the same colours, sharp edges.
  func testNearestNeighbourRepeatsEveryPixel() {
    // A 2×2 checker of red, green / blue, white.
    let colours: [[UInt8]] = [
      [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255],
    ]
    let checker = Bitmap(width: 2, height: 2, pixels: colours.flatMap { $0 })
    let big = Upscale.apply(to: checker, in: size(7, 6))
    XCTAssertEqual(big.size, size(6, 6))
    for y in 0..<6 {
      for x in 0..<6 {
        let i = (y * 6 + x) * 4
        XCTAssertEqual(Array(big.pixels[i..<i + 4]), colours[(y / 3) * 2 + x / 3], "(\(x), \(y))")
      }
    }
  }

  /// Above 256 px the normal filter enlarges, and fits the photo up to the view by any
  /// factor (a 640×480 photo filled half of a 1200×600 view at 1:1): new in-between colours
  /// at the edges.
  func testLargerImagesAreSmoothedAndFittedUp() {
    var pixels: [UInt8] = []
    for _ in 0..<300 {
      for x in 0..<300 { pixels += x < 150 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
    }
    let image = Bitmap(width: 300, height: 300, pixels: pixels)
    let big = Upscale.apply(to: image, in: size(700, 650))
    XCTAssertEqual(big.size, size(650, 650))
    let row = (0..<650).map { big.pixels[(300 * 650 + $0) * 4] }
    XCTAssertTrue(row.contains { $0 > 0 && $0 < 255 }, "the edge is filtered, not doubled")
    XCTAssertEqual(Upscale.apply(to: image, in: size(500, 450)).size, size(450, 450))
    XCTAssertEqual(Upscale.shownSize(of: size(640, 480), in: size(1200, 600)), size(800, 600))
    XCTAssertEqual(Upscale.shownSize(of: size(640, 480), in: size(641, 481)), size(640, 480))
    XCTAssertEqual(Upscale.shownSize(of: size(300, 300), in: size(5000, 5000)), size(1200, 1200))
  }
}
