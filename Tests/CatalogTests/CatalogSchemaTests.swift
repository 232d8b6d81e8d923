import Foundation
import GRDB
import PhotoModel
import XCTest

@testable import Catalog

final class CatalogSchemaTests: XCTestCase {
  var library: TestLibrary!

  override func setUp() { library = TestLibrary("catalog-schema") }
  override func tearDown() { library.remove() }

  func testFreshFileIsCreatedWithItsFoldersAndMigrated() throws {
    XCTAssertFalse(FileManager.default.fileExists(atPath: library.catalogPath))
    let catalog = try Catalog(path: library.catalogPath)
    XCTAssertTrue(FileManager.default.fileExists(atPath: library.catalogPath))
    XCTAssertEqual(
      try catalog.appliedMigrations(),
      [
        "v1: roots, assets, other files, albums", "v2: trash bookkeeping, added_at, album order",
        "v3: read the added kinds again", "v4: videos", "v5: the user's rotation",
        "v6: Live Photo stills", "v7: one root a library, whatever its spelling", "v8: AVIF",
        "v9: a video's container and codec", "v10: files cut short", Catalog.folderMigration,
        Catalog.placesMigration,
        Catalog.imageHashesMigration, Catalog.mergesMigration, Catalog.tagsMigration,
        Catalog.mergeTagsMigration,
        Catalog.peopleMigration, Catalog.similarityMigration, Catalog.camerasMigration,
      ])
    let tables = try catalog.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    for table in ["roots", "assets", "other_files", "albums", "album_assets", "cameras"] {
      XCTAssertTrue(tables.contains(table), "missing table \(table) in \(tables)")
    }
    let indexes = try catalog.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")
    }
    XCTAssertTrue(indexes.contains("assets_timeline"), "\(indexes)")
    let journal = try catalog.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    XCTAssertEqual(journal, "wal")
    XCTAssertEqual(try catalog.assetCount, 0)
    XCTAssertEqual(try catalog.roots, [])
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }

  func testReopeningKeepsDataAndDoesNotMigrateTwice() throws {
    try library.writeJPEG("a.jpg", date: "2024:08:13 10:22:01")
    do {
      let catalog = try Catalog(path: library.catalogPath)
      _ = try Indexer(catalog: catalog).index(roots: [library.root])
    }
    let reopened = try Catalog(path: library.catalogPath)
    XCTAssertEqual(try reopened.appliedMigrations(), Catalog.migrator.migrations)
    XCTAssertEqual(try reopened.assetCount, 1)
    XCTAssertEqual(try reopened.roots, [library.root])
  }

  func testUnusableLocationIsAnErrorNotACrash() throws {
    let file = try library.write("plain-file", "x")
    XCTAssertThrowsError(try Catalog(path: file + "/library.sqlite")) { error in
      XCTAssertFalse(String(describing: error).isEmpty)
    }
  }

  func testAlbumMembershipIsManyToManyAndFollowsDeletedAssets() throws {
    try library.writeJPEG("a.jpg")
    try library.writeJPEG("b.jpg")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let ids = try catalog.allAssets().map(\.id.rawValue)
    XCTAssertEqual(ids.count, 2)
    try catalog.write { db in
      try db.execute(
        sql: "INSERT INTO albums (id, name, created_at) VALUES (1, 'A', 0), (2, 'B', 0)")
      for album in [1, 2] {
        for id in ids {
          try db.execute(
            sql: "INSERT INTO album_assets (album_id, asset_id, added_at) VALUES (?, ?, 0)",
            arguments: [album, id])
        }
      }
    }
    try FileManager.default.removeItem(atPath: library.root + "/a.jpg")
    _ = try Indexer(catalog: catalog).index()
    let memberships = try catalog.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM album_assets") ?? -1
    }
    XCTAssertEqual(memberships, 2, "the vanished photo leaves both albums; the other stays in both")
  }

  func testCaptureDateRoundTripsThroughTheSortKey() {
    let dates = [
      CaptureDate(
        year: 2024, month: 8, day: 13, hour: 23, minute: 30, second: 59, millisecond: 123,
        utcOffsetSeconds: 9 * 3600, source: .exif),
      CaptureDate(
        year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, source: .fileName),
      CaptureDate(year: 1850, month: 2, day: 28, millisecond: 1, source: .pngText),
    ]
    for date in dates {
      let back = AssetRowReader.captureDate(
        sortKey: date.localSortKey, offset: date.utcOffsetSeconds, source: date.source)
      XCTAssertEqual(back, date)
    }
  }
}

final class NewestAssetsTests: XCTestCase {
  func testNewestAssetsAreTheTailOfTheTimelineInOrder() throws {
    let library = TestLibrary("newest")
    defer { library.remove() }
    for day in 1...9 {
      _ = try library.writeJPEG("IMG_\(day).jpg", date: "2024:01:0\(day) 12:00:00")
    }
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let all = try catalog.allAssets()
    XCTAssertEqual(all.count, 9)
    XCTAssertEqual(all.map(\.captureDate.day), Array(1...9))
    XCTAssertEqual(try catalog.newestAssets(limit: 4), Array(all.suffix(4)))
    XCTAssertEqual(try catalog.newestAssets(limit: 50), all)
    XCTAssertEqual(try catalog.newestAssets(limit: 0), [])
  }
}
