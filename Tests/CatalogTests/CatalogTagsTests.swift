import Foundation
import GRDB
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

/// Each photo's XMP tags, rating and label in the catalog (issue 37): read while indexing
/// from its sidecars over what it embeds, read again when a sidecar changes or goes, and
/// brought to a catalog from before tags by migration v14.
final class CatalogTagsTests: XCTestCase {
  var library: TestLibrary!

  override func setUp() { library = TestLibrary("catalog-tags") }
  override func tearDown() { library.remove() }

  /// An XMP packet whose description has `attributes` and holds `body`.
  static func packet(_ body: String, attributes: String = "") -> String {
    """
    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \
    xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" \
    xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
    xmlns:lr="http://ns.adobe.com/lightroom/1.0/" \(attributes)>\(body)</rdf:Description>\
    </rdf:RDF></x:xmpmeta>
    """
  }

  static func subject(_ words: [String]) -> String {
    "<dc:subject><rdf:Bag>" + words.map { "<rdf:li>\($0)</rdf:li>" }.joined()
      + "</rdf:Bag></dc:subject>"
  }

  static func hierarchy(_ paths: [String]) -> String {
    "<lr:hierarchicalSubject><rdf:Bag>" + paths.map { "<rdf:li>\($0)</rdf:li>" }.joined()
      + "</rdf:Bag></lr:hierarchicalSubject>"
  }

