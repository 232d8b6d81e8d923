@_spi(InProcessDecoding) import DecodeWorker
import Decoders
import Foundation
import Pixels
import PhotoModel
import PhotoStore
import TerminalGraphics
import XCTest

@testable import LightboxApp

/// The detail view's picture of a photo smaller than the view: enlarged by a whole factor
/// with sharp pixels (nearest neighbour) unless `upscale = false`.
final class UpscalePictureTests: XCTestCase {
  /// A 40×20 PNG whose left half is red and right half blue, in a temporary folder.
  func smallPNG() throws -> (path: String, folder: URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lightbox-upscale-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var pixels: [UInt8] = []
    for _ in 0..<20 {
      for x in 0..<40 { pixels += x < 20 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
    }
    let bytes = try PNGEncoder.encode(Bitmap(width: 40, height: 20, pixels: pixels)).get()
    let path = folder.appendingPathComponent("icon.png").path
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return (path, folder)
  }

  func picture(path: String, upscale: Bool) throws -> HalfBlockImage {
    // The photo's area of a 200×60-cell terminal: 200×57 cells = 200×114 pixels.
    let key = ImageKey(asset: AssetID(1), size: PixelSize(width: 200, height: 114), fit: .fit)
    let request = ImageRequest(
      key: key, path: path, format: .png, orientation: .up, priority: .visible,
      bestQuality: true)
    let cache = PictureCache()
    let action = EffectRunner.makePicture(
      request, format: .halfBlock(.trueColor), background: .black, cache: cache, upscale: upscale,
      decoder: .inProcess)
    XCTAssertEqual(action, .image(.loaded(key)))
    guard case .halfBlock(let image)? = cache.picture(for: key) else {
      throw XCTSkip("no half-block picture in the cache")
    }
    return image
  }

  func testSmallPhotosAreEnlargedWithSharpPixels() throws {
    let (path, folder) = try smallPNG()
    defer { try? FileManager.default.removeItem(at: folder) }
    let big = try picture(path: path, upscale: true)
    // 40×20 fits 5× across and 5.7× down: the factor stops at 4 → 160×80 pixels.
    XCTAssertEqual(big.columns, 160)
    XCTAssertEqual(big.rows, 40)
    // Nearest neighbour: only the two colours, the edge exactly in the middle.
    let colours = Set(big.cells.flatMap { [$0.top, $0.bottom] })
    XCTAssertEqual(colours.count, 2, "\(colours)")
    XCTAssertEqual(big.cells[79].top, RGB(255, 0, 0))
    XCTAssertEqual(big.cells[80].top, RGB(0, 0, 255))
    let own = try picture(path: path, upscale: false)
    XCTAssertEqual(own.columns, 40)
    XCTAssertEqual(own.rows, 10)
  }

  /// A truncated JPEG's picture is drawn and reported as damaged, with libjpeg's reason.
  func testATruncatedJPEGIsDrawnAndReportedDamaged() throws {
    var pixels: [UInt8] = []
    for y in 0..<240 {
      for x in 0..<320 { pixels += [UInt8(x & 255), UInt8(y & 255), UInt8((x ^ y) & 255), 255] }
    }
    let whole = try JPEGEncoder.encode(
      Bitmap(width: 320, height: 240, pixels: pixels), quality: 90
    ).get()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lightbox-damaged-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("cut.jpg").path
    XCTAssertTrue(
      FileManager.default.createFile(
        atPath: path, contents: Data(whole.prefix(whole.count * 6 / 10))))
    let key = ImageKey(asset: AssetID(1), size: PixelSize(width: 200, height: 114), fit: .fit)
    let request = ImageRequest(
      key: key, path: path, format: .jpeg, orientation: .up, priority: .visible,
      bestQuality: true)
    let cache = PictureCache()
    let action = EffectRunner.makePicture(
      request, format: .halfBlock(.trueColor), background: .black, cache: cache, upscale: true,
      decoder: .inProcess)
    guard case .image(.damaged(let damagedKey, let reason)) = action else {
      return XCTFail("\(action)")
    }
    XCTAssertEqual(damagedKey, key)
    XCTAssertTrue(reason.lowercased().contains("premature end"), reason)
    XCTAssertNotNil(cache.picture(for: key), "the part that decodes is drawn")
  }
}
