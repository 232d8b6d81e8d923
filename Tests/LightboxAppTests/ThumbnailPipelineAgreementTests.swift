@_spi(InProcessDecoding) import DecodeWorker
import Foundation
import Pixels
import Decoders
import ThumbnailCache
import LightboxCommands
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import PhotoStore
import XCTest

@testable import LightboxApp

/// The browser's tiles and `lightbox thumbnails` go through one pipeline: the same photo at
/// the same size gives byte-identical cache entries, and an undecodable photo gets a
/// `fail/lightbox-1.0/` entry from either.
final class ThumbnailPipelineAgreementTests: XCTestCase {
  var root: URL!

  override func setUp() {
    root = BuiltProduct.temporaryDirectory("pipeline-agreement")
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: root)
  }

  /// The browser's request for a tile of `side` pixels of the photo at `path`, with what the
  /// catalog would know of it.
  func tileRequest(_ path: String, side: Int) throws -> ImageRequest {
    let metadata = try MetadataReader.read(contentsOf: path).get()
    return ImageRequest(
      key: ImageKey(asset: AssetID(1), size: PixelSize(width: side, height: side), fit: .fill),
      path: path, format: metadata.format ?? .jpeg, orientation: metadata.orientation,
      priority: .visible, bestQuality: false, storedSize: metadata.pixelSize)
  }

  func entry(_ cache: ThumbnailDiskCache, for path: String, size: ThumbnailSize) throws -> Data {
    let source = try ThumbnailSource.forFile(atPath: path).get()
    return try Data(
      contentsOf: URL(fileURLWithPath: cache.thumbnailPath(forURI: source.uri, size: size)))
  }

  func testBrowserAndBatchWriteByteIdenticalEntries() throws {
    // A rotated photo with alpha-free pixels and an orientation, and a PNG.
    let jpeg = root.appendingPathComponent("rotated.jpg").path
    let png = root.appendingPathComponent("screen.png").path
    let painted = Bitmap(width: 640, height: 360, fill: RGB(200, 90, 40))
    try Data(JPEGEncoder.encode(painted, quality: 85).get()).write(to: URL(fileURLWithPath: jpeg))
    try Data(PNGEncoder.encode(painted).get()).write(to: URL(fileURLWithPath: png))
    var photos = [jpeg, png]
    if let corpus = CorpusLocator.corpus {
      photos.append(corpus.appendingPathComponent("jpeg-exif/canon_hdr_NO.jpg").path)
      photos.append(corpus.appendingPathComponent("orientation/Landscape_6.jpg").path)
    }
    for (side, size) in [(120, ThumbnailSize.normal), (200, ThumbnailSize.large)] {
      let browser = ThumbnailDiskCache(root: root.appendingPathComponent("browser-\(side)").path)
      let batch = ThumbnailDiskCache(root: root.appendingPathComponent("batch-\(side)").path)
      for photo in photos where FileManager.default.fileExists(atPath: photo) {
        let request = try tileRequest(photo, side: side)
        let action = EffectRunner.makePicture(
          request, format: .halfBlock(.trueColor), background: RGB(40, 40, 40),
          cache: PictureCache(), diskCache: browser, decoder: .inProcess)
        XCTAssertEqual(action, .image(.loaded(request.key)), photo)
        XCTAssertEqual(
          ThumbnailBatch.thumbnail(path: photo, cache: batch, size: size, decoder: .inProcess),
          .made)
        let fromBrowser = try entry(browser, for: photo, size: size)
        let fromBatch = try entry(batch, for: photo, size: size)
        XCTAssertEqual(fromBrowser, fromBatch, "\(photo) at \(size): entries differ")
        // Spec-complete: the MIME type and the photo's displayed size are recorded.
        let text = try XCTUnwrap(PNGTextReader.read(Array(fromBrowser)))
        XCTAssertGreaterThan(text.width, 0, photo)
        let chunks = String(decoding: fromBrowser.prefix(600), as: UTF8.self)
        XCTAssertTrue(chunks.contains("Thumb::Mimetype"), photo)
        XCTAssertTrue(chunks.contains("Thumb::Image::Width"), photo)
      }
    }
  }

  func testBothWriteAFailureEntryForAnUndecodablePhoto() throws {
    let broken = root.appendingPathComponent("broken.jpg").path
    // SOI, then a truncated APP0: a JPEG by its magic bytes that no decoder can read.
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46]).write(
      to: URL(fileURLWithPath: broken))
    let source = try ThumbnailSource.forFile(atPath: broken).get()
    for maker in ["browser", "batch"] {
      let cache = ThumbnailDiskCache(root: root.appendingPathComponent(maker).path)
      if maker == "browser" {
        let request = ImageRequest(
          key: ImageKey(asset: AssetID(1), size: PixelSize(width: 120, height: 120), fit: .fill),
          path: broken, format: .jpeg, orientation: .up, priority: .visible, bestQuality: false)
        let action = EffectRunner.makePicture(
          request, format: .halfBlock(.trueColor), background: .black, cache: PictureCache(),
          diskCache: cache, decoder: .inProcess)
        guard case .image(.failed) = action else { return XCTFail("browser: \(action)") }
      } else {
        guard
          case .failed = ThumbnailBatch.thumbnail(
            path: broken, cache: cache, size: .normal, decoder: .inProcess)
        else { return XCTFail("batch did not fail") }
      }
      XCTAssertTrue(cache.hasFailure(for: source), "\(maker): no fail/lightbox-1.0 entry")
      XCTAssertTrue(cache.failurePath(forURI: source.uri).contains("/fail/lightbox-1.0/"))
    }
  }
}
