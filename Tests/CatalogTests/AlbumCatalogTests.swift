import Foundation
import GRDB
import PhotoModel
import XCTest

@testable import Catalog

final class AlbumCatalogTests: XCTestCase {
  var library: TestLibrary!
  var catalog: Catalog!
  var ids: [AssetID] = []

  override func setUpWithError() throws {
    library = TestLibrary("albums")
    catalog = try Catalog(path: library.catalogPath)
    for day in 1...4 {
      try library.writeJPEG("p\(day).jpg", date: "2024:03:0\(day) 10:00:00")
    }
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    ids = try catalog.allAssets().map(\.id)
    XCTAssertEqual(ids.count, 4)
  }

  override func tearDown() {
    catalog = nil
    library.remove()
  }

  private func reason(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as CatalogError {
      return error.reason
    } catch {
      return "\(error)"
    }
  }

  func testMigrationV2IsApplied() throws {
    // Every migration, however many later branches add.
    XCTAssertEqual(try catalog.appliedMigrations(), Catalog.migrator.migrations)
    XCTAssertTrue(try catalog.appliedMigrations().contains { $0.hasPrefix("v2") })
  }

  func testCreateKeepsMembersInTheOrderAddedAndSortsAlbumsByName() throws {
    let trip = try catalog.createAlbum(named: "  trip  ", adding: [ids[2], ids[0], ids[2]], now: 5)
    XCTAssertEqual(trip.name, "trip", "surrounding blanks trimmed")
    XCTAssertEqual(trip.assetIDs, [ids[2], ids[0]], "order added, duplicates once")
    XCTAssertEqual(trip.createdAt, 5)
    let beach = try catalog.createAlbum(named: "Beach", adding: [], now: 6)
    let zoo = try catalog.createAlbum(named: "zoo", adding: [ids[1]], now: 7)
    try catalog.addAssets([ids[3], ids[0], ids[1]], toAlbum: trip.id, now: 8)
    XCTAssertEqual(try catalog.albums().map(\.name), ["Beach", "trip", "zoo"])
    let albums = Dictionary(uniqueKeysWithValues: try catalog.albums().map { ($0.id, $0) })
    XCTAssertEqual(albums[trip.id]?.assetIDs, [ids[2], ids[0], ids[3], ids[1]])
    XCTAssertEqual(albums[beach.id]?.assetIDs, [])
    XCTAssertEqual(albums[zoo.id]?.assetIDs, [ids[1]])
    XCTAssertEqual(try catalog.album(trip.id)?.assetIDs.count, 4)
  }

  func testStaleIdsAreSkipped() throws {
    let album = try catalog.createAlbum(named: "A", adding: [ids[0], AssetID(999_999)], now: 1)
    XCTAssertEqual(album.assetIDs, [ids[0]])
  }

  func testNameRules() throws {
    _ = try catalog.createAlbum(named: "Summer", adding: [], now: 1)
    XCTAssertEqual(
      reason { _ = try catalog.createAlbum(named: "  ", adding: [], now: 1) },
      "an album needs a name")
    XCTAssertEqual(
      reason { _ = try catalog.createAlbum(named: "", adding: [], now: 1) },
      "an album needs a name")
    XCTAssertEqual(
      reason { _ = try catalog.createAlbum(named: "sUMMER", adding: [], now: 1) },
      "an album named “Summer” already exists")
    for builtIn in ["recents", "FAVORITES", "Hidden", "recently deleted", "Imports"] {
      XCTAssertNotNil(
        reason { _ = try catalog.createAlbum(named: builtIn, adding: [], now: 1) }?
          .range(of: "is a built-in album"), builtIn)
    }
    XCTAssertEqual(
      reason { _ = try catalog.createAlbum(named: "a\nb", adding: [], now: 1) },
      "an album name cannot contain control characters")
    XCTAssertNotNil(
      reason {
        _ = try catalog.createAlbum(named: String(repeating: "x", count: 201), adding: [], now: 1)
      })
    // Unicode case folding, not ASCII only.
    _ = try catalog.createAlbum(named: "Été", adding: [], now: 1)
    XCTAssertNotNil(reason { _ = try catalog.createAlbum(named: "éTÉ", adding: [], now: 1) })
    XCTAssertEqual(try catalog.albums().count, 2, "refused names made no album")
  }

