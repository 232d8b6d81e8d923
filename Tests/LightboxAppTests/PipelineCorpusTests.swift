@_spi(InProcessDecoding) import DecodeWorker
import Catalog
import Foundation
import Pixels
import Decoders
import ThumbnailCache
import LightboxTestSupport
import PhotoModel
import PhotoStore
import TerminalGraphics
import XCTest

@testable import LightboxCommands

@testable import LightboxApp

/// The program's own path from a file to a picture (scanner metadata → decode with the
/// orientation it read → half-blocks), over the real corpus.
final class PipelineCorpusTests: XCTestCase {
  func corpusFolder(_ name: String) throws -> String {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    return corpus.appendingPathComponent(name).path
  }

  func picture(for asset: Asset, size: PixelSize, fit: ImageFit) -> (Action, PictureCache) {
    let cache = PictureCache()
    let request = ImageRequest(
      key: ImageKey(asset: asset.id, size: size, fit: fit), path: asset.path,
      format: asset.format, orientation: asset.orientation, priority: .visible,
      bestQuality: true)
    let action = EffectRunner.makePicture(
      request, format: .halfBlock(.trueColor), background: .black, cache: cache, decoder: .inProcess
    )
    return (action, cache)
  }

  /// Mean absolute difference of two equally sized half-block pictures, per channel.
  func difference(_ a: HalfBlockImage, _ b: HalfBlockImage) -> Double {
    var total = 0
    for (x, y) in zip(a.cells, b.cells) {
      for (p, q) in [(x.top, y.top), (x.bottom, y.bottom)] {
        total += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
      }
    }
    return Double(total) / Double(a.cells.count * 6)
  }

  func testEveryOrientationDisplaysUpright() throws {
    let assets = FileIndexing.scanWithoutCatalog(roots: [try corpusFolder("orientation")]).assets
    XCTAssertEqual(assets.count, 9)
    let size = PixelSize(width: 48, height: 36)
    var pictures: [String: HalfBlockImage] = [:]
    for asset in assets {
      let (action, cache) = picture(for: asset, size: size, fit: .fill)
      XCTAssertEqual(action, .image(.loaded(ImageKey(asset: asset.id, size: size, fit: .fill))))
      guard
        case .halfBlock(let image)? = cache.picture(
          for: ImageKey(asset: asset.id, size: size, fit: .fill))
      else {
        return XCTFail("no picture for \(asset.fileName)")
      }
      pictures[asset.fileName] = image
    }
    let reference = try XCTUnwrap(pictures["Landscape_1.jpg"])
    for (name, image) in pictures {
      XCTAssertLessThan(difference(image, reference), 8, "\(name) is not upright")
    }
    // The check can fail: the stored (unrotated) pixels of an orientation-6 file differ.
    var wrong = try XCTUnwrap(assets.first { $0.orientation == .right })
    wrong.orientation = .up
    let (_, cache) = picture(for: wrong, size: size, fit: .fill)
    guard
      case .halfBlock(let unrotated)? = cache.picture(
        for: ImageKey(asset: wrong.id, size: size, fit: .fill))
    else {
      return XCTFail("no picture")
    }
    XCTAssertGreaterThan(difference(unrotated, reference), 20)
  }

  func testEveryMalformedFileGetsAPlaceholderAndAOneLineReason() throws {
    let folder = try corpusFolder("malformed")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    XCTAssertGreaterThan(files.count, 20)
    var failed = 0
    for name in files {
      let path = folder + "/" + name
      switch Self.scannedAsset(path) {
      case .failure(let error):
        XCTAssertFalse(error.description.isEmpty)
        failed += 1
      case .success(nil):
        failed += 1  // not recognised as a photo at all: never shown
      case .success(let asset?):
        let size = PixelSize(width: 28, height: 28)
        let (action, _) = picture(for: asset, size: size, fit: .fill)
        switch action {
        case .image(.failed(_, let reason)):
          failed += 1
          XCTAssertFalse(reason.isEmpty, name)
          XCTAssertFalse(reason.contains("\n"), name)
          XCTAssertFalse(reason.unicodeScalars.contains { $0.value < 0x20 }, name)
        case .image(.loaded):
          break  // recoverable damage: shown with what could be decoded
        case .image(.damaged(_, let reason)):
          // Cut short: shown as far as it decodes, and said so in one line.
          XCTAssertTrue(reason.lowercased().contains("premature end"), "\(name): \(reason)")
          XCTAssertFalse(reason.contains("\n"), name)
        default:
          XCTFail("unexpected \(action)")
        }
      }
    }
    XCTAssertGreaterThan(failed, files.count / 2)
  }
}

