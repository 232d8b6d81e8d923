import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// Decodes the corpus's added kinds (HEIF/AVIF, WebP, GIF, TIFF, RAW, video): every valid file
/// comes out at its displayed size (expectations.tsv gives it for these rows) with the
/// orientation the metadata reader finds, as the browser asks for it.
final class CorpusAddedKindsDecodeTests: XCTestCase {
  private func rows(kind: String) throws -> (URL, [[String: String]]) {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let rows = try CorpusLocator.expectations().filter {
      $0["kind"] == kind && CorpusLocator.addedKind(ofRow: $0) != nil
    }
    return (corpus, rows)
  }

  /// What the browser passes: the orientation the metadata reader finds in the file.
  private func metadataOrientation(_ path: String) -> Orientation {
    (try? MetadataReader.read(contentsOf: path).get())?.orientation ?? .up
  }

  func testEveryValidFileOfTheAddedKindsDecodesAtItsDisplayedSize() throws {
    try checkDisplayedShape(box: 1024, quality: .best)
  }

  /// At a thumbnail's size, where a HEIF's own thumbnail item is used: the shape is still the
  /// photo's (a Canon HIF's thumbnail decoded as a square with green padding once).
  func testTilesOfEveryValidFileOfTheAddedKindsKeepTheirShape() throws {
    try checkDisplayedShape(box: 140, quality: .fast)
  }

  /// A `.best` picture at a tile's size is the photo, not its thumbnail item: every HEIF
  /// (up to `largePrimaryPixels`) draws as its primary shrunk, while a `.fast` thumbnail of one with an item (an iPhone's
  /// 320 px item is a separate encode, 29.8 dB from the primary) is the item.
  func testABestPictureOfAHEIFIsItsPrimaryNotItsThumbnailItem() throws {
    let (corpus, valid) = try rows(kind: "valid")
    var itemsSeen = 0
    for row in valid where row["path"]!.hasPrefix("heif/") {
      // A primary over the limit gives its item to every small target (a 200 MP one).
      let pixels = (Int(row["width"] ?? "") ?? 0) * (Int(row["height"] ?? "") ?? 0)
      if pixels > HEIFDecoder.largePrimaryPixels { continue }
      let file = corpus.appendingPathComponent(row["path"]!).path
      let small = PixelSize(width: 140, height: 140)
      let orientation = metadataOrientation(file)
      func decode(_ target: PixelSize, _ quality: DecodeQuality) throws -> Bitmap {
        try ImageDecoder.decode(
          path: file,
          options: DecodeOptions(
            target: target, mode: .fit, quality: quality, orientation: orientation)
        ).get()
      }
      let best = try decode(small, .best)
      let shrunk = try decode(PixelSize(width: 1024, height: 1024), .best).resized(to: best.size)
      XCTAssertGreaterThan(TestImages.psnr(best, shrunk), 36, row["path"]!)
      let fast = try decode(small, .fast)
      if fast.size == best.size && TestImages.psnr(fast, shrunk) < 36 { itemsSeen += 1 }
    }
    XCTAssertGreaterThan(itemsSeen, 0, "no HEIF whose thumbnail item differs from its primary")
  }

  /// Decodes every valid file fitted into `box`×`box` and checks the size against the
  /// displayed size in expectations.tsv.
  private func checkDisplayedShape(box: Int, quality: DecodeQuality) throws {
    let (corpus, valid) = try rows(kind: "valid")
    XCTAssertGreaterThanOrEqual(valid.count, 50)
    for row in valid {
      let path = row["path"]!
      guard let w = Int(row["width"] ?? ""), let h = Int(row["height"] ?? "") else {
        XCTFail("\(path): no size in expectations.tsv")
        continue
      }
      let file = corpus.appendingPathComponent(path).path
      let options = DecodeOptions(
        target: PixelSize(width: box, height: box), mode: .fit, quality: quality,
        orientation: metadataOrientation(file), background: RGB(10, 20, 30))
      let result = ImageDecoder.decode(path: file, options: options)
      guard case .success(let image) = result else {
        XCTFail("\(path): \(result)")
        continue
      }
      XCTAssertTrue(TestImages.isOpaque(image), path)
      let displayed = PixelSize(width: w, height: h)
      if w <= box && h <= box {
        XCTAssertEqual(image.size, displayed, "\(path): a small image is shown at its size")
        continue
      }
      let longIsWidth = w >= h
      let (long, short) = longIsWidth ? (image.width, image.height) : (image.height, image.width)
      let (dLong, dShort) = longIsWidth ? (w, h) : (h, w)
      XCTAssertEqual(long, box, "\(path) decoded \(image.size), displayed \(displayed)")
      let ideal = max(1, Int((Double(box) * Double(dShort) / Double(dLong)).rounded()))
      XCTAssertLessThanOrEqual(
        abs(short - ideal), 1, "\(path) decoded \(image.size), displayed \(displayed)")
    }
  }

  func testTilesOfEveryValidFileOfTheAddedKindsFillTheirCell() throws {
    let (corpus, valid) = try rows(kind: "valid")
    for row in valid {
      let path = row["path"]!
      let file = corpus.appendingPathComponent(path).path
      let options = DecodeOptions(
        target: PixelSize(width: 48, height: 32), mode: .fill, quality: .fast,
        orientation: metadataOrientation(file))
      let tile = ImageDecoder.decode(path: file, options: options)
      XCTAssertEqual((try? tile.get())?.size, options.target, "\(path): \(tile)")
    }
  }

  func testCorruptFilesOfTheAddedKindsFailOnOneLineOrDecode() throws {
    let (corpus, corrupt) = try rows(kind: "corrupt")
    XCTAssertGreaterThanOrEqual(corrupt.count, 20)
    var failures = 0
    for row in corrupt {
      let path = row["path"]!
      let options = DecodeOptions(target: PixelSize(width: 96, height: 96), mode: .fit)
      switch ImageDecoder.decode(path: corpus.appendingPathComponent(path).path, options: options)
      {
      case .failure(let error):
        failures += 1
        XCTAssertTrue(
          TestImages.isOneLine(error.reason), "\(path): \(error.reason.debugDescription)")
        XCTAssertLessThanOrEqual(error.reason.count, 200, path)
      case .success(let image):
        XCTAssertFalse(image.size.isEmpty, path)
        XCTAssertTrue(TestImages.isOpaque(image), path)
      }
      if row["severity"] == "fatal",
        case .success(let image) = ImageDecoder.decode(
          path: corpus.appendingPathComponent(path).path, options: options)
      {
        XCTFail("\(path) (fatal: \(row["reference_tool_says"] ?? "")) decoded as \(image.size)")
      }
    }
    XCTAssertGreaterThan(failures, corrupt.count / 3)
  }
}