  func testRenameAndDelete() throws {
    let a = try catalog.createAlbum(named: "Alpha", adding: [ids[0], ids[1]], now: 1)
    let b = try catalog.createAlbum(named: "Beta", adding: [ids[1]], now: 1)
    try catalog.renameAlbum(a.id, to: "ALPHA")  // its own name in another case
    XCTAssertEqual(try catalog.album(a.id)?.name, "ALPHA")
    XCTAssertEqual(
      reason { try catalog.renameAlbum(a.id, to: "beta") },
      "an album named “Beta” already exists")
    XCTAssertNotNil(reason { try catalog.renameAlbum(a.id, to: "Favorites") })
    XCTAssertEqual(reason { try catalog.renameAlbum(a.id, to: " ") }, "an album needs a name")
    try catalog.renameAlbum(a.id, to: "Gamma")
    XCTAssertEqual(try catalog.albums().map(\.name), ["Beta", "Gamma"])

    try catalog.removeAssets([ids[1], ids[3]], fromAlbum: a.id)
    XCTAssertEqual(try catalog.album(a.id)?.assetIDs, [ids[0]])
    XCTAssertEqual(try catalog.allAssets().count, 4, "removing from an album keeps the photo")

    try catalog.deleteAlbum(a.id)
    XCTAssertNil(try catalog.album(a.id))
    XCTAssertEqual(try catalog.albums().map(\.id), [b.id])
    XCTAssertEqual(try catalog.allAssets().count, 4, "deleting an album keeps its photos")
    XCTAssertNotNil(reason { try catalog.deleteAlbum(a.id) })
    XCTAssertNotNil(reason { try catalog.addAssets([ids[0]], toAlbum: a.id, now: 1) })
    XCTAssertNotNil(reason { try catalog.renameAlbum(a.id, to: "New") })
    let memberships = try catalog.read { db in
      try Int.fetchOne(
        db, sql: "SELECT count(*) FROM album_assets WHERE album_id = ?",
        arguments: [a.id.rawValue])
    }
    XCTAssertEqual(memberships, 0)
  }

  func testTheUsersRotationSurvivesAReindexAndAReopen() throws {
    try catalog.setRotation([ids[0]: 1, ids[2]: 3])
    XCTAssertEqual(try catalog.asset(id: ids[0])?.userRotation, 1)
    XCTAssertEqual(try catalog.asset(id: ids[1])?.userRotation, 0)
    // The file changes (a new size and mtime): the indexer reads it again, the turn stays.
    try library.writeJPEG("p1.jpg", date: "2024:03:01 10:00:00", width: 16, height: 12)
    library.setMTime(library.root + "/p1.jpg", 1_650_000_000)
    _ = try Indexer(catalog: catalog).index()
    let reread = try XCTUnwrap(catalog.asset(id: ids[0]))
    XCTAssertEqual(reread.storedPixelSize, PixelSize(width: 16, height: 12), "re-read")
    XCTAssertEqual(reread.userRotation, 1)
    XCTAssertEqual(reread.displayPixelSize, PixelSize(width: 12, height: 16))
    // A new process: the catalog opened again.
    catalog = nil
    catalog = try Catalog(path: library.catalogPath)
    XCTAssertEqual(try catalog.allAssets().map(\.userRotation), [1, 0, 3, 0])
    XCTAssertTrue(try catalog.appliedMigrations().contains("v5: the user's rotation"))
  }

  func testHiddenPhotosOnlyInHiddenAssets() throws {
    try catalog.setHidden(true, for: [ids[2], ids[0]])
    XCTAssertEqual(try catalog.hiddenAssets().map(\.id), [ids[0], ids[2]], "oldest first")
    XCTAssertTrue(try catalog.hiddenAssets().allSatisfy(\.isHidden))
    XCTAssertEqual(try catalog.allAssets().map(\.id), [ids[1], ids[3]])
    XCTAssertEqual(try catalog.newestAssets(limit: 10).map(\.id), [ids[1], ids[3]])
    try catalog.setHidden(false, for: [ids[0]])
    XCTAssertEqual(try catalog.hiddenAssets().map(\.id), [ids[2]])
    XCTAssertEqual(try catalog.allAssets().map(\.id), [ids[0], ids[1], ids[3]])
  }

  func testFavoritesAndAddedAtAndExposureColumns() throws {
    try catalog.setFavorite(true, for: [ids[3]])
    XCTAssertEqual(try catalog.favoriteAssets().map(\.id), [ids[3]])
    // added_at is the first index time and survives a re-index of a changed file.
    let before = try XCTUnwrap(catalog.asset(id: ids[0]))
    XCTAssertGreaterThan(before.addedAt, 1_700_000_000)
    try catalog.write { db in
      try db.execute(
        sql: """
          UPDATE assets SET added_at = 1000, exposure_time_num = 1, exposure_time_den = 250,
          f_number = 2.8, iso = 400, focal_length = 35 WHERE id = ?
          """, arguments: [ids[0].rawValue])
    }
    try library.writeJPEG("p1.jpg", date: "2024:03:01 10:00:00", width: 16, height: 12)
    library.setMTime(library.root + "/p1.jpg", 1_650_000_000)
    _ = try Indexer(catalog: catalog).index()
    let after = try XCTUnwrap(catalog.asset(id: ids[0]))
    XCTAssertEqual(after.storedPixelSize, PixelSize(width: 16, height: 12), "re-read")
    XCTAssertEqual(after.addedAt, 1000, "added_at kept")
    // The re-read file has no exposure: the indexer wrote NULLs.
    XCTAssertNil(after.exposure)
    try catalog.write { db in
      try db.execute(
        sql: """
          UPDATE assets SET exposure_time_num = 1, exposure_time_den = 250,
          f_number = 2.8, iso = 400, focal_length = 35 WHERE id = ?
          """, arguments: [ids[0].rawValue])
    }
    let exposure = try XCTUnwrap(catalog.asset(id: ids[0])?.exposure)
    XCTAssertEqual(exposure.exposureTime, ExposureTime(numerator: 1, denominator: 250))
    XCTAssertEqual(exposure.fNumber, 2.8)
    XCTAssertEqual(exposure.iso, 400)
    XCTAssertEqual(exposure.focalLength, 35)
    XCTAssertNil(try catalog.asset(id: ids[1])?.exposure)
  }
}
