import LightboxTestSupport
import PhotoModel
import Pixels
import XCTest

@testable import Similarity

/// The image-data hash: metadata does not count, pixels do, and malformed files are errors,
/// never traps.
final class ImageDataHashTests: XCTestCase {
  func digest(_ bytes: [UInt8]) throws -> ImageDigest {
    try ImageDataHash.digest(of: bytes).get()
  }

  func testJPEGMetadataDoesNotCountButPixelsDo() throws {
    let jpeg = try SimilarityFixtures.jpeg(SimilarityFixtures.scene(width: 64, height: 48, seed: 1))
    let base = try digest(jpeg)
    let exif = Array("Exif\0\0II*\0".utf8) + [8, 0, 0, 0, 0, 0]
    let tagged = SimilarityFixtures.inserting(segment: 0xE1, body: exif, into: jpeg)
    let commented = SimilarityFixtures.inserting(
      segment: 0xFE, body: Array("a comment".utf8), into: jpeg)
    XCTAssertEqual(try digest(tagged), base)
    XCTAssertEqual(try digest(commented), base)
    // Bytes after EOI (a phone's trailer) are not the picture either.
    XCTAssertEqual(try digest(jpeg + Array("trailer".utf8)), base)
    // The whole-file hashes differ, of course.
    XCTAssertNotEqual(tagged, jpeg)

    // One byte of the entropy-coded data changed (not a marker byte): another picture.
    var changed = jpeg
    let at = jpeg.count - 40
    changed[at] = changed[at] == 0x12 ? 0x13 : 0x12
    XCTAssertNotEqual(try digest(changed), base)
    // A table changed (the first DQT's first value): another picture too.
    let dqt = try XCTUnwrap(
      (0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDB })
    var requantised = jpeg
    requantised[dqt + 5] ^= 1
    XCTAssertNotEqual(try digest(requantised), base)
  }

  func testJPEGLayoutKeepsTablesAndScanDropsAPPn() throws {
    let jpeg = try SimilarityFixtures.jpeg(SimilarityFixtures.scene(width: 32, height: 32, seed: 2))
    let tagged = SimilarityFixtures.inserting(segment: 0xE1, body: [1, 2, 3, 4], into: jpeg)
    let layout = try ImageDataLayout.of(tagged).get()
    XCTAssertEqual(layout.kind, .jpeg)
    // Nothing of the 8-byte APP1 segment (at 2..<10) is hashed; EOI is.
    XCTAssertFalse(layout.ranges.contains { $0.overlaps(2..<10) })
    XCTAssertEqual(layout.ranges.last?.upperBound, tagged.count)
  }

  func testTruncatedAndBrokenJPEGsAreErrors() throws {
    let jpeg = try SimilarityFixtures.jpeg(SimilarityFixtures.scene(width: 32, height: 32, seed: 3))
    XCTAssertEqual(
      ImageDataLayout.of(Array(jpeg.prefix(jpeg.count - 2))).failureReason,
      "JPEG: ends at byte \(jpeg.count - 2) before its EOI marker (truncated)")
    XCTAssertEqual(
      ImageDataLayout.of(Array(jpeg.prefix(6))).failureReason,
      "JPEG: segment at byte 2 runs past the end of the file")
    XCTAssertEqual(
      ImageDataLayout.of([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x01]).failureReason,
      "JPEG: segment at byte 2 has length 1")
    XCTAssertEqual(
      ImageDataLayout.of([0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x02, 0x41]).failureReason,
      "JPEG: no marker at byte 6 (0x41)")
    XCTAssertEqual(ImageDataLayout.of([]).failureReason, "empty file")
  }

  func testPNGTextAndChunkingDoNotCount() throws {
    let bitmap = SimilarityFixtures.scene(width: 40, height: 30, seed: 4)
    let png = TestImages.png(rgba: bitmap)
    let base = try digest(png)
    // A tEXt chunk after IHDR (33 bytes: signature and IHDR).
    let texted =
      Array(png[0..<33]) + TestImages.chunk("tEXt", Array("Title\0Hello".utf8))
      + Array(png[33...])
    XCTAssertEqual(try digest(texted), base)
    // The same zlib stream cut into two IDAT chunks.
    let idat = try XCTUnwrap(ImageDataLayout.of(png).get().ranges.last)
    let stream = Array(png[idat])
    let split =
      Array(png[0..<33]) + TestImages.chunk("IDAT", Array(stream[0..<100]))
      + TestImages.chunk("IDAT", Array(stream[100...])) + TestImages.chunk("IEND", [])
    XCTAssertEqual(try digest(split), base)
    // Another picture, and a PNG is never a JPEG's twin.
    XCTAssertNotEqual(
      try digest(TestImages.png(rgba: SimilarityFixtures.scene(width: 40, height: 30, seed: 5))),
      base)
  }

  func testBrokenPNGsAreErrors() throws {
    let png = TestImages.png(rgba: SimilarityFixtures.scene(width: 8, height: 8, seed: 6))
    XCTAssertEqual(
      ImageDataLayout.of(Array(png.dropLast(12))).failureReason,
      "PNG: ends at byte \(png.count - 12) before its IEND chunk (truncated)")
    XCTAssertEqual(
      ImageDataLayout.of(Array(png.prefix(30))).failureReason,
      "PNG: chunk IHDR at byte 8 runs past the end of the file")
    let noHeader = TestImages.pngSignature + TestImages.chunk("IEND", [])
    XCTAssertEqual(ImageDataLayout.of(noHeader).failureReason, "PNG: first chunk is IEND, not IHDR")
  }

