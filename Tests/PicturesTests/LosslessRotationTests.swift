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

  /// Issue 33: a JPEG of partial MCUs with no Orientation entry gets one (in a new Exif
  /// segment, after the JFIF one, or added to the IFD0 it has) instead of being refused;
  /// its pixels and its other EXIF fields stay as they were.
  func testPartialMCUsWithoutAnOrientationEntryGetOne() throws {
    let plain = try jpeg(width: 45, height: 29, orientation: nil)
    XCTAssertNil(ExifOrientationEntry.exifSegment(in: plain))
    let withMake = try JPEGEncoder.encode(
      try JPEGDecoder.decode(
        plain, options: DecodeOptions(target: PixelSize(width: 64, height: 64))
      )
      .get(),
      quality: 90, exif: Self.tiff(ifd0: [(0x010F, 2, 4, Array("Abc".utf8) + [0])], thumbnail: nil)
    ).get()
    for (label, original) in [("no Exif", plain), ("Exif without Orientation", withMake)] {
      let outcome = try LosslessRotation.rotate(jpeg: original, by: .clockwise).get()
      XCTAssertEqual(outcome.method, .orientationTag(.right), label)
      let metadata = MetadataReader.read(bytes: outcome.bytes)
      XCTAssertEqual(metadata.exifOrientation, 6, label)
      XCTAssertEqual(metadata.pixelSize, PixelSize(width: 45, height: 29), label)
      let options = DecodeOptions(target: PixelSize(width: 64, height: 64), quality: .best)
      XCTAssertEqual(
        try ImageDecoder.decode(data: outcome.bytes, options: options).get(),
        try ImageDecoder.decode(data: original, options: options).get(), "\(label): pixels kept")
      // Turned again, the entry is there to change in place.
      let again = try LosslessRotation.rotate(jpeg: outcome.bytes, by: .clockwise).get()
      XCTAssertEqual(again.method, .orientationTag(.down), label)
      XCTAssertEqual(again.bytes.count, outcome.bytes.count, label)
    }
    XCTAssertEqual(
      MetadataReader.read(
        bytes: try LosslessRotation.rotate(jpeg: withMake, by: .clockwise).get()
          .bytes
      ).cameraMake, "Abc")
    // The JFIF segment stays first.
    let tagged = try LosslessRotation.rotate(jpeg: plain, by: .clockwise).get().bytes
    XCTAssertEqual(Array(tagged[0..<4]), Array(plain[0..<4]))
    // A perfect one needs no entry.
    let whole = try jpeg(width: 32, height: 16, orientation: nil)
    XCTAssertNoThrow(try LosslessRotation.rotate(jpeg: whole, by: .halfTurn).get())
  }

  /// A big-endian TIFF structure: IFD0 with `ifd0` (tag, type, count, value bytes ≤ 4) and,
  /// with a thumbnail, IFD1 (Compression 6, its offset and length) and the thumbnail last.
  static func tiff(ifd0: [(UInt16, UInt16, UInt32, [UInt8])], thumbnail: [UInt8]?) -> [UInt8] {
    func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
    let ifd1 = 8 + 2 + 12 * ifd0.count + 4
    var out: [UInt8] = [0x4D, 0x4D, 0, 0x2A] + be32(8) + be16(ifd0.count)
    for (tag, type, count, value) in ifd0 {
      out += be16(Int(tag)) + be16(Int(type)) + be32(Int(count))
      out += value + [UInt8](repeating: 0, count: 4 - value.count)
    }
    guard let thumbnail else { return out + be32(0) }
    let data = ifd1 + 2 + 3 * 12 + 4
    out += be32(ifd1) + be16(3)
    out += be16(0x0103) + be16(3) + be32(1) + be16(6) + [0, 0]
    out += be16(0x0201) + be16(4) + be32(1) + be32(data)
    out += be16(0x0202) + be16(4) + be32(1) + be32(thumbnail.count)
    return out + be32(0) + thumbnail
  }

  /// A gradient JPEG with a red corner at the top left, so that a turn shows.
  static func picture(width: Int, height: Int) throws -> [UInt8] {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        let corner = x < width / 4 && y < height / 4
        pixels +=
          corner ? [230, 20, 20, 255] : [UInt8(x * 200 / width), UInt8(y * 200 / height), 90, 255]
      }
    }
    return try JPEGEncoder.encode(Bitmap(width: width, height: height, pixels: pixels), quality: 92)
      .get()
  }

  /// Issue 33: the EXIF thumbnail turns with the pixels (a 160×120 one, of partial MCUs,
  /// encoded again; a 160×128 one losslessly), so the filmstrip does not show it sideways.
  func testTheEXIFThumbnailTurnsWithThePixels() throws {
    let main = try jpeg(width: 48, height: 32, orientation: nil)
    let mainPixels = try JPEGDecoder.decode(
      main, options: DecodeOptions(target: PixelSize(width: 64, height: 64))
    ).get()
    for (width, height) in [(160, 120), (160, 128)] {
      let thumbnail = try Self.picture(width: width, height: height)
      let orientation: [(UInt16, UInt16, UInt32, [UInt8])] = [(0x0112, 3, 1, [0, 1])]
      let original = try JPEGEncoder.encode(
        mainPixels, quality: 90, exif: Self.tiff(ifd0: orientation, thumbnail: thumbnail)
      ).get()
      let old = try ExifThumbnail.decode(jpeg: thumbnail, orientation: .up, storedSize: nil).get()
      for rotation in ImageRotation.allCases {
        let label = "\(width)×\(height) \(rotation)"
        let outcome = try LosslessRotation.rotate(jpeg: original, by: rotation).get()
        XCTAssertEqual(outcome.method, .transformed(rotation), label)
        let metadata = MetadataReader.read(bytes: outcome.bytes)
        let range = try XCTUnwrap(metadata.exifThumbnail, label)
        let new = try ExifThumbnail.decode(
          jpeg: Array(outcome.bytes[range]), orientation: .up, storedSize: nil
        ).get()
        let expected = old.applying(
          Orientation(quarterTurns: rotation.quarterTurns, mirrored: false))
        XCTAssertEqual(new.size, expected.size, label)
        let corner = new.rgb(
          x: rotation == .clockwise || rotation == .halfTurn ? new.width - 8 : 8,
          y: rotation == .halfTurn || rotation == .anticlockwise ? new.height - 8 : 8)
        XCTAssertGreaterThan(Int(corner.r), 180, "\(label): the red corner moved with the turn")
        XCTAssertEqual(metadata.exifOrientation, 1, label)
      }
    }
  }

  /// A thumbnail that does not decode is dropped rather than left sideways.
  func testAThumbnailThatDoesNotDecodeIsDropped() throws {
    let main = try jpeg(width: 48, height: 32, orientation: nil)
    let pixels = try JPEGDecoder.decode(
      main, options: DecodeOptions(target: PixelSize(width: 64, height: 64))
    ).get()
    let broken: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0, 4, 1, 2, 0xFF, 0xD9]
    let original = try JPEGEncoder.encode(
      pixels, quality: 90, exif: Self.tiff(ifd0: [(0x0112, 3, 1, [0, 1])], thumbnail: broken)
    ).get()
    XCTAssertNotNil(MetadataReader.read(bytes: original).exifThumbnail)
    let outcome = try LosslessRotation.rotate(jpeg: original, by: .clockwise).get()
    XCTAssertNil(MetadataReader.read(bytes: outcome.bytes).exifThumbnail)
    XCTAssertEqual(MetadataReader.read(bytes: outcome.bytes).exifOrientation, 1)
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
