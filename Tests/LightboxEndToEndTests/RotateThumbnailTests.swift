import DemoLibrary
import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import Pixels
import XCTest

import Decoders

/// `lightbox rotate --write` on camera-like JPEGs (issue 33): the EXIF thumbnail turns with
/// the pixels, and a JPEG of partial MCUs without an Orientation tag is given one instead of
/// being refused, its pixels untouched.
final class RotateThumbnailTests: XCTestCase {
  var work: URL!
  var lightbox: String!

  override func setUpWithError() throws {
    lightbox = try BuiltProduct.requireLightbox()
    work = BuiltProduct.temporaryDirectory("rotate-thumbnail")
  }

  override func tearDown() {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  /// A seeded picture, so the thumbnail's turn shows in its pixels.
  func picture(width: Int, height: Int, seed: UInt64) -> Bitmap {
    var random = SeededGenerator(seed: seed)
    let tint = UInt8(truncatingIfNeeded: random.next())
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        pixels += [UInt8(x * 255 / width), UInt8(y * 255 / height), tint, 255]
      }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let path = work.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  func contents(_ path: String) -> [UInt8] {
    FileManager.default.contents(atPath: path).map { Array($0) } ?? []
  }

  func testTheEXIFThumbnailTurnsWithThePhoto() throws {
    let thumbnail = try JPEGEncoder.encode(picture(width: 160, height: 120, seed: 1), quality: 85)
      .get()
    let exif = ExifWriter(
      byteOrder: .littleEndian,
      ifd0: [.init(0x010F, .ascii("Canon")), .init(0x0112, .short([1]))],
      thumbnailJPEG: thumbnail
    ).build()
    let photo = try JPEGEncoder.encode(
      picture(width: 640, height: 480, seed: 2), quality: 85, exif: exif
    ).get()
    let path = try write(photo, "camera.jpg")
    let run = Subprocess.run([lightbox, "rotate", "--write", path])
    XCTAssertEqual(run.status, 0, run.output)
    XCTAssertTrue(run.output.contains("1 turned losslessly"), run.output)

    let turned = contents(path)
    let metadata = MetadataReader.read(bytes: turned)
    XCTAssertEqual(metadata.pixelSize, PixelSize(width: 480, height: 640))
    XCTAssertEqual(metadata.cameraMake, "Canon")
    let range = try XCTUnwrap(metadata.exifThumbnail, "the thumbnail is kept")
    let small = try ExifThumbnail.decode(
      jpeg: Array(turned[range]), orientation: .up, storedSize: nil
    ).get()
    XCTAssertEqual(small.size, PixelSize(width: 120, height: 160), "the thumbnail turned too")
    // Its picture is the old one turned clockwise: the old top-left (dark) is at the top right.
    let old = try ExifThumbnail.decode(jpeg: thumbnail, orientation: .up, storedSize: nil).get()
    let expected = old.applying(.right)
    let difference =
      zip(small.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +)
      / small.pixels.count
    XCTAssertLessThan(difference, 6)
  }

  func testAnUntaggedJPEGOfPartialMCUsIsGivenAnOrientationTag() throws {
    let photo = try JPEGEncoder.encode(picture(width: 45, height: 29, seed: 3), quality: 90).get()
    XCTAssertNil(MetadataReader.read(bytes: photo).exifOrientation)
    let path = try write(photo, "small.jpg")
    let run = Subprocess.run([lightbox, "rotate", "--write", path])
    XCTAssertEqual(run.status, 0, run.output)
    XCTAssertTrue(run.output.contains("1 by the EXIF Orientation tag"), run.output)

    let tagged = contents(path)
    XCTAssertEqual(MetadataReader.read(bytes: tagged).exifOrientation, 6)
    let options = DecodeOptions(target: PixelSize(width: 64, height: 64), quality: .best)
    XCTAssertEqual(
      try ImageDecoder.decodeInProcess(data: tagged, options: options).get(),
      try ImageDecoder.decodeInProcess(data: photo, options: options).get(),
      "the pixels are unchanged")
  }
}
