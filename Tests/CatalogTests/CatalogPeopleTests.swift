import Foundation
import GRDB
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

/// Each photo's people (named face regions), title and caption in the catalog (issue 37):
/// read with the tags while indexing, read again when a sidecar changes, and brought to a
/// catalog from before them by migration v15.
final class CatalogPeopleTests: XCTestCase {
  var library: TestLibrary!

  override func setUp() { library = TestLibrary("catalog-people") }
  override func tearDown() { library.remove() }

  /// A packet with the MWG regions `regions` (name, type, x, y, w, h) and a title and caption.
  static func packet(
    regions: [(name: String?, type: String?, area: (Double, Double, Double, Double)?)],
    title: String? = nil, caption: String? = nil
  ) -> String {
    let list = regions.map { region -> String in
      var fields = ""
      if let name = region.name { fields += "<mwg-rs:Name>\(name)</mwg-rs:Name>" }
      if let type = region.type { fields += "<mwg-rs:Type>\(type)</mwg-rs:Type>" }
      if let (x, y, w, h) = region.area {
        fields +=
          #"<mwg-rs:Area stArea:x="\#(x)" stArea:y="\#(y)" stArea:w="\#(w)" stArea:h="\#(h)" "#
          + #"stArea:unit="normalized"/>"#
      }
      return #"<rdf:li rdf:parseType="Resource">\#(fields)</rdf:li>"#
    }.joined()
    var body = ""
    if let title {
      body +=
        #"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">\#(title)</rdf:li></rdf:Alt>"#
        + "</dc:title>"
    }
    if let caption {
      body +=
        #"<dc:description><rdf:Alt><rdf:li xml:lang="x-default">\#(caption)</rdf:li>"#
        + "</rdf:Alt></dc:description>"
    }
    if !regions.isEmpty {
      body +=
        #"<mwg-rs:Regions rdf:parseType="Resource"><mwg-rs:RegionList><rdf:Bag>"#
        + list + "</rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>"
    }
    return CatalogTagsTests.packet(
      body,
      attributes: #"xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/" "#
        + #"xmlns:stArea="http://ns.adobe.com/xmp/sType/Area#""#)
  }

  /// Writes a JPEG at `relative` embedding `xmp` (an APP1 packet after the SOI).
  func writeJPEG(_ relative: String, embedding xmp: String) throws {
    let path = try library.writeJPEG(relative, date: "2024:05:01 10:00:00")
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let body = Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(xmp.utf8)
    let length = body.count + 2
    bytes.insert(
      contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body, at: 2)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// Each photo's people ("Name@x,y,w,h" in hundredths, or "Name" without a face), title
  /// and caption, by file name.
  func people(_ catalog: Catalog) throws -> [String: String] {
    let people = try catalog.photoPeople()
    let captions = try catalog.photoCaptions()
    var out: [String: String] = [:]
    for asset in try catalog.allAssets() {
      let names = people.names(of: asset.id).map { name -> String in
        let person = people.names.firstIndex(of: name)!
        guard let face = people.face(of: person, in: asset.id) else { return name }
        let parts = [face.x, face.y, face.width, face.height].map { Int(($0 * 100).rounded()) }
        return name + "@" + parts.map(String.init).joined(separator: ",")
      }
      let entry = captions.entry(of: asset.id)
      out[asset.fileName] =
        "\(names.joined(separator: ";")) | \(entry.title ?? "-") | \(entry.caption ?? "-")"
    }
    return out
  }

  func testIndexingReadsNamedFacesTitlesAndCaptions() throws {
    try writeJPEG(
      "a.jpg",
      embedding: Self.packet(
        regions: [
          ("Anna Weiß", "Face", (0.5, 0.25, 0.2, 0.1)),
          ("Rex", "Pet", (0.1, 0.1, 0.1, 0.1)),  // not a person
          (nil, "Face", (0.3, 0.3, 0.1, 0.1)),  // unnamed
          ("Bo", nil, nil),  // no type: a person; no area: the whole photo
          ("Anna Weiß", "Face", (0.9, 0.9, 0.1, 0.1)),  // twice: the first face kept
        ], title: "Picnic", caption: "By the lake &amp; the hills"))
    // The sidecar wins field by field: its caption over the embedded one, the people kept.
    try writeJPEG(
      "b.jpg", embedding: Self.packet(regions: [("Cleo", "Face", nil)], caption: "old"))
    try library.write("b.jpg.xmp", Self.packet(regions: [], caption: "new"))
    try library.writeJPEG("c.jpg", date: "2024:05:03 10:00:00")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(
      try people(catalog),
      [
        "a.jpg": "Anna Weiß@40,20,20,10;Bo | Picnic | By the lake & the hills",
        "b.jpg": "Cleo | - | new", "c.jpg": " | - | -",
      ])
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }

  func testAChangedSidecarIsReadAgainAndUnnamedPeopleGo() throws {
    try library.writeJPEG("a.jpg", date: "2024:05:01 10:00:00")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let sidecar = try library.write(
      "a.jpg.xmp", Self.packet(regions: [("Dana", "Face", nil)], title: "T"))
    _ = try Indexer(catalog: catalog).update(paths: [sidecar])
    XCTAssertEqual(try people(catalog)["a.jpg"], "Dana | T | -")
    XCTAssertEqual(try catalog.photoPeople().names, ["Dana"])

    try library.write("a.jpg.xmp", Self.packet(regions: [("Eli", "Face", nil)]))
    _ = try Indexer(catalog: catalog).update(paths: [sidecar])
    XCTAssertEqual(try people(catalog)["a.jpg"], "Eli | - | -")
    XCTAssertEqual(try catalog.photoPeople().names, ["Eli"], "Dana is no photo's now")

    try FileManager.default.removeItem(atPath: sidecar)
    _ = try Indexer(catalog: catalog).update(paths: [sidecar])
    XCTAssertEqual(try people(catalog)["a.jpg"], " | - | -")
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }

  /// A v14 catalog (tags, before people): the tables are added and every photo is read
  /// again on the next scan, which finds its sidecar's people and caption.
  func testAVersion14CatalogIsMigratedAndItsPhotosReadAgain() throws {
    _ = try library.writeJPEG("old.jpg", date: "2024:05:01 10:00:00")
    try library.write(
      "old.jpg.xmp", Self.packet(regions: [("Fay", "Face", nil)], caption: "Old one"))
    try library.oldCatalog(upTo: Catalog.tagsMigration) { db in
      XCTAssertFalse(try db.tableExists("people"))
      try library.insertPhotoRow(db, id: 7, name: "old.jpg", extra: [("rating", "3")])
    }
    let catalog = try Catalog(path: library.catalogPath)
    XCTAssertTrue(try catalog.appliedMigrations().contains(Catalog.peopleMigration))
    try catalog.read { db in
      for table in ["people", "asset_people", "asset_captions"] {
        XCTAssertTrue(try db.tableExists(table), table)
      }
      XCTAssertEqual(try Int64.fetchOne(db, sql: "SELECT mtime_ns FROM assets"), -1)
    }
    let summary = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(summary.changed, 1, "read again for its people")
    XCTAssertEqual(try people(catalog)["old.jpg"], "Fay | - | Old one")
    XCTAssertEqual(try catalog.allAssets().first?.id, AssetID(7), "the same row")
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }
}
