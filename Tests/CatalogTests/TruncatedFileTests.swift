import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

/// A PNG cut short (a broken download: its header and size read, its IEND never came) is in
/// no media type by its looks: not a screenshot, not a panorama (issue 33 item 19).
final class TruncatedFileTests: XCTestCase {
  private var library = TestLibrary("unused")

  override func setUp() { library = TestLibrary("truncated-files") }
  override func tearDown() { library.remove() }

  func testAPNGCutShortIsNoScreenshotAndAWholeOneIs() throws {
    // A 64×128 grey PNG, written by hand (8-bit greyscale rows, filter None).
    let raw = (0..<128).flatMap { _ in [UInt8(0)] + [UInt8](repeating: 200, count: 64) }
    let png =
      TestImages.pngSignature + TestImages.ihdr(width: 64, height: 128, bitDepth: 8, colorType: 0)
      + TestImages.chunk("IDAT", TestImages.zlibStored(raw)) + TestImages.chunk("IEND", [])
    for (name, bytes) in [
      ("whole.png", png), ("cut.png", Array(png.prefix(png.count - 20))),
      ("PANO_cut.png", Array(png.prefix(png.count * 2 / 3))),
    ] {
      XCTAssertTrue(
        FileManager.default.createFile(atPath: library.root + "/" + name, contents: Data(bytes)))
    }
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let assets = Dictionary(
      uniqueKeysWithValues: try catalog.allAssets().map { ($0.fileName, $0) })
    XCTAssertEqual(assets.count, 3, "a broken file is still a photo of the library")
    let whole = try XCTUnwrap(assets["whole.png"])
    let cut = try XCTUnwrap(assets["cut.png"])
    let pano = try XCTUnwrap(assets["PANO_cut.png"])
    XCTAssertFalse(whole.isTruncated)
    XCTAssertTrue(cut.isTruncated)
    XCTAssertEqual(cut.storedPixelSize, PixelSize(width: 64, height: 128), "its header read")
    XCTAssertTrue(MediaType.screenshots.contains(whole))
    XCTAssertFalse(MediaType.screenshots.contains(cut))
    XCTAssertFalse(MediaType.panoramas.contains(pano), "a broken PANO_ file is no panorama")
  }
}