  /// Writes a JPEG at `relative` embedding `xmp` (an APP1 packet after the SOI).
  @discardableResult
  func writeJPEG(_ relative: String, embedding xmp: String) throws -> String {
    let path = try library.writeJPEG(relative, date: "2024:05:01 10:00:00")
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let body = Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(xmp.utf8)
    let length = body.count + 2
    bytes.insert(
      contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body, at: 2)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Each photo's tags ("a|b" per path, sorted), rating and label, by file name.
  func tagged(_ catalog: Catalog) throws -> [String: String] {
    let tags = try catalog.photoTags()
    var out: [String: String] = [:]
    for asset in try catalog.allAssets() {
      let paths = tags.tags(of: asset.id).map { $0.joined(separator: "|") }.sorted()
      out[asset.fileName] =
        "\(paths.joined(separator: ",")) \(asset.rating) \(tags.label(of: asset.id) ?? "-")"
    }
    return out
  }

  func testIndexingReadsTheSidecarOverTheEmbeddedFields() throws {
    try writeJPEG(
      "a.jpg",
      embedding: Self.packet(Self.subject(["Embedded"]), attributes: #"xmp:Rating="2""#))
    try library.write(
      "a.jpg.xmp",
      Self.packet(
        Self.subject(["Places", "Japan", "Kyoto"]) + Self.hierarchy(["Places|Japan|Kyoto"]),
        attributes: #"xmp:Rating="4" xmp:Label="Red""#))
    // The stem's sidecar (Lightroom's name), and a flat keyword.
    try library.writeJPEG("b.jpg", date: "2024:05:02 10:00:00")
    try library.write(
      "b.xmp", Self.packet(Self.subject(["AC/DC"]), attributes: #"xmp:Rating="-1""#))
    try writeJPEG("c.jpg", embedding: Self.packet(Self.subject(["Only embedded"])))
    try library.writeJPEG("d.jpg", date: "2024:05:03 10:00:00")
    let catalog = try Catalog(path: library.catalogPath)
    let summary = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(summary.new, 4)
    XCTAssertEqual(
      try tagged(catalog),
      [
        "a.jpg": "Places|Japan|Kyoto 4 Red", "b.jpg": "AC/DC -1 -",
        "c.jpg": "Only embedded 0 -", "d.jpg": " 0 -",
      ])
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }

  func testAChangedOrRemovedSidecarIsReadAgain() throws {
    try writeJPEG("a.jpg", embedding: Self.packet(Self.subject(["Embedded"])))
    try library.writeJPEG("IMG_1.jpg", date: "2024:05:02 10:00:00")
    try library.writeJPEG("IMG_1.cr3.jpg", date: "2024:05:02 10:00:00")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(try tagged(catalog)["a.jpg"], "Embedded 0 -")

    // The watcher's update of the new sidecar alone.
    let sidecar = try library.write(
      "a.jpg.xmp", Self.packet(Self.subject(["Sidecar"]), attributes: #"xmp:Rating="3""#))
    let summary = try Indexer(catalog: catalog).update(paths: [sidecar])
    XCTAssertEqual(summary.changed, 1, "the photo was read again")
    XCTAssertEqual(try tagged(catalog)["a.jpg"], "Sidecar 3 -")

    // A re-scan finds the sidecar changed.
    try library.write("a.jpg.xmp", Self.packet(Self.subject(["Again"]), attributes: ""))
    library.setMTime(sidecar, 1_000)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(try tagged(catalog)["a.jpg"], "Again 0 -")

    // Gone: the embedded fields are back.
    try FileManager.default.removeItem(atPath: sidecar)
    _ = try Indexer(catalog: catalog).update(paths: [sidecar])
    XCTAssertEqual(try tagged(catalog)["a.jpg"], "Embedded 0 -")

    // IMG_1.xmp is IMG_1.jpg's, not IMG_1.cr3.jpg's (one dot past the stem at most).
    let stem = try library.write("IMG_1.xmp", Self.packet(Self.subject(["Stem"])))
    _ = try Indexer(catalog: catalog).update(paths: [stem])
    let all = try tagged(catalog)
    XCTAssertEqual(all["IMG_1.jpg"], "Stem 0 -")
    XCTAssertEqual(all["IMG_1.cr3.jpg"], " 0 -")
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }

  func testStoredTagsReplaceThePhotosAndUnusedTagsGo() throws {
    try library.writeJPEG("a.jpg", date: "2024:05:01 10:00:00")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let id = try XCTUnwrap(try catalog.allAssets().first?.id)
    try catalog.storeTags([id: (tags: [["Trip", "Kyoto"], ["cat"]], rating: 5, label: "Blue")])
    XCTAssertEqual(try tagged(catalog)["a.jpg"], "Trip|Kyoto,cat 5 Blue")
    try catalog.storeTags([id: (tags: [["cat"]], rating: -1, label: nil)])
    XCTAssertEqual(try tagged(catalog)["a.jpg"], "cat -1 -")
    XCTAssertEqual(try catalog.photoTags().paths, [["cat"]], "Trip/Kyoto is no photo's now")
  }

  /// The photos' tags come back by photo whatever order the tags were made in (a newer
  /// photo given the first tag, an older one the second: SQLite scanned the tag index).
  func testEachPhotoGetsItsOwnTagsWhateverOrderTheTagsWereMadeIn() throws {
    try library.writeJPEG("a.jpg", date: "2024:05:01 10:00:00")
    try library.writeJPEG("b.jpg", date: "2024:05:02 10:00:00")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let ids = try catalog.allAssets().map(\.id).sorted()
    try catalog.storeTags([ids[1]: (tags: [["Trip"]], rating: 0, label: nil)])
    try catalog.storeTags([ids[0]: (tags: [["Cat"]], rating: 0, label: nil)])
    let tags = try catalog.photoTags()
    XCTAssertEqual(tags.tags(of: ids[0]), [["Cat"]])
    XCTAssertEqual(tags.tags(of: ids[1]), [["Trip"]])
  }

  /// A v13 catalog (before tags): the tables and columns are added and every photo is read
  /// again on the next scan, which finds its sidecar's tags.
  func testAVersion13CatalogIsMigratedAndItsPhotosReadAgain() throws {
    _ = try library.writeJPEG("old.jpg", date: "2024:05:01 10:00:00")
    try library.write("old.jpg.xmp", Self.packet(Self.subject(["Old"])))
    try library.oldCatalog(upTo: Catalog.mergesMigration) { db in
      XCTAssertFalse(try db.tableExists("tags"))
      try library.insertPhotoRow(db, id: 7, name: "old.jpg")
    }
    let catalog = try Catalog(path: library.catalogPath)
    XCTAssertTrue(try catalog.appliedMigrations().contains(Catalog.tagsMigration))
    XCTAssertTrue(try catalog.appliedMigrations().contains(Catalog.peopleMigration))
    try catalog.read { db in
      XCTAssertTrue(try db.tableExists("tags"))
      XCTAssertTrue(try db.tableExists("asset_tags"))
      let columns = try db.columns(in: "assets").map(\.name)
      XCTAssertTrue(columns.contains("rating") && columns.contains("label"), "\(columns)")
      XCTAssertEqual(try Int64.fetchOne(db, sql: "SELECT mtime_ns FROM assets"), -1)
    }
    let summary = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(summary.changed, 1, "read again for its tags")
    XCTAssertEqual(try tagged(catalog)["old.jpg"], "Old 0 -")
    XCTAssertEqual(try catalog.allAssets().first?.id, AssetID(7), "the same row")
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }
}
