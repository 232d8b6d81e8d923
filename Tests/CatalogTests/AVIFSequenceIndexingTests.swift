import Foundation
import GRDB
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

/// An AVIF image sequence (issue 33) is indexed as an animated AVIF: its length and the
/// movie header's capture date, Animated and not Videos; a catalog from before reads its
/// HEIF files (where AVIF used to be filed) again.
final class AVIFSequenceIndexingTests: XCTestCase {
  var library: TestLibrary!

  override func setUp() { library = TestLibrary("avif-sequence") }
  override func tearDown() { library.remove() }

  func testASequenceIsAnAnimatedAVIFWithItsLengthAndMovieDate() throws {
    guard AVIFSequences.available else { throw XCTSkip(AVIFSequences.missingMessage) }
    _ = try AVIFSequences.make("sequence.avif", in: library.root)
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let scanned = FileIndexing.scanWithoutCatalog(roots: [library.root]).assets
    for asset in [try XCTUnwrap(try catalog.allAssets().first), try XCTUnwrap(scanned.first)] {
      XCTAssertEqual(asset.format, .avifSequence)
      XCTAssertEqual(asset.format.label, "AVIF")
      XCTAssertTrue(asset.isAnimated)
      XCTAssertEqual(try XCTUnwrap(asset.duration), 10, accuracy: 0.001)
      XCTAssertEqual(asset.storedPixelSize, PixelSize(width: 64, height: 48))
      XCTAssertEqual(asset.captureDate.source, .movieCreationTime)
      XCTAssertEqual(asset.captureDate.utcSeconds, AVIFSequences.creationSeconds)
      XCTAssertTrue(MediaType.animated.contains(asset))
      XCTAssertFalse(MediaType.videos.contains(asset))
    }
  }

  /// A v7 catalog filed AVIF as "heic": v8 makes the next scan read those rows again.
  func testAVersion7CatalogReadsItsHEIFRowsAgain() throws {
    guard AVIFSequences.available else { throw XCTSkip(AVIFSequences.missingMessage) }
    _ = try AVIFSequences.make("sequence.avif", in: library.root)
    try library.writeJPEG("a.jpg", date: "2024:08:13 10:22:01")
    do {
      let catalog = try Catalog(path: library.catalogPath)
      _ = try Indexer(catalog: catalog).index(roots: [library.root])
    }
    let queue = try DatabaseQueue(path: library.catalogPath, configuration: .waitingForLocks)
    try queue.write { db in
      try db.execute(sql: "UPDATE assets SET format = 'heic' WHERE format = 'avifSequence'")
      try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v8%'")
    }
    try queue.close()
    let catalog = try Catalog(path: library.catalogPath)
    let summary = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(summary.read, 1, "only the HEIF row is read again")
    let asset = try XCTUnwrap(try catalog.allAssets().first { $0.fileName == "sequence.avif" })
    XCTAssertEqual(asset.format, .avifSequence)
  }
}
