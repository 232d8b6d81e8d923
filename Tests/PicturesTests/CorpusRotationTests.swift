import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

@testable import Decoders

/// `LosslessRotation` against jpegtran on the corpus JPEGs: wherever
/// `jpegtran -copy all -perfect -rotate D` succeeds the bytes are the same (D being the turn
/// of the stored pixels, docs/DECISIONS.md) but for the EXIF thumbnail, which Lightbox turns
/// too, the EXIF block is kept, and where it cannot be perfect the Orientation value is what
/// changes (added where there was none), never a pixel.
final class CorpusRotationTests: XCTestCase {
  static let folders = ["jpeg-exif", "orientation", "jpeg-variants"]
  /// TurboJPEG 2.1 cannot name this file's sampling, jpegtran transforms it anyway.
  static let turboJPEGRefuses: Set<String> = ["jpg-cmyk-2.jpg"]

  func corpusJPEGs() throws -> [String] {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    var paths: [String] = []
    for folder in Self.folders {
      let dir = corpus.appendingPathComponent(folder).path
      for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() {
        paths.append(dir + "/" + name)
      }
    }
    return paths
  }

  func jpegtran() throws -> String {
    guard
      let path = ["/usr/bin/jpegtran", "/bin/jpegtran"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      throw XCTSkip("jpegtran is not installed (libjpeg-turbo-progs; scripts/install-deps)")
    }
    return path
  }

  /// jpegtran's output for `path` turned by `rotation`, or nil when it fails.
  func reference(_ jpegtran: String, _ path: String, _ rotation: ImageRotation, into out: String)
    -> [UInt8]?
  {
    unlink(out)
    let run = Subprocess.run([
      jpegtran, "-copy", "all", "-perfect", "-rotate", "\(rotation.degrees)", "-outfile", out,
      path,
    ])
    guard run.status == 0 else { return nil }
    return FileManager.default.contents(atPath: out).map { Array($0) }
  }

  func testOutputIsJpegtransByteForByteWhereItSucceeds() throws {
    let tool = try jpegtran()
    let folder = BuiltProduct.temporaryDirectory("corpus-rotate").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var compared = 0
    var withExif = 0
    var thumbnailsTurned = 0
    for path in try corpusJPEGs() {
      let name = (path as NSString).lastPathComponent
      guard let data = FileManager.default.contents(atPath: path) else { continue }
      let original = Array(data)
      guard ImageDecoder.format(of: original) == .jpeg else { continue }
      let orientation = MetadataReader.read(bytes: original).orientation
      for rotation in ImageRotation.allCases {
        let stored = orientation.storedRotation(for: rotation)
        guard let expected = reference(tool, path, stored, into: folder + "/ref.jpg") else {
          continue
        }
        let result = LosslessRotation.rotate(jpeg: original, by: rotation)
        if Self.turboJPEGRefuses.contains(name) {
          if case .success(let outcome) = result {
            XCTAssertEqual(outcome.method, .orientationTag(orientation.rotated(by: rotation)))
          }
          continue
        }
        guard case .success(let outcome) = result else {
          XCTFail("\(name) \(rotation): jpegtran turned it, Lightbox: \(result)")
          continue
        }
        XCTAssertEqual(outcome.method, .transformed(stored), "\(name) \(rotation)")
        // jpegtran leaves the EXIF thumbnail as it was: with it turned, the bytes are ours.
        let turned = LosslessRotation.turningThumbnail(of: expected, by: stored)
        XCTAssertTrue(outcome.bytes == turned, "\(name) \(rotation): not jpegtran's bytes")
        compared += 1
        if let thumbnail = MetadataReader.read(bytes: original).exifThumbnail {
          try checkThumbnailTurned(
            Array(original[thumbnail]), in: outcome.bytes, by: stored, "\(name) \(rotation)")
          thumbnailsTurned += 1
        }
        // The EXIF block is kept: at least its length (a thumbnail encoded again may need
        // more room), the same facts read from it.
        if let before = ExifOrientationEntry.exifSegment(in: original) {
          withExif += 1
          let after = ExifOrientationEntry.exifSegment(in: outcome.bytes)
          XCTAssertGreaterThanOrEqual(after?.count ?? 0, before.count, "\(name): EXIF block lost")
          let old = MetadataReader.read(bytes: original)
          let new = MetadataReader.read(bytes: outcome.bytes)
          XCTAssertEqual(new.exifOrientation, old.exifOrientation, name)
          XCTAssertEqual(new.dateTimeOriginal, old.dateTimeOriginal, name)
          XCTAssertEqual(new.cameraModel, old.cameraModel, name)
        }
      }
    }
    print(
      "CorpusRotationTests: \(compared) turns byte-identical to jpegtran, \(withExif) with EXIF, "
        + "\(thumbnailsTurned) with their thumbnail turned")
    XCTAssertGreaterThanOrEqual(compared, 60, "the corpus has fewer perfect turns than before")
    XCTAssertGreaterThanOrEqual(withExif, 20)
    XCTAssertGreaterThanOrEqual(thumbnailsTurned, 10)
  }

