import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// `LosslessRotation` turns JPEGs as the user sees them: the orientation algebra agrees with
/// the pixels, a perfect transform changes no pixel and is tjTransform's (jpegtran's, see
/// CorpusRotationTests), an imperfect one rewrites only the Orientation value.
final class LosslessRotationTests: XCTestCase {
  /// A 3×2 bitmap whose six pixels all differ.
  let sample = Bitmap(
    width: 3, height: 2, pixels: (0..<6).flatMap { [UInt8($0 * 40), UInt8(255 - $0), 7, 255] })

  func turned(_ bitmap: Bitmap, _ rotation: ImageRotation) -> Bitmap {
    (0..<rotation.quarterTurns).reduce(bitmap) { image, _ in image.applying(.right) }
  }

  func testOrientationAlgebraAgreesWithThePixels() {
    for orientation in Orientation.allCases {
      let seen = sample.applying(orientation)
      for rotation in ImageRotation.allCases {
        let wanted = turned(seen, rotation)
        // The tag way: a new orientation on the same pixels.
        XCTAssertEqual(
          sample.applying(orientation.rotated(by: rotation)), wanted, "\(orientation) \(rotation)")
        // The transform way: turned pixels under the same orientation.
        let stored = turned(sample, orientation.storedRotation(for: rotation))
        XCTAssertEqual(stored.applying(orientation), wanted, "\(orientation) \(rotation)")
      }
      XCTAssertEqual(
        Orientation(quarterTurns: orientation.quarterTurns, mirrored: orientation.isMirrored),
        orientation)
    }
    XCTAssertEqual(ImageRotation(quarterTurns: -1), .anticlockwise)
    XCTAssertNil(ImageRotation(quarterTurns: 8))
  }

  /// A big-endian TIFF structure with one IFD0 entry, Orientation = `orientation`.
  func exif(orientation: UInt16) -> [UInt8] {
    [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1]
      + [UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0, 0, 0, 0, 0, 0]
  }

