import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

@testable import Decoders

/// `LosslessRotation` against jpegtran on the corpus JPEGs: wherever
/// `jpegtran -copy all -perfect -rotate D` succeeds the bytes are the same (D being the turn
/// of the stored pixels, docs/DECISIONS.md), the EXIF block is kept, and where it cannot be
/// perfect the Orientation value is what changes.
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
        XCTAssertTrue(outcome.bytes == expected, "\(name) \(rotation): not jpegtran's bytes")
        compared += 1
        // The EXIF block is kept: same length, same facts read from it.
        if let before = ExifOrientationEntry.exifSegment(in: original) {
          withExif += 1
          let after = ExifOrientationEntry.exifSegment(in: outcome.bytes)
          XCTAssertEqual(after?.count, before.count, "\(name): EXIF block lost or resized")
          let old = MetadataReader.read(bytes: original)
          let new = MetadataReader.read(bytes: outcome.bytes)
          XCTAssertEqual(new.exifOrientation, old.exifOrientation, name)
          XCTAssertEqual(new.dateTimeOriginal, old.dateTimeOriginal, name)
          XCTAssertEqual(new.cameraModel, old.cameraModel, name)
        }
      }
    }
    print(
      "CorpusRotationTests: \(compared) turns byte-identical to jpegtran, \(withExif) with EXIF")
    XCTAssertGreaterThanOrEqual(compared, 60, "the corpus has fewer perfect turns than before")
    XCTAssertGreaterThanOrEqual(withExif, 20)
  }

  func testImperfectCorpusFilesGetTheirOrientationValueChanged() throws {
    var retagged = 0
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
        XCTAssertEqual(outcome.bytes.count, original.count, path)
        XCTAssertEqual(MetadataReader.read(bytes: outcome.bytes).exifOrientation, new.rawValue)
        XCTAssertLessThanOrEqual(zip(original, outcome.bytes).filter { $0 != $1 }.count, 2)
      case .failure(let error):
        refused += 1
        XCTAssertFalse(error.reason.contains("\n"), path)
      }
    }
    print("CorpusRotationTests: \(retagged) files retagged, \(refused) refused")
    XCTAssertGreaterThanOrEqual(retagged, 10)
  }
}
