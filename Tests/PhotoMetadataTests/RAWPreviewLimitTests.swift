import PhotoModel
import XCTest

@testable import PhotoMetadata

/// The RAW preview walk stays linear in the head on hostile IFD tables (found by
/// `scripts/fuzz tiff`: a DNG-looking head of Exif pointers took seconds to read).
final class RAWPreviewLimitTests: XCTestCase {
  /// A little-endian TIFF whose IFD0 (at 8) is a DNGVersion entry and `count - 1` copies of
  /// `entry` (12 bytes), followed by `tail`.
  private func dngHead(_ entry: [UInt8], count: Int, tail: [UInt8] = []) -> [UInt8] {
    var bytes: [UInt8] = Array("II*\0".utf8) + [8, 0, 0, 0]
    bytes += [UInt8(count & 0xFF), UInt8(count >> 8)]
    bytes += [0x12, 0xC6, 1, 0, 4, 0, 0, 0, 1, 4, 0, 0]  // DNGVersion 1.4: reads as RAW
    for _ in 1..<count { bytes += entry }
    return bytes + [0, 0, 0, 0] + tail
  }

  /// The work `RAWPreviews` does on `bytes` (read as the RAW they claim to be).
  private func work(_ bytes: [UInt8]) -> RAWPreviews.PreviewWalk {
    XCTAssertEqual(MetadataReader.read(bytes: bytes).format, .raw)
    var work = RAWPreviews.PreviewWalk()
    bytes.withUnsafeBytes { raw in
      let b = ByteView(raw)
      if let tiff = TIFFBlock(bytes: b, start: 0, end: b.count, truncated: true) {
        _ = RAWPreviews.tiffPreviews(tiff, work: &work)
      }
    }
    return work
  }

  /// 10,899 Exif pointers back to IFD0 in a 128 KB head: the Olympus maker-note walk ran
  /// once per pointer over the whole table (120 million entry reads), now once per IFD.
  func testATableOfExifPointersIsWalkedOnce() {
    let pointer: [UInt8] = [0x69, 0x87, 4, 0, 1, 0, 0, 0, 8, 0, 0, 0]
    let head = dngHead(pointer, count: 10_900)
    XCTAssertGreaterThan(head.count, 128_000)
    XCTAssertEqual(work(head).exifWalks, 1, "one maker-note walk, not one per pointer")
  }

  /// 10,899 SubIFDs entries naming the same IFD eight times each: the queue of IFDs to read
  /// held 87,000 offsets, each taken off its front; it is capped now.
  func testATableOfSubIFDsIsCapped() {
    let arrayAt = 8 + 2 + 12 * 10_900 + 4
    let offset = [UInt8(arrayAt & 0xFF), UInt8(arrayAt >> 8 & 0xFF), UInt8(arrayAt >> 16), 0]
    let entry: [UInt8] = [0x4A, 0x01, 4, 0, 8, 0, 0, 0] + offset
    let head = dngHead(
      entry, count: 10_900, tail: Array(repeating: [8, 0, 0, 0], count: 8).flatMap { $0 })
    let walk = work(head)
    XCTAssertLessThanOrEqual(walk.queued, RAWPreviews.maxQueuedIFDs)
    XCTAssertLessThanOrEqual(walk.ifds, RAWPreviews.maxIFDs)
    XCTAssertLessThanOrEqual(RAWPreviews.candidates(in: head).count, RAWPreviews.maxRanges)
  }

  /// A JPEGInterchangeFormat stored as a signed long (SLONG) of -2³¹: the preview range
  /// starts 2 GB before the file, and its EXIF thumbnail walk read `ByteView.byte` there
  /// unchecked (found by `scripts/fuzz tiff` with ASan: a read before the buffer; the input
  /// is `Fixtures/fuzz/tiff-raw-preview-before-the-file.tif`, which `FuzzReplayTests` reads).
  /// Such a range is no preview now.
  func testAPreviewOffsetBeforeTheFileIsNoPreview() {
    var head: [UInt8] = Array("II*\0".utf8) + [8, 0, 0, 0] + [3, 0]
    head += [0x12, 0xC6, 1, 0, 4, 0, 0, 0, 1, 4, 0, 0]  // DNGVersion 1.4: reads as RAW
    head += [0x01, 0x02, 9, 0, 1, 0, 0, 0, 0, 0, 0, 0x80]  // JPEGInterchangeFormat: -2^31
    head += [0x02, 0x02, 4, 0, 1, 0, 0, 0, 100, 0, 0, 0]  // JPEGInterchangeFormatLength
    head += [0, 0, 0, 0] + Array(repeating: 0xFF, count: 64)
    XCTAssertEqual(MetadataReader.read(bytes: head).format, .raw)
    XCTAssertEqual(RAWPreviews.candidates(in: head), [])
  }
}