  func jpeg(width: Int, height: Int, orientation: UInt16?) throws -> [UInt8] {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { pixels += [UInt8(x * 255 / width), UInt8(y * 255 / height), 90, 255] }
    }
    let bitmap = Bitmap(width: width, height: height, pixels: pixels)
    return try JPEGEncoder.encode(
      bitmap, quality: 90, exif: orientation.map { exif(orientation: $0) }
    )
    .get()
  }

  func testWholeMCUsAreTransformedAndTheOrientationKept() throws {
    let original = try jpeg(width: 48, height: 32, orientation: 6)
    let outcome = try LosslessRotation.rotate(jpeg: original, by: .clockwise).get()
    XCTAssertEqual(outcome.method, .transformed(.clockwise))
    let metadata = MetadataReader.read(bytes: outcome.bytes)
    XCTAssertEqual(metadata.pixelSize, PixelSize(width: 32, height: 48))
    XCTAssertEqual(metadata.exifOrientation, 6)
    // Decoded without orientation: the stored pixels are the old ones turned.
    let options = DecodeOptions(target: PixelSize(width: 64, height: 64), quality: .best)
    let before = try ImageDecoder.decode(data: original, options: options).get()
    let after = try ImageDecoder.decode(data: outcome.bytes, options: options).get()
    // The same DCT blocks; only chroma upsampling's rounding depends on the direction.
    let expected = turned(before, .clockwise)
    XCTAssertEqual(after.size, expected.size)
    let largest = zip(after.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    XCTAssertLessThanOrEqual(largest, 3, "a lossless turn changes no pixel beyond rounding")
  }

  func testAMirroredPhotoHasItsPixelsTurnedTheOtherWay() throws {
    let original = try jpeg(width: 48, height: 32, orientation: 2)
    let outcome = try LosslessRotation.rotate(jpeg: original, by: .clockwise).get()
    XCTAssertEqual(outcome.method, .transformed(.anticlockwise))
  }

  func testPartialMCUsGetANewOrientationValueAndNothingElse() throws {
    for (old, rotation, new) in [
      (UInt16(1), ImageRotation.clockwise, Orientation.right),
      (6, .clockwise, .down), (8, .clockwise, .up), (2, .clockwise, .rightMirrored),
      (3, .halfTurn, .up), (1, .anticlockwise, .left), (9, .clockwise, .right),
    ] {
      let original = try jpeg(width: 45, height: 29, orientation: old)
      let outcome = try LosslessRotation.rotate(jpeg: original, by: rotation).get()
      XCTAssertEqual(outcome.method, .orientationTag(new), "\(old) \(rotation)")
      XCTAssertEqual(outcome.bytes.count, original.count)
      let changed = zip(original, outcome.bytes).filter { $0 != $1 }.count
      XCTAssertLessThanOrEqual(changed, 2)
      XCTAssertEqual(MetadataReader.read(bytes: outcome.bytes).exifOrientation, new.rawValue)
    }
  }

  func testPartialMCUsWithoutAnOrientationEntryAreAnError() throws {
    let original = try jpeg(width: 45, height: 29, orientation: nil)
    guard case .failure(let error) = LosslessRotation.rotate(jpeg: original, by: .clockwise)
    else { return XCTFail("rotated a file it cannot turn") }
    XCTAssertTrue(error.reason.contains("no EXIF Orientation entry"), error.reason)
    // A perfect one needs no entry.
    let whole = try jpeg(width: 32, height: 16, orientation: nil)
    XCTAssertNoThrow(try LosslessRotation.rotate(jpeg: whole, by: .halfTurn).get())
  }

  func testWhatIsNotAJPEGIsAnErrorLine() throws {
    let png = TestImages.png(rgba: sample)
    for bytes in [png, [], [0xFF, 0xD8, 0xFF, 0xE0, 0, 4], Array("text\n".utf8)] {
      guard case .failure(let error) = LosslessRotation.rotate(jpeg: bytes, by: .clockwise) else {
        XCTFail("rotated \(bytes.prefix(8))")
        continue
      }
      XCTAssertFalse(error.reason.contains("\n"))
    }
  }

  func testTheFileIsReplacedWithItsModeAndAStepOfOneSecond() throws {
    let folder = BuiltProduct.temporaryDirectory("rotate-file").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/photo.jpg"
    let original = try jpeg(width: 64, height: 48, orientation: 1)
    try Data(original).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o640)
    var times = [
      timespec(tv_sec: 1_600_000_000, tv_nsec: 5), timespec(tv_sec: 1_700_000_000, tv_nsec: 7),
    ]
    utimensat(AT_FDCWD, path, &times, 0)
    symlink(path, folder + "/link.jpg")

    let method = try LosslessRotation.rotateFile(atPath: folder + "/link.jpg", by: .halfTurn).get()
    XCTAssertEqual(method, .transformed(.halfTurn))
    var info = stat()
    XCTAssertEqual(stat(path, &info), 0)
    XCTAssertEqual(info.st_mode & 0o7777, 0o640)
    XCTAssertEqual(info.st_mtim.tv_sec, 1_700_000_001)
    XCTAssertEqual(info.st_mtim.tv_nsec, 7)
    XCTAssertEqual(info.st_atim.tv_sec, 1_600_000_000)
    let expected = try LosslessRotation.rotate(jpeg: original, by: .halfTurn).get().bytes
    XCTAssertEqual(try Array(Data(contentsOf: URL(fileURLWithPath: path))), expected)
    var link = stat()
    XCTAssertEqual(lstat(folder + "/link.jpg", &link), 0)
    XCTAssertEqual(link.st_mode & S_IFMT, S_IFLNK, "the link stays a link")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    XCTAssertEqual(names, ["link.jpg", "photo.jpg"], "no temporary file is left")

    chmod(path, 0o444)
    guard case .failure(let error) = LosslessRotation.rotateFile(atPath: path, by: .clockwise)
    else { return XCTFail("changed a read-only file") }
    XCTAssertTrue(error.reason.contains("read-only"), error.reason)
    XCTAssertEqual(try Array(Data(contentsOf: URL(fileURLWithPath: path))), expected)
  }
}
