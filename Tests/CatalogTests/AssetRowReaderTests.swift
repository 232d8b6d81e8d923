import Foundation
import GRDB
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

@testable import Catalog

/// What `AssetRowReader` gives back from the columns added in the v2 migration.
final class AssetRowReaderTests: XCTestCase {
  func testAVersion1FileIsBroughtForwardKeepingItsRows() throws {
    let library = TestLibrary("migration-v2")
    defer { library.remove() }
    try FileManager.default.createDirectory(
      atPath: (library.catalogPath as NSString).deletingLastPathComponent,
      withIntermediateDirectories: true)
    do {
      let queue = try DatabaseQueue(path: library.catalogPath, configuration: .waitingForLocks)
      try Catalog.migrator.migrate(queue, upTo: "v1: roots, assets, other files, albums")
      try queue.write { db in
        try db.execute(
          sql: """
            INSERT INTO assets (path, size, mtime_ns, format, capture_local, capture_day,
              capture_sort_key, capture_source, favorite, indexed_at)
            VALUES (?, 10, 0, 'jpeg', '2024-01-01T00:00:00.000', 19723, 0, 'exif', 1, 1234)
            """, arguments: [Data("/photos/old.jpg".utf8)])
      }
    }
    let catalog = try Catalog(path: library.catalogPath)
    XCTAssertEqual(try catalog.appliedMigrations(), Catalog.migrator.migrations)
    let asset = try XCTUnwrap(catalog.allAssets().first)
    XCTAssertEqual(asset.path, "/photos/old.jpg")
    XCTAssertTrue(asset.isFavorite)
    XCTAssertEqual(asset.addedAt, 1234, "first index time taken from indexed_at")
    XCTAssertFalse(asset.isAnimated)
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }

  /// The exposure columns round-trip what the metadata reader finds in real camera files.
  func testExposureFromTheCorpusRoundTrips() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let folder = corpus.appendingPathComponent("jpeg-exif").path
    let library = TestLibrary("exposure")
    defer { library.remove() }
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [folder])
    var withExposure = 0
    for asset in try catalog.allAssets() {
      let head = try XCTUnwrap(FileManager.default.contents(atPath: asset.path))
      let metadata = MetadataReader.read(bytes: Array(head.prefix(MetadataReader.maxHeaderBytes)))
      let e = metadata.exposure
      let expected = Exposure(
        fNumber: e?.fNumber?.value,
        exposureTime: e?.exposureTime.map {
          ExposureTime(numerator: $0.numerator, denominator: $0.denominator)
        },
        iso: e?.iso, focalLength: e?.focalLength?.value)
      XCTAssertEqual(asset.exposure, expected.isEmpty ? nil : expected, asset.fileName)
      if asset.exposure != nil { withExposure += 1 }
    }
    XCTAssertGreaterThan(withExposure, 0, "camera files record an exposure")
  }
}