/// Tiles go through the freedesktop thumbnail cache.
final class DiskCachedTileTests: XCTestCase {
  func testTileThumbnailIsStoredAndReusedWhileTheFileIsUnchanged() throws {
    let root = BuiltProduct.temporaryDirectory("tiles")
    defer { try? FileManager.default.removeItem(at: root) }
    let photo = root.appendingPathComponent("IMG_1.jpg")
    let bitmap = Bitmap(width: 400, height: 300, fill: RGB(30, 140, 220))
    let original = try JPEGEncoder.encode(bitmap, quality: 90).get()
    try Data(original).write(to: photo)
    let disk = ThumbnailDiskCache(root: root.appendingPathComponent("thumbnails").path)
    let asset = try XCTUnwrap(PipelineCorpusTests.scannedAsset(photo.path).get())
    let request = ImageRequest(
      key: ImageKey(asset: asset.id, size: PixelSize(width: 14, height: 14), fit: .fill),
      path: photo.path, format: .jpeg, orientation: .up, priority: .visible, bestQuality: false)

    let first = EffectRunner.makePicture(
      request, format: .halfBlock(.trueColor), background: .black, cache: PictureCache(),
      diskCache: disk, decoder: .inProcess)
    XCTAssertEqual(first, .image(.loaded(request.key)))
    let source = try ThumbnailSource.forFile(atPath: photo.path).get()
    XCTAssertTrue(disk.hasThumbnail(for: source, size: .normal))

    // Same size and mtime but bytes that cannot be decoded: only the cache can answer.
    var stat1 = stat()
    stat(photo.path, &stat1)
    try Data(repeating: 0x41, count: original.count).write(to: photo)
    var times = [stat1.st_atim, stat1.st_mtim]
    utimensat(AT_FDCWD, photo.path, &times, 0)
    let cache = PictureCache()
    let second = EffectRunner.makePicture(
      request, format: .halfBlock(.trueColor), background: .black, cache: cache, diskCache: disk,
      decoder: .inProcess)
    XCTAssertEqual(second, .image(.loaded(request.key)))
    guard case .halfBlock(let tile)? = cache.picture(for: request.key) else {
      return XCTFail("no tile")
    }
    let c = tile.cells[0].top  // JPEG is lossy: within a few levels of the painted colour
    XCTAssertLessThan(abs(Int(c.r) - 30) + abs(Int(c.g) - 140) + abs(Int(c.b) - 220), 8, "\(c)")

    // Without the cache the same bytes fail with a reason.
    let uncached = EffectRunner.makePicture(
      request, format: .halfBlock(.trueColor), background: .black, cache: PictureCache(),
      decoder: .inProcess)
    guard case .image(.failed(_, let reason)) = uncached else { return XCTFail("\(uncached)") }
    XCTAssertFalse(reason.isEmpty)
  }
}

/// The EXIF thumbnail is shown first (opportunistic delivery).
final class ExifFirstTileTests: XCTestCase {
  /// A demo photo (they carry an EXIF thumbnail) as the scanner sees it.
  func demoAsset() throws -> (Asset, URL) {
    let root = BuiltProduct.temporaryDirectory("exif-first")
    let library = root.appendingPathComponent("demo")
    _ = try DemoCommand.prepare(directory: library.path, count: 4, seed: 3) { _ in }
    let assets = FileIndexing.scanWithoutCatalog(roots: [library.path]).assets
    let asset = try XCTUnwrap(assets.first { $0.format == .jpeg && $0.exifThumbnail != nil })
    return (asset, root)
  }

  func request(_ asset: Asset, side: Int) -> ImageRequest {
    ImageRequest(
      key: ImageKey(asset: asset.id, size: PixelSize(width: side, height: side), fit: .fill),
      path: asset.path, format: asset.format, orientation: asset.orientation,
      priority: .visible, bestQuality: false, exifThumbnail: asset.exifThumbnail,
      storedSize: asset.storedPixelSize)
  }

  func testSmallTilesComeStraightFromTheExifThumbnail() throws {
    let (asset, root) = try demoAsset()
    defer { try? FileManager.default.removeItem(at: root) }
    let disk = ThumbnailDiskCache(root: root.appendingPathComponent("thumbs").path)
    var previews: [Action] = []
    let tile = request(asset, side: 14)
    let action = EffectRunner.makePicture(
      tile, format: .halfBlock(.trueColor), background: .black, cache: PictureCache(),
      diskCache: disk,
      decoder: .inProcess, preview: { previews.append($0) })
    XCTAssertEqual(action, .image(.loaded(tile.key)))
    XCTAssertTrue(previews.isEmpty, "a covering EXIF thumbnail is final, not a preview")
    let source = try ThumbnailSource.forFile(atPath: asset.path).get()
    XCTAssertFalse(disk.hasThumbnail(for: source, size: .normal), "no full decode was needed")
  }

  func testLargeTilesShowThePreviewThenTheDecode() throws {
    let (asset, root) = try demoAsset()
    defer { try? FileManager.default.removeItem(at: root) }
    let disk = ThumbnailDiskCache(root: root.appendingPathComponent("thumbs").path)
    var previews: [Action] = []
    let card = request(asset, side: 200)
    let action = EffectRunner.makePicture(
      card, format: .halfBlock(.trueColor), background: .black, cache: PictureCache(),
      diskCache: disk, decoder: .inProcess,
      preview: { previews.append($0) })
    XCTAssertEqual(previews, [.image(.preview(card.key))])
    XCTAssertEqual(action, .image(.loaded(card.key)))
    let source = try ThumbnailSource.forFile(atPath: asset.path).get()
    XCTAssertTrue(disk.hasThumbnail(for: source, size: .large))
  }
}

extension PipelineCorpusTests {
  /// A reason the no-catalog scan gave for a file.
  struct ScanProblem: Error, CustomStringConvertible {
    let description: String
  }

  /// The asset the no-catalog scan makes of one file (nil when it is not a photo).
  static func scannedAsset(_ path: String) -> Result<Asset?, ScanProblem> {
    let result = FileIndexing.scanWithoutCatalog(roots: [path])
    if let asset = result.assets.first { return .success(asset) }
    if let problem = result.problems.first { return .failure(ScanProblem(description: problem)) }
    return .success(nil)
  }
}
