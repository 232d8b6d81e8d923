import Foundation
import GRDB
import PhotoModel
import XCTest

@testable import Catalog

/// Migration v16: the duplicate finder's hashes and groups live in a database of their own
/// beside the catalog (issue 32 §6: the catalog at most 200 bytes a photo). A v15 catalog's
/// rows move there; a deleted photo's hashes still go with it; a lost similarity file is made
/// again empty; another catalog's similarity file is emptied, not believed.
final class SimilarityDatabaseTests: XCTestCase {
  var library: TestLibrary!

  override func setUp() { library = TestLibrary("similarity-db") }
  override func tearDown() { library.remove() }

  func row(_ id: AssetID, _ stamp: (Int64, Int64), seed: UInt8) -> StoredImageHashes {
    StoredImageHashes(
      assetID: id, size: stamp.0, mtimeNanoseconds: stamp.1,
      digest: (0..<32).map { UInt8(truncatingIfNeeded: Int($0) &+ Int(seed)) },
      dHash: UInt64(seed) << 40, pHash: UInt64.max - UInt64(seed), flatColour: nil)
  }

  /// Each photo's id and stamp (size, mtime), by file name.
  func photos(_ catalog: Catalog) throws -> [String: (AssetID, (Int64, Int64))] {
    try catalog.read { db in
      var out: [String: (AssetID, (Int64, Int64))] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT id, name, size, mtime_ns FROM assets") {
        let name: Data = row[1]
        out[String(decoding: name, as: UTF8.self)] = (AssetID(row[0]), (row[2], row[3]))
      }
      return out
    }
  }

  func tables(_ queue: DatabaseQueue) throws -> [String] {
    try queue.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
    }
  }

  func testTheHashesAndGroupsLiveBesideTheCatalog() throws {
    _ = try library.writeJPEG("a.jpg", date: "2024:08:13 10:22:01")
    _ = try library.writeJPEG("b.jpg", date: "2024:08:13 10:22:02")
    let catalog = try Catalog(path: library.catalogPath)
    XCTAssertEqual(
      catalog.similarityPath,
      String(library.catalogPath.dropLast(".sqlite".count)) + "-similarity.sqlite")
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let known = try photos(catalog)
    let (a, stampA) = try XCTUnwrap(known["a.jpg"])
    let (b, stampB) = try XCTUnwrap(known["b.jpg"])
    try catalog.storeImageHashes([row(a, stampA, seed: 1), row(b, stampB, seed: 2)])
    let groups = [StoredPhotoGroup(kind: .exact, members: [a, b])]
    try catalog.storeDuplicateGroups(groups, roots: [library.root])
    XCTAssertEqual(try catalog.imageHashes().map(\.assetID), [a, b].sorted())

    // In the similarity file, not the catalog.
    let main = try DatabaseQueue(path: library.catalogPath)
    XCTAssertFalse(try tables(main).contains("image_hashes"))
    let groupsInMain = try main.read { db in
      try Int.fetchOne(
        db, sql: "SELECT count(*) FROM catalog_keys WHERE key = ?",
        arguments: [Catalog.duplicateGroupsKey])
    }
    XCTAssertEqual(groupsInMain, 0)
    try main.close()
    let apart = try DatabaseQueue(path: catalog.similarityPath)
    let count = try apart.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM image_hashes")
    }
    XCTAssertEqual(count, 2)
    try apart.close()

    // b goes: its hashes go with its row (the trigger stands in for the foreign key).
    try FileManager.default.removeItem(atPath: library.root + "/b.jpg")
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let left = try catalog.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM similarity.image_hashes")
    }
    XCTAssertEqual(left, 1)
    // Storing hashes forgets the groups, in the same commit.
    XCTAssertEqual(try catalog.storedDuplicateGroups(roots: [library.root]), groups)
    try catalog.storeImageHashes([row(a, stampA, seed: 3)])
    XCTAssertNil(try catalog.storedDuplicateGroups(roots: [library.root]))
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }

  func testAVersion15CatalogsHashesAndGroupsMoveOut() throws {
    _ = try library.writeJPEG("a.jpg", date: "2024:08:13 10:22:01")
    try library.oldCatalog(upTo: Catalog.peopleMigration) { db in
      try db.execute(
        sql: """
          INSERT INTO folders (id, path) VALUES (1, X'2F782F');
          INSERT INTO assets (id, folder_id, name, size, mtime_ns, format, capture_sort_key,
            capture_source, added_at) VALUES (7, 1, X'612E6A7067', 10, 20, 'jpeg', 0, 'mtime', 0);
          INSERT INTO image_hashes (asset_id, size, mtime_ns, digest, dhash, phash)
            VALUES (7, 10, 20, X'0102', 5, 6);
          INSERT INTO catalog_keys (key, value) VALUES ('duplicate-groups', 'roots /x');
          """)
    }
    let catalog = try Catalog(path: library.catalogPath)
    XCTAssertTrue(try catalog.appliedMigrations().contains(Catalog.similarityMigration))
    let moved = try catalog.imageHashes()
    XCTAssertEqual(moved.map(\.assetID), [AssetID(7)])
    XCTAssertEqual(moved.first?.digest, [1, 2])
    XCTAssertEqual(moved.first?.dHash, 5)
    XCTAssertEqual(try catalog.storedDuplicateGroups(roots: ["/x"]), [])
    let main = try DatabaseQueue(path: library.catalogPath)
    XCTAssertFalse(try tables(main).contains("image_hashes"))
    try main.close()
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }

  func testALostFileIsMadeAgainAndAnotherCatalogsIsEmptied() throws {
    _ = try library.writeJPEG("a.jpg", date: "2024:08:13 10:22:01")
    var catalog: Catalog? = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog!).index(roots: [library.root])
    let (a, stamp) = try XCTUnwrap(try photos(catalog!)["a.jpg"])
    try catalog!.storeImageHashes([row(a, stamp, seed: 1)])
    let similarity = catalog!.similarityPath
    catalog = nil

    // The similarity file deleted: made again, empty; the photos are hashed again.
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: similarity + suffix)
    }
    catalog = try Catalog(path: library.catalogPath)
    XCTAssertEqual(try catalog!.imageHashes(), [])
    try catalog!.storeImageHashes([row(a, stamp, seed: 1)])
    catalog = nil

    // The catalog deleted and made anew beside the old similarity file: the same id may be
    // another photo now, so the old rows go.
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: library.catalogPath + suffix)
    }
    catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog!).index(roots: [library.root])
    XCTAssertEqual(try catalog!.imageHashes(), [])
    XCTAssertEqual(try catalog!.imageHashStampsMissing().count, 1)
  }
}
