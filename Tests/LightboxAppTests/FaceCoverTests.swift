@_spi(InProcessDecoding) import DecodeWorker
@_spi(Decoders) import Decoders
import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import PhotoStore
import Pixels
import TerminalGraphics
import ThumbnailCache
import XCTest

@testable import LightboxApp

/// A person's cover is cut around their face from the photo's freedesktop thumbnail: a blue
/// photo with a green square where the face region says, drawn as a green card, where the
/// uncropped card is blue.
final class FaceCoverTests: XCTestCase {
  var root: URL!
  var disk: ThumbnailDiskCache!

  override func setUp() {
    root = BuiltProduct.temporaryDirectory("face-covers")
    disk = ThumbnailDiskCache(root: root.appendingPathComponent("thumbnails").path)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: root)
  }

  /// A 1600×1200 blue JPEG with a green 160×160 square at (160, 160).
  func photo() throws -> String {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(1600 * 1200 * 4)
    for y in 0..<1200 {
      for x in 0..<1600 {
        let face = (160..<320).contains(x) && (160..<320).contains(y)
        pixels += face ? [20, 200, 20, 255] : [20, 20, 200, 255]
      }
    }
    let bytes = try JPEGEncoder.encode(
      Bitmap(width: 1600, height: 1200, pixels: pixels), quality: 90
    ).get()
    let path = root.appendingPathComponent("face.jpg").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The card of 40×40 pixels of the photo, cropped to `crop`, as half-blocks.
  func card(_ path: String, crop: FaceArea?) throws -> HalfBlockImage {
    let metadata = try MetadataReader.read(contentsOf: path).get()
    let key = ImageKey(
      asset: AssetID(1), size: PixelSize(width: 40, height: 40), fit: .fill, crop: crop)
    let request = ImageRequest(
      key: key, path: path, format: .jpeg, orientation: metadata.orientation,
      priority: .visible, bestQuality: false, storedSize: metadata.pixelSize)
    let cache = PictureCache()
    let action = EffectRunner.makePicture(
      request, format: .halfBlock(.trueColor), background: .black, cache: cache,
      diskCache: disk, decoder: .inProcess)
    XCTAssertEqual(action, .image(.loaded(key)))
    guard case .halfBlock(let image)? = cache.picture(for: key) else {
      throw XCTSkip("no half-block picture in the cache")
    }
    return image
  }

  func testTheCoverIsCutAroundTheFace() throws {
    let path = try photo()
    let face = FaceArea(left: 0.1, top: 160.0 / 1200, width: 0.1, height: 160.0 / 1200)
    let cropped = try card(path, crop: face)
    XCTAssertEqual([cropped.columns, cropped.rows], [40, 20])
    let centre = cropped.cells[10 * 40 + 20].top
    XCTAssertGreaterThan(centre.g, 150, "the face in the middle: \(centre)")
    XCTAssertLessThan(centre.b, 100, "\(centre)")
    let corner = cropped.cells[0].top
    XCTAssertGreaterThan(corner.b, 150, "room around the face: \(corner)")
    let whole = try card(path, crop: nil)
    let middle = whole.cells[10 * 40 + 20].top
    XCTAssertGreaterThan(middle.b, 150, "without the crop, the photo's middle: \(middle)")
  }
}
