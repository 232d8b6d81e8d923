import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

@testable import Catalog

/// The indexer's short JPEG head gives exactly what the reader finds in the full head.
final class HeadReaderTests: XCTestCase {
  func testSameMetadataAsTheFullHeadOverTheWholeCorpus() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let rows = try CorpusLocator.expectations()
    XCTAssertGreaterThan(rows.count, 100)
    var shorter = 0
    for row in rows {
      let path = corpus.appendingPathComponent(row["path"] ?? "").path
      let full = MetadataReader.readHead(ofFile: path)
      let short = HeadReader.read(LibraryPath(path))
      switch (full, short) {
      case (.success(let a), .success(let b)):
        XCTAssertTrue(a.starts(with: b), path)
        XCTAssertEqual(MetadataReader.read(bytes: b), MetadataReader.read(bytes: a), path)
        if b.count < a.count { shorter += 1 }
      case (.failure(let a), .failure(let b)):
        XCTAssertEqual(a, b, path)
      default:
        XCTFail("\(path): \(full) vs \(short)")
      }
    }
    XCTAssertGreaterThan(shorter, 20, "most JPEG heads stop at the first scan")
  }

  func testLargeAPP1AndFillBytesAreReadToTheScan() throws {
    let library = TestLibrary("head-reader")
    defer { library.remove() }
    // SOI, a 40 KB APP2, fill bytes, then the usual EXIF JPEG after it (SOF beyond 16 KB).
    var bytes: [UInt8] =
      [0xFF, 0xD8, 0xFF, 0xE2, 0x9C, 0x40] + [UInt8](repeating: 7, count: 0x9C3E)
    bytes += [UInt8](repeating: 0xFF, count: 100)
    let tail = TestLibrary.jpeg(
      date: "2024:02:03 04:05:06", offset: nil, orientation: 6, width: 300, height: 200)
    bytes += tail.dropFirst(2)  // without its SOI
    bytes += [UInt8](repeating: 0x55, count: 200_000)  // "pixel data"
    let path = library.root + "/big.jpg"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let head = try HeadReader.read(LibraryPath(path)).get()
    XCTAssertLessThan(head.count, 60_000)
    let metadata = MetadataReader.read(bytes: head)
    XCTAssertEqual(metadata, try MetadataReader.read(contentsOf: path).get())
    XCTAssertEqual(metadata.pixelSize?.width, 300)
    XCTAssertEqual(metadata.exifOrientation, 6)
    XCTAssertEqual(metadata.dateTimeOriginal, "2024:02:03 04:05:06")
  }

  /// Issue 33 item 9: Photoshop writes a CMYK JPEG's 557 KB ICC profile before its frame
  /// header, so the head stops short of the size; the catalog entry (what the status line
  /// shows) reads it, and the EXIF after the profile, from the file.
  func testAFrameHeaderPastTheHeadIsInTheCatalogEntry() throws {
    let library = TestLibrary("head-far-frame")
    defer { library.remove() }
    var bytes: [UInt8] = [0xFF, 0xD8]
    for _ in 0..<10 {
      bytes += [0xFF, 0xE2, 0xFF, 0xFF] + [UInt8](repeating: 9, count: 0xFFFD)
    }
    let tail = TestLibrary.jpeg(
      date: "2024:02:03 04:05:06", offset: nil, orientation: 6, width: 2480, height: 3508)
    bytes += tail.dropFirst(2)  // without its SOI
    let path = library.root + "/cmyk.jpg"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let head = try HeadReader.read(LibraryPath(path)).get()
    XCTAssertNil(MetadataReader.read(bytes: head).pixelSize, "the frame is past the head")
    let entry = FileIndexing.entry(
      path: LibraryPath(path), stamp: FileStamp(size: Int64(bytes.count), mtimeNanoseconds: 0))
    let metadata = try XCTUnwrap(entry.metadata)
    XCTAssertEqual(metadata.pixelSize, PixelSize(width: 2480, height: 3508))
    XCTAssertEqual(metadata.exifOrientation, 6)
    XCTAssertEqual(metadata.dateTimeOriginal, "2024:02:03 04:05:06")
    XCTAssertEqual(entry.captureDate?.source, .exif)
  }

  func testTruncatedAndHostileHeadsNeverLoop() throws {
    let library = TestLibrary("head-hostile")
    defer { library.remove() }
    let cases: [[UInt8]] = [
      [0xFF, 0xD8, 0xFF],
      [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 20_000),
      [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01] + [UInt8](repeating: 0xFF, count: 70_000),
      [0xFF, 0xD8] + [UInt8](repeating: 0x00, count: 200_000),
      [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 200_000),
    ]
    for (i, bytes) in cases.enumerated() {
      let path = library.root + "/h\(i).jpg"
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let head = try HeadReader.read(LibraryPath(path)).get()
      XCTAssertLessThanOrEqual(head.count, MetadataReader.maxHeaderBytes)
      XCTAssertEqual(
        MetadataReader.read(bytes: head), try MetadataReader.read(contentsOf: path).get(),
        "case \(i)")
    }
  }
}
