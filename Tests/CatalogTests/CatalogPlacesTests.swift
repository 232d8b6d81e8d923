import Foundation
import GRDB
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import Places
import XCTest

@testable import Catalog

/// Each photo's place in the catalog (issue 34): a code written while indexing, named when
/// photos load, none for bad positions, looked up again when the table changes, and brought
/// to a catalog from before places by migration v12.
final class CatalogPlacesTests: XCTestCase {
  var library: TestLibrary!
  var tables: [String] = []

  override func setUp() { library = TestLibrary("catalog-places") }
  override func tearDown() {
    library.remove()
    for path in tables { try? FileManager.default.removeItem(atPath: path) }
  }

  /// A table of a few places; `zurichName` changes the data (and so the table's identity).
  func finder(zurichName: String = "Zürich") throws -> PlaceFinder {
    let writer = PlaceTableWriter(
      entries: [
        .init(
          name: "Paris", latitude: 48.8566, longitude: 2.3522, population: 2_100_000,
          region: "Île-de-France", countryCode: "FR"),
        .init(
          name: "Arezzo", latitude: 43.4633, longitude: 11.8796, population: 99_000,
          region: "Tuscany", countryCode: "IT"),
        .init(
          name: zurichName, latitude: 47.3769, longitude: 8.5417, population: 400_000,
          region: "Zurich", countryCode: "CH"),
      ],
      countries: ["FR": "France", "CH": "Switzerland", "IT": "Italy"])
    let path = try writer.write()
    tables.append(path)
    return PlaceFinder(table: try PlaceTable(path: path))
  }

  /// Photo rows at these positions (nil: none), written as the indexer writes them.
  func write(_ catalog: Catalog, _ positions: [(String, (Double, Double)?)]) throws {
    let entries = positions.enumerated().map { i, item in
      var metadata = PhotoMetadata()
      metadata.format = .jpeg
      metadata.gps = item.1.map { GPSCoordinate(latitude: $0.0, longitude: $0.1) }
      return CatalogEntry(
        path: LibraryPath(library.root + "/" + item.0),
        stamp: FileStamp(size: 10, mtimeNanoseconds: Int64(i)), metadata: metadata,
        captureDate: CaptureDate(year: 2024, month: 5, day: i + 1, source: .exif))
    }
    try catalog.write { db in
      try CatalogWriter.write(db, entries: entries, now: 100, place: catalog.placeValue)
    }
  }

  func places(_ catalog: Catalog) throws -> [String: String] {
    var result: [String: String] = [:]
    for asset in try catalog.allAssets() {
      result[asset.fileName] = asset.place?.description ?? "-"
    }
    return result
  }

