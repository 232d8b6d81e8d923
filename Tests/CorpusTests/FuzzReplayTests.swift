import Foundation
import Pixels
@_spi(Decoders) import Decoders
import ThumbnailCache
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

/// The fuzz targets' code paths in the ordinary test suite: every regression input under
/// `Tests/*/Fixtures/fuzz/` (fuzzer findings, once fixed), and seeded mutations of the
/// shared corpus (bit flips, truncations, overwritten length fields), go through metadata,
/// EXIF thumbnail and decode. A failure must be a one-line reason; a success a consistent
/// bitmap. libFuzzer runs (`scripts/fuzz`) go much further; this keeps CI honest without it.
final class FuzzReplayTests: XCTestCase {
  /// The JPEG/PNG path as `Fuzz/Sources/FuzzJPEG` and `FuzzPNG` drive it.
  static func exercise(
    _ bytes: [UInt8], knobs: UInt8, file: StaticString = #filePath, line: UInt = #line
  ) {
    let metadata = MetadataReader.read(bytes: bytes)
    if let range = metadata.exifThumbnail {
      XCTAssertTrue(
        range.lowerBound >= 0 && range.upperBound <= bytes.count, file: file, line: line)
      check(
        ExifThumbnail.decode(
          fileBytes: bytes, range: range, orientation: metadata.orientation,
          storedSize: metadata.pixelSize), file: file, line: line)
    }
    _ = PNGTextReader.read(bytes)
    let side = 16 + Int(knobs & 0x3F) * 4
    let options = DecodeOptions(
      target: PixelSize(width: side, height: side * 3 / 4),
      mode: knobs & 0x40 == 0 ? .fit : .fill, quality: knobs & 0x80 == 0 ? .fast : .best,
      orientation: metadata.orientation, maxPixels: 16_000_000)
    check(ImageDecoder.decode(data: bytes, options: options), file: file, line: line)
  }

  static func check(_ result: Result<Bitmap, ImageError>, file: StaticString, line: UInt) {
    switch result {
    case .success(let bitmap):
      XCTAssertTrue(bitmap.width > 0 && bitmap.height > 0, file: file, line: line)
      XCTAssertEqual(bitmap.pixels.count, bitmap.width * bitmap.height * 4, file: file, line: line)
    case .failure(let error):
      XCTAssertFalse(error.reason.isEmpty, file: file, line: line)
      XCTAssertFalse(
        error.reason.contains("\n"), "one line: \(error.reason)", file: file, line: line)
    }
  }

  /// Every file under `Tests/*/Fixtures/fuzz/`, found from this file's path.
  static func fixtures() -> [URL] {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
    var found: [URL] = []
    let modules = (try? FileManager.default.contentsOfDirectory(atPath: tests.path)) ?? []
    for module in modules {
      let folder = tests.appendingPathComponent(module).appendingPathComponent("Fixtures/fuzz")
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
        continue
      }
      found += names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted().map {
        folder.appendingPathComponent($0)
      }
    }
    return found
  }

  func testFuzzRegressionFixturesDecodeOrFailOnOneLine() throws {
    let files = Self.fixtures()
    guard !files.isEmpty else {
      throw XCTSkip("no fuzz findings recorded yet (Tests/*/Fixtures/fuzz/ is empty)")
    }
    for url in files {
      let bytes = [UInt8](try Data(contentsOf: url))
      for knobs: UInt8 in [0x00, 0x7F, 0xC0] { Self.exercise(bytes, knobs: knobs) }
    }
  }

  func testSeededMutationsOfTheCorpusSurvive() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    // Every image the manifest lists (valid and corrupt), sorted so runs repeat.
    let files = try CorpusLocator.expectations().compactMap { $0["path"] }.sorted().map {
      corpus.appendingPathComponent($0)
    }
    XCTAssertGreaterThan(files.count, 100)
    var random = SeededGenerator(seed: 0x5EED_F00D)
    var runs = 0
    for url in files {
      let original = [UInt8](try Data(contentsOf: url))
      guard original.count > 16, original.count < 4 << 20 else { continue }
      // The untouched file, then six mutants of it.
      Self.exercise(original, knobs: 0)
      for round in 0..<6 {
        var bytes = original
        switch round % 3 {
        case 0:  // a few bit flips, mostly in the headers where the parsers live
          for _ in 0..<4 {
            let at = Int(random.next() % UInt64(min(bytes.count, 4096)))
            bytes[at] ^= UInt8(1 << (random.next() % 8))
          }
        case 1:  // truncated anywhere
          bytes.removeSubrange(Int(random.next() % UInt64(bytes.count))...)
        default:  // a 16/32-bit field overwritten with an extreme value
          let at = Int(random.next() % UInt64(min(bytes.count - 4, 4096)))
          let value: [UInt8] = [
            [0xFF, 0xFF, 0xFF, 0xFF], [0, 0, 0, 0], [0x7F, 0xFF, 0xFF, 0xFF],
          ][
            Int(random.next() % 3)]
          bytes.replaceSubrange(at..<(at + 4), with: value)
        }
        Self.exercise(bytes, knobs: UInt8(truncatingIfNeeded: random.next()))
        runs += 1
      }
    }
    XCTAssertGreaterThan(runs, 600)
  }
}
