import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

@testable import Pixels
@testable import Decoders

final class ExifThumbnailTests: XCTestCase {
  /// Every valid corpus JPEG whose metadata has an embedded thumbnail: it decodes, from the
  /// bytes and from the path, upright (the aspect follows the main image's orientation).
  func testEveryCorpusExifThumbnailDecodesUpright() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    var decoded = 0
    for row in try CorpusLocator.expectations() where row["kind"] == "valid" {
      guard let relative = row["path"] else { continue }
      let path = corpus.appendingPathComponent(relative).path
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      let metadata = MetadataReader.read(bytes: bytes)
      guard metadata.format == .jpeg, let range = metadata.exifThumbnail else { continue }
      let orientation = metadata.orientation
      let fromBytes = ExifThumbnail.decode(
        fileBytes: bytes, range: range, orientation: orientation,
        storedSize: metadata.pixelSize)
      guard case .success(let bitmap) = fromBytes else {
        XCTFail("\(relative): \(fromBytes)")
        continue
      }
      XCTAssertGreaterThan(bitmap.width, 8, relative)
      XCTAssertGreaterThan(bitmap.height, 8, relative)
      XCTAssertLessThanOrEqual(bitmap.width * bitmap.height, ExifThumbnail.maxPixels, relative)
      if let stored = metadata.pixelSize, !stored.isEmpty {
        // Upright: landscape-ness agrees with the main image's display size, unless the
        // thumbnail is square-ish (some cameras pad thumbnails to 4:3 with bands we keep).
        let display = orientation.displaySize(ofStored: stored)
        let mainLandscape = display.width > display.height
        let thumbLandscape = bitmap.width > bitmap.height
        if abs(display.width - display.height) * 10 > max(display.width, display.height) {
          XCTAssertEqual(mainLandscape, thumbLandscape, "\(relative): \(bitmap.size) vs \(display)")
        }
      }
      let fromPath = ExifThumbnail.decode(
        path: path, range: range, orientation: orientation, storedSize: metadata.pixelSize)
      XCTAssertEqual(try fromPath.get(), bitmap, relative)
      decoded += 1
    }
    XCTAssertGreaterThan(decoded, 0, "no corpus JPEG has an EXIF thumbnail")
  }

  /// Ranges outside the bytes, and bytes that are not a JPEG, are errors with a reason.
  func testBadRangesAreErrors() {
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1] + Array(repeating: 0, count: 60)
    for range in [0..<100, 50..<52, 10..<64] {
      let result = ExifThumbnail.decode(fileBytes: bytes, range: range, orientation: .up)
      guard case .failure(let error) = result else {
        XCTFail("\(range) decoded")
        continue
      }
      XCTAssertFalse(error.reason.isEmpty)
    }
    XCTAssertThrowsError(
      try ExifThumbnail.decode(path: "/nonexistent/x.jpg", range: 0..<10, orientation: .up)
        .get())
  }

  /// A 4:3 thumbnail with black bands above and below a 16:9 picture is cropped to the
  /// picture; one whose "bands" hold picture is left alone.
  func testLetterboxBandsAreCroppedOnlyWhenDark() {
    var pixels = Bitmap(width: 160, height: 120, fill: .black).pixels
    // Picture rows 15..<105 (90 rows = 160 × 9/16).
    for y in 15..<105 {
      for x in 0..<160 { pixels[(y * 160 + x) * 4] = 200 }
    }
    let boxed = Bitmap(width: 160, height: 120, pixels: pixels)
    let cropped = ExifThumbnail.cropBands(boxed, toAspectOf: PixelSize(width: 1920, height: 1080))
    XCTAssertEqual(cropped.size, PixelSize(width: 160, height: 90))
    XCTAssertEqual(cropped.rgb(x: 80, y: 0).r, 200)
    let full = Bitmap(width: 160, height: 120, fill: RGB(200, 10, 10))
    XCTAssertEqual(
      ExifThumbnail.cropBands(full, toAspectOf: PixelSize(width: 1920, height: 1080)).size,
      full.size)
  }
}
