import Foundation
import GRDB
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

/// A Live Photo still's content identifier goes through the catalog; a catalog from before v6
/// reads Apple's stills again; a real iPhone movie and a still of its name and time pair.
final class LivePhotoIndexingTests: XCTestCase {
  private var library = TestLibrary("unused")
  static let uuid = "8E2C4A10-77B1-4D3F-9A6E-0C5B1D2E3F40"

  override func setUp() { library = TestLibrary("live-indexing") }
  override func tearDown() { library.remove() }

  func testTheStillsIdentifierIsCataloged() throws {
    try library.writeJPEG("IMG_0001.JPG", date: "2024:08:13 10:22:01", liveIdentifier: Self.uuid)
    try library.writeJPEG("other.jpg", date: "2024:08:13 10:22:01")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let assets = Dictionary(
      uniqueKeysWithValues: try catalog.allAssets().map { ($0.fileName, $0) })
    XCTAssertEqual(assets["IMG_0001.JPG"]?.contentIdentifier, Self.uuid)
    XCTAssertEqual(assets["IMG_0001.JPG"]?.cameraMake, "Apple")
    XCTAssertNotNil(assets["other.jpg"])
    XCTAssertNil(assets["other.jpg"]?.contentIdentifier)
    // Without a catalog the same path gives the same answer.
    let scanned = FileIndexing.scanWithoutCatalog(roots: [library.root]).assets
    XCTAssertEqual(
      scanned.first { $0.fileName == "IMG_0001.JPG" }?.contentIdentifier, Self.uuid)
  }

  /// A v5 catalog has Apple's stills without their identifier: v6 makes the next scan read
  /// them (and only them) again.
  func testAVersion5CatalogReadsApplesStillsAgain() throws {
    try library.writeJPEG("IMG_0001.JPG", date: "2024:08:13 10:22:01", liveIdentifier: Self.uuid)
    try library.writeJPEG("canon.jpg", date: "2024:08:13 10:22:01")
    do {
      // Indexed, then put back as v5 left it: no identifier, no v6 applied.
      let catalog = try Catalog(path: library.catalogPath)
      _ = try Indexer(catalog: catalog).index(roots: [library.root])
    }
    let queue = try DatabaseQueue(path: library.catalogPath, configuration: .waitingForLocks)
    try queue.write { db in
      try db.execute(sql: "UPDATE assets SET content_identifier = NULL")
      try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v6%'")
      // v6 reads the make from the row, where it was until v17: put it back there, and
      // v17 moves it out again when the catalog opens.
      try db.execute(
        sql: """
          ALTER TABLE assets ADD COLUMN make TEXT;
          ALTER TABLE assets ADD COLUMN model TEXT;
          ALTER TABLE assets ADD COLUMN lens TEXT;
          UPDATE assets SET
            make = (SELECT nullif(make, '') FROM cameras WHERE id = assets.camera),
            model = (SELECT nullif(model, '') FROM cameras WHERE id = assets.camera),
            lens = (SELECT nullif(lens, '') FROM cameras WHERE id = assets.camera);
          ALTER TABLE assets DROP COLUMN camera;
          DROP TABLE cameras;
          DELETE FROM grdb_migrations WHERE identifier LIKE 'v17%';
          """)
    }
    try queue.close()
    let catalog = try Catalog(path: library.catalogPath)
    let stale = try catalog.read { db in
      try String.fetchAll(
        db, sql: "SELECT CAST(name AS TEXT) FROM assets WHERE mtime_ns = -1 ORDER BY name")
    }
    XCTAssertEqual(stale.map { ($0 as NSString).lastPathComponent }, ["IMG_0001.JPG"])
    let summary = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(summary.read, 1, "only Apple's still is read again")
    let still = try catalog.allAssets().first { $0.fileName == "IMG_0001.JPG" }
    XCTAssertEqual(still?.contentIdentifier, Self.uuid)
    XCTAssertEqual(still?.cameraMake, "Apple", "the make moved to its camera row again")
  }

  /// The corpus's iPhone movie (2019-07-24 11:25:40 +03:00) next to a still of its name taken
  /// a second later is one Live Photo; the same still 5 s later is not.
  func testARealIPhoneMovieAndItsStillPair() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    try FileManager.default.copyItem(
      atPath: corpus.appendingPathComponent("video/iPhone6_with-gps.mov").path,
      toPath: library.root + "/IMG_0001.MOV")
    try library.writeJPEG("IMG_0001.JPG", date: "2019:07:24 11:25:41", offset: "+03:00")
    try FileManager.default.createDirectory(
      atPath: library.root + "/later", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: corpus.appendingPathComponent("video/iPhone6_with-gps.mov").path,
      toPath: library.root + "/later/IMG_0001.MOV")
    try library.writeJPEG("later/IMG_0001.JPG", date: "2019:07:24 11:25:45", offset: "+03:00")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let all = try catalog.allAssets()
    XCTAssertEqual(all.count, 4)
    let paired = LivePairing.pair(all)
    XCTAssertEqual(paired.count, 3, "\(paired.map(\.path))")
    let live = try XCTUnwrap(paired.first { $0.liveMovie != nil })
    XCTAssertEqual(live.path, library.root + "/IMG_0001.JPG")
    XCTAssertEqual(live.liveMovie?.path, library.root + "/IMG_0001.MOV")
    XCTAssertEqual(live.liveMovie?.format, .video)
    XCTAssertEqual(try XCTUnwrap(live.liveMovie?.duration), 4.0017, accuracy: 0.001)
  }
}