  /// The EXIF thumbnail of `rotated` is `old` turned by `rotation` (its sides swapped for a
  /// quarter turn, its picture close to the old one turned).
  func checkThumbnailTurned(
    _ old: [UInt8], in rotated: [UInt8], by rotation: ImageRotation, _ label: String
  ) throws {
    let range = try XCTUnwrap(MetadataReader.read(bytes: rotated).exifThumbnail, label)
    let before = try ExifThumbnail.decode(jpeg: old, orientation: .up, storedSize: nil).get()
    let after = try ExifThumbnail.decode(
      jpeg: Array(rotated[range]), orientation: .up, storedSize: nil
    ).get()
    let turns = Orientation(quarterTurns: rotation.quarterTurns, mirrored: false)
    let expected = before.applying(turns)
    XCTAssertEqual(after.size, expected.size, label)
    guard after.size == expected.size else { return }
    let difference =
      zip(after.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +)
      / max(1, after.pixels.count)
    XCTAssertLessThan(difference, 8, "\(label): the thumbnail is not the old one turned")
  }

  func testImperfectCorpusFilesGetTheirOrientationValueChanged() throws {
    var retagged = 0
    var added = 0
    var refused = 0
    for path in try corpusJPEGs() {
      guard let data = FileManager.default.contents(atPath: path) else { continue }
      let original = Array(data)
      guard ImageDecoder.format(of: original) == .jpeg else { continue }
      let orientation = MetadataReader.read(bytes: original).orientation
      switch LosslessRotation.rotate(jpeg: original, by: .clockwise) {
      case .success(let outcome):
        guard case .orientationTag(let new) = outcome.method else { continue }
        retagged += 1
        XCTAssertEqual(new, orientation.rotated(by: .clockwise), path)
        XCTAssertEqual(MetadataReader.read(bytes: outcome.bytes).exifOrientation, new.rawValue)
        if ExifOrientationEntry(in: original) != nil {
          XCTAssertEqual(outcome.bytes.count, original.count, path)
          XCTAssertLessThanOrEqual(zip(original, outcome.bytes).filter { $0 != $1 }.count, 2)
        } else {
          // The entry was added: the pixels are the same.
          added += 1
          let options = DecodeOptions(target: PixelSize(width: 1 << 14, height: 1 << 14))
          let before = ImageDecoder.decodeInProcess(data: original, options: options)
          let after = ImageDecoder.decodeInProcess(data: outcome.bytes, options: options)
          XCTAssertEqual(try? after.get(), try? before.get(), path)
        }
      case .failure(let error):
        refused += 1
        XCTAssertFalse(error.reason.contains("\n"), path)
      }
    }
    print(
      "CorpusRotationTests: \(retagged) files retagged (\(added) given an entry), \(refused) refused"
    )
    XCTAssertGreaterThanOrEqual(retagged, 10)
    XCTAssertGreaterThanOrEqual(added, 10)
  }
}
