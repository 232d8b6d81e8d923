import PhotoModel
import LightboxTestSupport
import XCTest

@testable import Pixels

final class BitmapOrientationTests: XCTestCase {
  /// Where the stored top-left, top-right and bottom-left pixels of a 3×2 image must land
  /// for each EXIF orientation (from the EXIF definition: which visual side row 0 and
  /// column 0 become), and the display size.
  private let expectations:
    [(Orientation, PixelSize, tl: (Int, Int), tr: (Int, Int), bl: (Int, Int))] = [
      (.up, PixelSize(width: 3, height: 2), (0, 0), (2, 0), (0, 1)),
      (.upMirrored, PixelSize(width: 3, height: 2), (2, 0), (0, 0), (2, 1)),
      (.down, PixelSize(width: 3, height: 2), (2, 1), (0, 1), (2, 0)),
      (.downMirrored, PixelSize(width: 3, height: 2), (0, 1), (2, 1), (0, 0)),
      (.leftMirrored, PixelSize(width: 2, height: 3), (0, 0), (0, 2), (1, 0)),
      (.right, PixelSize(width: 2, height: 3), (1, 0), (1, 2), (0, 0)),
      (.rightMirrored, PixelSize(width: 2, height: 3), (1, 2), (1, 0), (0, 2)),
      (.left, PixelSize(width: 2, height: 3), (0, 2), (0, 0), (1, 2)),
    ]

  func testAllEightOrientationsMoveCornersWhereEXIFSays() {
    let stored = TestImages.coordinates(width: 3, height: 2)
    XCTAssertEqual(expectations.count, Orientation.allCases.count)
    for (orientation, size, tl, tr, bl) in expectations {
      let out = stored.applying(orientation)
      XCTAssertEqual(out.size, size, "\(orientation)")
      guard out.size == size else { continue }
      // R = stored x, G = stored y.
      XCTAssertEqual(out.rgb(x: tl.0, y: tl.1), RGB(0, 0, 7), "\(orientation) top-left")
      XCTAssertEqual(out.rgb(x: tr.0, y: tr.1), RGB(2, 0, 7), "\(orientation) top-right")
      XCTAssertEqual(out.rgb(x: bl.0, y: bl.1), RGB(0, 1, 7), "\(orientation) bottom-left")
    }
  }

  func testApplyingThenInverseRestoresEveryPixel() {
    let stored = TestImages.coordinates(width: 5, height: 3)
    let inverse: [Orientation: Orientation] = [.right: .left, .left: .right]
    for orientation in Orientation.allCases {
      let back = stored.applying(orientation).applying(inverse[orientation] ?? orientation)
      XCTAssertEqual(back, stored, "\(orientation)")
    }
    XCTAssertNotEqual(stored.applying(.right), stored.applying(.left))
  }

  func testEmptyBitmapIsLeftAlone() {
    let empty = Bitmap(width: 0, height: 0, pixels: [])
    XCTAssertEqual(empty.applying(.right).size, PixelSize(width: 0, height: 0))
  }
}