  func stored(_ catalog: Catalog) throws -> [String: Int64?] {
    try catalog.read { db in
      var result: [String: Int64?] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT name, place FROM assets") {
        result[String(decoding: row[0] as Data, as: UTF8.self)] = row[1] as Int64?
      }
      return result
    }
  }

  let positions: [(String, (Double, Double)?)] = [
    ("paris.jpg", (48.8584, 2.2945)),  // the Eiffel Tower
    ("zurich.jpg", (47.3700, 8.5400)),
    ("null-island.jpg", (0, 0)),
    ("sea.jpg", (30, -40)),
    ("nan.jpg", (.nan, 2.35)),
    ("off-globe.jpg", (95, 2.35)),
    ("nowhere.jpg", nil),
  ]

  func testIndexedPhotosGetTheirPlaceAndBadPositionsNone() throws {
    let catalog = try Catalog(path: library.catalogPath, places: try finder())
    try write(catalog, positions)
    XCTAssertEqual(
      try places(catalog),
      [
        "paris.jpg": "Paris, Île-de-France, France", "zurich.jpg": "Zürich, Zurich, Switzerland",
        "null-island.jpg": "-", "sea.jpg": "-", "nan.jpg": "-", "off-globe.jpg": "-",
        "nowhere.jpg": "-",
      ])
    let codes = try stored(catalog)
    XCTAssertEqual(codes["sea.jpg"], 0, "looked up, no place")
    XCTAssertEqual(codes["null-island.jpg"], 0)
    XCTAssertEqual(codes["nowhere.jpg"], .some(nil), "no position: nothing to look up")
    XCTAssertEqual(try catalog.refreshPlaces(), 0, "nothing left to look up")
    XCTAssertEqual(try catalog.placesTableIdentity(), catalog.places?.table.identity)
    let paris = try XCTUnwrap(try catalog.allAssets().first { $0.fileName == "paris.jpg" })
    let again = try XCTUnwrap(try catalog.allAssets().first { $0.fileName == "paris.jpg" })
    XCTAssertTrue(paris.place === again.place, "a place is one shared object")
  }

  func testPhotosIndexedWithoutATableGetPlacesWhenOneIsInstalled() throws {
    do {
      let catalog = try Catalog(path: library.catalogPath)
      try write(catalog, positions)
      XCTAssertEqual(try stored(catalog)["paris.jpg"], .some(nil), "left to look up")
      XCTAssertEqual(try catalog.refreshPlaces(), 0, "no table: nothing done")
    }
    let catalog = try Catalog(path: library.catalogPath, places: try finder())
    XCTAssertEqual(
      try catalog.refreshPlaces(), 5, "every photo with a position (NaN is stored as none)")
    XCTAssertEqual(try places(catalog)["paris.jpg"], "Paris, Île-de-France, France")
    XCTAssertEqual(try places(catalog)["sea.jpg"], "-")
    XCTAssertEqual(try catalog.refreshPlaces(), 0)
  }

  func testANewTableLooksEveryPlaceUpAgain() throws {
    do {
      let catalog = try Catalog(path: library.catalogPath, places: try finder())
      try write(catalog, positions)
    }
    let newer = try finder(zurichName: "Zurich City")
    let catalog = try Catalog(path: library.catalogPath, places: newer)
    XCTAssertNotEqual(try catalog.placesTableIdentity(), newer.table.identity)
    XCTAssertEqual(
      try places(catalog)["zurich.jpg"], "-", "another table's codes are not named with this one")
    try write(catalog, [("new.jpg", (48.85, 2.35))])
    XCTAssertEqual(try stored(catalog)["new.jpg"], .some(nil), "nor written before the refresh")
    XCTAssertEqual(try catalog.refreshPlaces(), 6)
    XCTAssertEqual(try catalog.placesTableIdentity(), newer.table.identity)
    let named = try places(catalog)
    XCTAssertEqual(named["zurich.jpg"], "Zurich City, Zurich, Switzerland")
    XCTAssertEqual(named["new.jpg"], "Paris, Île-de-France, France")
  }

  /// A v11 catalog (before places) with a photo that has a position is brought forward: the
  /// column and the pending index are there, and the photo gets its place.
  func testAVersion11CatalogIsMigratedAndItsPhotosGetPlaces() throws {
    try library.oldCatalog(upTo: Catalog.folderMigration) { db in
      try db.execute(
        sql: "INSERT INTO folders (id, path) VALUES (1, ?)",
        arguments: [Data((library.root + "/").utf8)])
      try db.execute(
        sql: """
          INSERT INTO assets (id, folder_id, name, size, mtime_ns, format, capture_sort_key,
            capture_source, latitude, longitude, added_at)
          VALUES (4, 1, ?, 1, 1, 'jpeg', 0, 'exif', 47.37, 8.54, 0),
            (5, 1, ?, 1, 1, 'jpeg', 0, 'exif', NULL, NULL, 0)
          """, arguments: [Data("z.jpg".utf8), Data("n.jpg".utf8)])
    }
    let catalog = try Catalog(path: library.catalogPath, places: try finder())
    XCTAssertTrue(try catalog.appliedMigrations().contains(Catalog.placesMigration))
    try catalog.read { db in
      XCTAssertTrue(try db.columns(in: "assets").map(\.name).contains("place"))
      let indexes = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")
      XCTAssertTrue(indexes.contains("assets_place_pending"), "\(indexes)")
    }
    XCTAssertEqual(
      try catalog.placesTableIdentity(), catalog.places?.table.identity,
      "no codes yet: this table's from now on")
    XCTAssertEqual(try catalog.refreshPlaces(), 1)
    XCTAssertEqual(try places(catalog), ["z.jpg": "Zürich, Zurich, Switzerland", "n.jpg": "-"])
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }

  /// The indexer looks a photo's place up from the position it read, in a full index and in
  /// the watcher's updates of single files (a new photo has its place at once).
  func testTheIndexerAndItsUpdatesLookPlacesUp() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let gps = corpus.appendingPathComponent("jpeg-exif/DSCN0010.jpg")
    try FileManager.default.copyItem(
      at: gps, to: URL(fileURLWithPath: library.root + "/arezzo.jpg"))
    try library.writeJPEG("plain.jpg", date: "2024:01:01 10:00:00")
    let catalog = try Catalog(path: library.catalogPath, places: try finder())
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(
      try places(catalog), ["arezzo.jpg": "Arezzo, Tuscany, Italy", "plain.jpg": "-"])
    let again = library.root + "/again.jpg"
    try FileManager.default.copyItem(at: gps, to: URL(fileURLWithPath: again))
    _ = try Indexer(catalog: catalog).update(paths: [again])
    XCTAssertEqual(try places(catalog)["again.jpg"], "Arezzo, Tuscany, Italy")
    XCTAssertEqual(try catalog.refreshPlaces(), 0, "nothing was left to look up")
  }
}