  func testHEIFHashesPictureItemsNotExif() throws {
    let picture = Array(repeating: UInt8(7), count: 300) + [1, 2, 3]
    let base = try digest(SimilarityFixtures.heif(picture: picture, exif: [9, 9, 9, 9]))
    XCTAssertEqual(
      try digest(SimilarityFixtures.heif(picture: picture, exif: [1, 2, 3, 4, 5, 6])), base)
    // The items stored the other way round in mdat: the same items.
    XCTAssertEqual(
      try digest(SimilarityFixtures.heif(picture: picture, exif: [9], exifFirst: true)), base)
    XCTAssertNotEqual(
      try digest(SimilarityFixtures.heif(picture: picture + [4], exif: [9, 9, 9, 9])), base)
    let file = SimilarityFixtures.heif(picture: picture, exif: [9, 9])
    let layout = try ImageDataLayout.of(file).get()
    XCTAssertEqual(layout.kind, .heif)
    XCTAssertEqual(layout.ranges.map(\.count), [picture.count])
    XCTAssertEqual(
      ImageDataLayout.of(Array(file.dropLast(10))).failureReason,
      "HEIF: item 1 lies past the end of its data (truncated)")
  }

  func testOtherFormatsHashTheWholeFile() throws {
    let gif = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]
    let layout = try ImageDataLayout.of(gif).get()
    XCTAssertEqual(layout, ImageDataLayout(kind: .wholeFile, ranges: [0..<gif.count]))
    XCTAssertNotEqual(try digest(gif), try digest(gif + [0]))
  }

  /// Seeded mutations of each kind of file (bytes flipped, cut, spliced) give a layout or an
  /// error, and every range of a layout lies inside the file.
  func testMutatedFilesNeverTrap() throws {
    var rng = SeededGenerator(seed: TestSeed.value)
    let jpeg = try SimilarityFixtures.jpeg(SimilarityFixtures.scene(width: 48, height: 40, seed: 7))
    let png = TestImages.png(rgba: SimilarityFixtures.scene(width: 12, height: 10, seed: 8))
    let heif = SimilarityFixtures.heif(picture: Array(repeating: 3, count: 64), exif: [1, 2])
    var errors = 0
    for round in 0..<3000 {
      var bytes = [jpeg, png, heif][round % 3]
      for _ in 0..<Int.random(in: 1...6, using: &rng) {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
          let at = Int.random(in: 0..<bytes.count, using: &rng)
          bytes[at] = UInt8.random(in: 0...255, using: &rng)
        case 1:
          bytes = Array(bytes.prefix(Int.random(in: 1...bytes.count, using: &rng)))
        default:
          let at = Int.random(in: 0..<bytes.count, using: &rng)
          bytes.insert(
            contentsOf: [0xFF, UInt8.random(in: 0...255, using: &rng), 0xFF, 0xFF], at: at)
        }
      }
      switch ImageDataLayout.of(bytes) {
      case .success(let layout):
        for range in layout.ranges { XCTAssertLessThanOrEqual(range.upperBound, bytes.count) }
        _ = try digest(bytes)
      case .failure(let error):
        errors += 1
        XCTAssertFalse(error.reason.isEmpty)
      }
    }
    XCTAssertGreaterThan(errors, 0, "some mutations must break the files")
  }

  func testFileDigestMatchesBytesAndReportsMissingFiles() throws {
    let folder = BuiltProduct.temporaryDirectory("image-data").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let jpeg = try SimilarityFixtures.jpeg(SimilarityFixtures.scene(width: 32, height: 32, seed: 9))
    let path = folder + "/a.jpg"
    try Data(jpeg).write(to: URL(fileURLWithPath: path))
    XCTAssertEqual(try ImageDataHash.digest(ofFile: path).get(), try digest(jpeg))
    XCTAssertEqual(
      ImageDataHash.digest(ofFile: folder + "/missing.jpg").failureReason,
      "No such file or directory")
    XCTAssertEqual(ImageDataHash.digest(ofFile: folder).failureReason, "not a regular file")
  }
}

extension Result where Failure == ImageDataError {
  /// The error's reason, or nil on success.
  var failureReason: String? {
    if case .failure(let error) = self { return error.reason }
    return nil
  }

  /// A HEIF whose items all point at the same bytes (2,000 items, each "to the end of the
  /// file", as the fuzz target's slow input did) is hashed whole, once, not 2,000 times.
  func testOverlappingItemsAreHashedAsTheWholeFileOnce() throws {
    func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
      TestImages.bigEndian(UInt32(body.count + 8)) + Array(type.utf8) + body
    }
    let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
    // iloc version 0, offset and length 4 bytes, no base offset; items of one extent each.
    var iloc: [UInt8] = [0, 0, 0, 0, 0x44, 0x00, 0x07, 0xD0]
    for id in 1...2000 {
      iloc += [UInt8(id >> 8), UInt8(id & 0xFF), 0, 0, 0, 1] + [0, 0, 0, 0] + [0, 0, 0, 0]
    }
    let file =
      ftyp + box("meta", [0, 0, 0, 0] + box("iloc", iloc))
      + box("mdat", [UInt8](repeating: 7, count: 1000))
    let layout = try ImageDataLayout.of(file).get()
    XCTAssertEqual(layout.kind, .wholeFile)
    XCTAssertEqual(layout.ranges, [0..<file.count])
  }
}
