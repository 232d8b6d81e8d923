import Foundation
import GRDB
import PhotoModel
import XCTest

@testable import Catalog

/// Migration v12-duplicates: the duplicate finder's hashes beside the photos, a stale row
/// (the file changed since) left out, a deleted photo's row gone with it.
final class ImageHashesCatalogTests: XCTestCase {
  var library: TestLibrary!

  override func setUp() { library = TestLibrary("image-hashes") }
  override func tearDown() { library.remove() }

  func hashes(_ id: AssetID, size: Int64, mtime: Int64, seed: UInt8) -> StoredImageHashes {
    StoredImageHashes(
      assetID: id, size: size, mtimeNanoseconds: mtime,
      digest: (0..<32).map { UInt8(truncatingIfNeeded: Int($0) &* 7 &+ Int(seed)) },
      dHash: 0xFFFF_0000_1234_5678, pHash: UInt64.max - UInt64(seed), flatColour: nil)
  }

  /// The catalog's size and mtime of each photo, by path.
  func stamps(_ catalog: Catalog) throws -> [String: (AssetID, Int64, Int64)] {
    try catalog.read { db in
      var out: [String: (AssetID, Int64, Int64)] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT id, name, size, mtime_ns FROM assets") {
        let name: Data = row[1]
        out[String(decoding: name, as: UTF8.self)] = (AssetID(row[0]), row[2], row[3])
      }
      return out
    }
  }

  /// The flat table the grouping reads holds what `imageHashes()` holds, row for row, and
  /// finds a row by photo.
  func testHashTableHoldsTheStoredRowsInOrder() throws {
    _ = try library.writeJPEG("a.jpg", date: "2024:08:13 10:22:01")
    _ = try library.writeJPEG("b.jpg", date: "2024:08:13 10:22:02")
    _ = try library.writeJPEG("c.jpg", date: "2024:08:13 10:22:03")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let known = try stamps(catalog)
    let (idA, sizeA, mtimeA) = try XCTUnwrap(known["a.jpg"])
    let (idB, sizeB, mtimeB) = try XCTUnwrap(known["b.jpg"])
    let (idC, sizeC, mtimeC) = try XCTUnwrap(known["c.jpg"])
    var flat = hashes(idB, size: sizeB, mtime: mtimeB, seed: 2)
    (flat.dHash, flat.pHash, flat.flatColour) = (nil, nil, 0x12_34_56)
    // c could not be read: stored without hashes.
    let unread = StoredImageHashes(assetID: idC, size: sizeC, mtimeNanoseconds: mtimeC, digest: [])
    try catalog.storeImageHashes([hashes(idA, size: sizeA, mtime: mtimeA, seed: 1), flat, unread])
    let table = try catalog.imageHashTable()
    XCTAssertEqual(table.ids, [idA, idB, idC].sorted())
    for row in try catalog.imageHashes() {
      let index = try XCTUnwrap(table.row(of: row.assetID))
      XCTAssertEqual(table.digest(index).map(Array.init), row.digest.isEmpty ? nil : row.digest)
      XCTAssertEqual(table.perceptual(index)?.dHash, row.dHash)
      XCTAssertEqual(table.perceptual(index)?.pHash, row.pHash)
      XCTAssertEqual(table.flatColour(index), row.flatColour)
    }
    XCTAssertNil(table.row(of: AssetID(9_999)))
  }

  /// The photos to hash: those under the roots without current hashes, with their paths,
  /// orientations and stamps; hidden photos and photos already hashed left out, a photo under
  /// two nested roots listed once.
  func testTheTodoListsThePhotosUnderTheRootsWithoutCurrentHashes() throws {
    let a = try library.writeJPEG("2024/a.jpg", date: "2024:08:13 10:22:01", orientation: 6)
    let b = try library.writeJPEG("2024/b.jpg", date: "2024:08:13 10:22:02")
    _ = try library.writeJPEG("2025/c.jpg", date: "2025:01:01 10:00:00")
    _ = try library.writeJPEG("2025/d.jpg", date: "2025:01:01 10:00:01")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let known = try stamps(catalog)
    let (idA, sizeA, mtimeA) = try XCTUnwrap(known["a.jpg"])
    let (idB, _, _) = try XCTUnwrap(known["b.jpg"])
    let (idC, sizeC, mtimeC) = try XCTUnwrap(known["c.jpg"])
    let (idD, _, _) = try XCTUnwrap(known["d.jpg"])
    try catalog.setHidden(true, for: [idD])
    try catalog.storeImageHashes([hashes(idC, size: sizeC, mtime: mtimeC, seed: 1)])

    let all = try catalog.imageHashTodo(under: [library.root])
    XCTAssertEqual(all.ids, [idA, idB].sorted())
    let first = try XCTUnwrap(all.ids.firstIndex(of: idA))
    XCTAssertEqual(all.path(first), a)
    XCTAssertEqual(all.orientation(first), Orientation(exifValue: 6))
    XCTAssertEqual(all.stamp(first), ImageHashStamp(size: sizeA, mtimeNanoseconds: mtimeA))
    XCTAssertEqual(all.path(1 - first), b)
    XCTAssertEqual(try catalog.imageHashTodo(under: [library.root + "/2025"]).ids, [])
    XCTAssertEqual(
      try catalog.imageHashTodo(under: [library.root, library.root + "/2024"]).count, 2,
      "nested roots: each photo once")
    XCTAssertEqual(try catalog.imageHashTodo(under: ["/"]).ids, [idA, idB].sorted())
  }

  /// Groups stored for some roots come back for those roots only, and storing hashes (new
  /// photos hashed, a changed file hashed again) forgets them.
  func testStoredGroupsLastUntilHashesAreStored() throws {
    _ = try library.writeJPEG("a.jpg", date: "2024:08:13 10:22:01")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let (idA, sizeA, mtimeA) = try XCTUnwrap(try stamps(catalog)["a.jpg"])
    XCTAssertNil(try catalog.storedDuplicateGroups(roots: [library.root]))
    let groups = [
      StoredPhotoGroup(kind: .exact, members: [AssetID(3), AssetID(1)]),
      StoredPhotoGroup(kind: .similar, members: [AssetID(7), AssetID(5), AssetID(6)]),
      StoredPhotoGroup(kind: .burst, members: [AssetID(10), AssetID(11)], keeper: AssetID(11)),
      StoredPhotoGroup(kind: .burst, members: [AssetID(12), AssetID(13)]),
    ]
    try catalog.storeDuplicateGroups(groups, roots: [library.root, "/b"])
    XCTAssertEqual(try catalog.storedDuplicateGroups(roots: ["/b", library.root]), groups)
    XCTAssertNil(try catalog.storedDuplicateGroups(roots: [library.root]))
    try catalog.storeDuplicateGroups([], roots: [library.root])
    XCTAssertEqual(try catalog.storedDuplicateGroups(roots: [library.root]), [])
    try catalog.storeImageHashes([hashes(idA, size: sizeA, mtime: mtimeA, seed: 1)])
    XCTAssertNil(try catalog.storedDuplicateGroups(roots: [library.root]))
  }

  func testStoredHashesRoundTripUntilTheFileChangesOrGoes() throws {
    let a = try library.writeJPEG("a.jpg", date: "2024:08:13 10:22:01")
    _ = try library.writeJPEG("b.jpg", date: "2024:08:13 10:22:02")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let known = try stamps(catalog)
    let (idA, sizeA, mtimeA) = try XCTUnwrap(known["a.jpg"])
    let (idB, sizeB, mtimeB) = try XCTUnwrap(known["b.jpg"])
    var flat = hashes(idB, size: sizeB, mtime: mtimeB, seed: 2)
    flat.dHash = nil
    flat.pHash = nil
    flat.flatColour = 0x89_89_89
    let stored = [hashes(idA, size: sizeA, mtime: mtimeA, seed: 1), flat]
    // A row for a photo the catalog does not have is not stored.
    try catalog.storeImageHashes(stored + [hashes(AssetID(9_999), size: 1, mtime: 1, seed: 3)])
    XCTAssertEqual(try catalog.imageHashes(), stored.sorted { $0.assetID < $1.assetID })

    // a.jpg changes: its row is stale and left out.
    try Data(try Data(contentsOf: URL(fileURLWithPath: a)) + [0]).write(
      to: URL(fileURLWithPath: a))
    var times = [
      timespec(tv_sec: 2_000_000_000, tv_nsec: 0), timespec(tv_sec: 2_000_000_000, tv_nsec: 0),
    ]
    _ = utimensat(AT_FDCWD, a, &times, 0)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(try catalog.imageHashes().map(\.assetID), [idB])

    // b.jpg goes: its row goes with its photo.
    try FileManager.default.removeItem(atPath: library.root + "/b.jpg")
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let left = try catalog.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM image_hashes") ?? -1
    }
    XCTAssertEqual(left, 1, "a.jpg's stale row stays until it is hashed again; b.jpg's is gone")
  }

  func testCatalogOfTheLastVersionMigratesWithItsPhotos() throws {
    _ = try library.writeJPEG("a.jpg", date: "2024:08:13 10:22:01")
    // A catalog of v11 (the table is not there yet).
    let tables = try library.oldCatalog(upTo: Catalog.folderMigration)
    XCTAssertFalse(tables.contains("image_hashes"))
    let catalog = try Catalog(path: library.catalogPath)
    XCTAssertTrue(try catalog.appliedMigrations().contains(Catalog.mergesMigration))
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(try catalog.assetCount, 1)
    XCTAssertEqual(try catalog.imageHashes(), [])
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }
}
