import Foundation
import GRDB
import PhotoModel
import XCTest

@testable import Catalog

/// Migration v17: each camera, model and lens is kept once in `cameras` and a photo's row
/// points at it (issue 32 §6: a camera library's catalog at most 200 bytes a photo).
final class CatalogCamerasTests: XCTestCase {
  var library: TestLibrary!

  override func setUp() { library = TestLibrary("catalog-cameras") }
  override func tearDown() { library.remove() }

  /// A v15 catalog's makes, models and lenses move (through v16) to `cameras`, one row a distinct three,
  /// and every photo reads back the names it had; the columns leave `assets`.
  func testAVersion15CatalogsCamerasMoveToTheirTable() throws {
    let names = ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"]
    for name in names { _ = try library.writeJPEG(name, date: "2024:05:01 10:00:00") }
    let cameras: [(String, String)] = [
      ("make, model, lens", "'Canon', 'Canon EOS R5', 'RF24-105mm F4 L IS USM'"),
      ("make, model, lens", "'Canon', 'Canon EOS R5', 'RF24-105mm F4 L IS USM'"),
      ("make, model", "'Canon', 'Canon EOS R5'"),
      ("lens", "'50mm'"),
      ("make", "NULL"),
    ]
    try library.oldCatalog(upTo: Catalog.peopleMigration) { db in
      for (i, name) in names.enumerated() {
        let (columns, values) = cameras[i]
        try library.insertPhotoRow(
          db, id: Int64(i + 1), name: name,
          extra: zip(columns.split(separator: ","), values.split(separator: ",")).map {
            (String($0).trimmingCharacters(in: .whitespaces), String($1))
          })
      }
    }
    let catalog = try Catalog(path: library.catalogPath)
    XCTAssertTrue(try catalog.appliedMigrations().contains(Catalog.camerasMigration))
    try catalog.read { db in
      XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM cameras"), 3)
      let columns = try db.columns(in: "assets").map(\.name)
      XCTAssertFalse(columns.contains("make"), "\(columns)")
      XCTAssertTrue(columns.contains("camera"), "\(columns)")
    }
    let read = Dictionary(
      uniqueKeysWithValues: try catalog.allAssets().map {
        ($0.fileName, [$0.cameraMake, $0.cameraModel, $0.lensModel])
      })
    XCTAssertEqual(read["a.jpg"], ["Canon", "Canon EOS R5", "RF24-105mm F4 L IS USM"])
    XCTAssertEqual(read["b.jpg"], read["a.jpg"])
    XCTAssertEqual(read["c.jpg"], ["Canon", "Canon EOS R5", nil])
    XCTAssertEqual(read["d.jpg"], [nil, nil, "50mm"])
    XCTAssertEqual(read["e.jpg"], [nil, nil, nil], "no camera recorded: no camera row")
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }

  /// The indexer writes a photo's camera once and reads it back; a second camera gets its
  /// own row, and the same camera again none.
  func testTheIndexerKeepsEachCameraOnce() throws {
    let catalog = try Catalog(path: library.catalogPath)
    try catalog.write { db in
      var ids = Catalog.CameraIDs()
      let first = try ids.id(db, make: "FUJIFILM", model: "X-T4", lens: nil)
      var fresh = Catalog.CameraIDs()
      XCTAssertEqual(try fresh.id(db, make: "FUJIFILM", model: "X-T4", lens: nil), first)
      XCTAssertNotEqual(try ids.id(db, make: "FUJIFILM", model: "X-T4", lens: "XF23mm"), first)
      XCTAssertNil(try ids.id(db, make: nil, model: nil, lens: nil))
      XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM cameras"), 2)
    }
  }
}
