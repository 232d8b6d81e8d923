import Foundation
import GRDB
import PhotoModel
import XCTest

@testable import Catalog

/// Migration v13-duplicates-merge: a merge's catalog half written with its journal row in
/// one transaction, listed as pending until finished, and taken back whole by the undo.
final class MergeCatalogTests: XCTestCase {
  var library: TestLibrary!

  override func setUp() { library = TestLibrary("merge-journal") }
  override func tearDown() { library.remove() }

  /// The favorite flag, hidden flag and rotation of a photo's row.
  func flags(_ catalog: Catalog, _ id: AssetID) throws -> [Int] {
    try catalog.read { db in
      let row = try Row.fetchOne(
        db, sql: "SELECT favorite, hidden, rotation FROM assets WHERE id = ?",
        arguments: [id.rawValue])!
      return [row[0], row[1], row[2]]
    }
  }

  func testTheKeeperTakesTheOthersFlagsAndAlbumsAndTheUndoGivesThemBack() throws {
    for name in ["a.jpg", "b.jpg", "c.jpg"] {
      _ = try library.writeJPEG(name, date: "2024:08:13 10:22:01")
    }
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let id = Dictionary(
      uniqueKeysWithValues: try catalog.allAssets().map { ($0.fileName, $0.id) })
    let (a, b, c) = (id["a.jpg"]!, id["b.jpg"]!, id["c.jpg"]!)
    // a is kept, in "Trip"; b is a favorite turned once, in "Trip" and "Best"; c hidden.
    let trip = try catalog.createAlbum(named: "Trip", adding: [a, b], now: 1)
    let best = try catalog.createAlbum(named: "Best", adding: [b], now: 1)
    try catalog.setFavorite(true, for: [b])
    try catalog.setRotation([b: 1])
    try catalog.setHidden(true, for: [c])

    let merge = try catalog.beginMerge(keeper: a, others: [b, c], now: 5)
    let record = try XCTUnwrap(try catalog.merge(keeper: a, others: [c, b]))
    XCTAssertEqual(record.id, merge)
    XCTAssertEqual(record.addedAlbums, [best.id])
    XCTAssertFalse(record.keeperFavorite)
    XCTAssertEqual(try catalog.pendingMerges(), [record])
    // Favorite as b, hidden as c, turned as b.
    XCTAssertEqual(try flags(catalog, a), [1, 1, 1])
    let albums = try catalog.albums()
    XCTAssertEqual(Set(albums.first { $0.id == best.id }!.assetIDs), [a, b])
    XCTAssertEqual(Set(albums.first { $0.id == trip.id }!.assetIDs), [a, b])

    try catalog.finishMerge(merge)
    XCTAssertEqual(try catalog.pendingMerges(), [])
    XCTAssertEqual(try catalog.merge(keeper: a, others: [b, c])?.done, true)

    try catalog.undoMerge(record)
    XCTAssertNil(try catalog.merge(keeper: a, others: [b, c]))
    XCTAssertEqual(try flags(catalog, a), [0, 0, 0])
    XCTAssertEqual(try flags(catalog, b), [1, 0, 1], "the others are left as they were")
    let after = try catalog.albums()
    XCTAssertEqual(Set(after.first { $0.id == best.id }!.assetIDs), [b])
    XCTAssertEqual(Set(after.first { $0.id == trip.id }!.assetIDs), [a, b], "a was in Trip")
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }

  func testACatalogOfV12MigratesToTheJournal() throws {
    XCTAssertFalse(try library.oldCatalog(upTo: Catalog.imageHashesMigration).contains("merges"))
    let catalog = try Catalog(path: library.catalogPath)
    XCTAssertTrue(try catalog.appliedMigrations().contains(Catalog.mergesMigration))
    XCTAssertEqual(try catalog.pendingMerges(), [])
  }

  func testAJournalOfV14MigratesWithNoSidecarEditForItsMerges() throws {
    try library.oldCatalog(upTo: Catalog.tagsMigration) { db in
      try db.execute(
        sql: """
          INSERT INTO merges (keeper, others, keeper_favorite, keeper_hidden,
            keeper_rotation, added_albums, created_at)
          VALUES (1, '2,3', 0, 0, 0, '', 5)
          """)
    }
    let catalog = try Catalog(path: library.catalogPath)
    XCTAssertTrue(try catalog.appliedMigrations().contains(Catalog.mergeTagsMigration))
    let pending = try catalog.pendingMerges()
    XCTAssertEqual(pending.map(\.others), [[AssetID(2), AssetID(3)]])
    XCTAssertNil(pending.first?.sidecar, "a merge of before the tags wrote no sidecar")
  }

  func testTheJournalKeepsTheTagPathsOfASidecarEdit() {
    let paths = [["Places", "Japan", "Kyoto"], ["Cat"], ["A b", "c"]]
    XCTAssertEqual(Catalog.decodeTags(Catalog.encodeTags(paths)), paths)
    XCTAssertEqual(Catalog.decodeTags(Catalog.encodeTags([])), [])
  }
}
