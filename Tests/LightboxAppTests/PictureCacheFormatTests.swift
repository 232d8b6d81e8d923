import Pixels
import PhotoModel
import PhotoStore
import TerminalGraphics
import XCTest

@testable import LightboxApp

/// The picture cache across a format switch (the probe answered after the first frame): the
/// old pictures go, one made in the old format meanwhile is refused and made again.
final class PictureCacheFormatTests: XCTestCase {
  let sixel = PictureFormat.sixel(colors: 256, cell: PixelSize(width: 10, height: 19))

  func request() -> ImageRequest {
    ImageRequest(
      key: ImageKey(asset: AssetID(1), size: PixelSize(width: 20, height: 38), fit: .fill),
      path: "/photos/a.jpg", format: .jpeg, orientation: .up, priority: .visible,
      bestQuality: false, exifThumbnail: nil, storedSize: nil)
  }

  func testASwitchDropsEveryPictureAndRefusesTheOldFormat() throws {
    let cache = PictureCache(format: .halfBlock(.trueColor))
    let bitmap = Bitmap(width: 20, height: 38, fill: RGB(200, 40, 40))
    let key = request().key
    let halfBlock = try PictureFormat.halfBlock(.trueColor).picture(of: bitmap).get()
    XCTAssertTrue(cache.insert(halfBlock, for: key, madeIn: .halfBlock(.trueColor)))
    cache.switchFormat(to: sixel)
    XCTAssertNil(cache.picture(for: key))
    XCTAssertEqual(cache.byteCount, 0)
    XCTAssertFalse(cache.insert(halfBlock, for: key, madeIn: .halfBlock(.trueColor)))
    XCTAssertNil(cache.picture(for: key))
  }

  func testADecodeFinishedAfterTheSwitchIsEncodedInTheNewFormat() throws {
    let cache = PictureCache(format: .halfBlock(.trueColor))
    cache.switchFormat(to: sixel)
    let bitmap = Bitmap(width: 20, height: 38, fill: RGB(40, 200, 40))
    // The decode began with half-blocks; the cache's format wins.
    let action = EffectRunner.finish(bitmap, request(), .halfBlock(.trueColor), cache)
    XCTAssertEqual(action, .image(.loaded(request().key)))
    guard case .sixel = try XCTUnwrap(cache.picture(for: request().key)) else {
      return XCTFail("not made again as sixel")
    }
  }
}
