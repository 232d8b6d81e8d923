import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

/// A date in a photo's XMP sidecar (where a RAW's date fix goes) wins over the file's own,
/// while indexing and when the watcher sees the sidecar written, changed or removed.
final class CatalogSidecarDateTests: XCTestCase {
  var library: TestLibrary!

  override func setUp() { library = TestLibrary("catalog-sidecar-date") }
  override func tearDown() { library.remove() }

  func sidecar(_ date: String) -> String {
    """
    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \
    xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" \
    xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
    exif:DateTimeOriginal="\(date)" xmp:CreateDate="\(date)"/></rdf:RDF></x:xmpmeta>
    """
  }

  func date(_ catalog: Catalog, _ name: String) throws -> CaptureDate? {
    try catalog.allAssets().first { $0.fileName == name }?.captureDate
  }

  func testTheSidecarsDateWinsAndGoingBackToTheFilesWhenItGoes() throws {
    try library.writeJPEG("a.jpg", date: "2024:05:01 10:00:00")
    try library.writeJPEG("b.jpg", date: "2024:05:02 10:00:00")
    try library.write("b.jpg.xmp", sidecar("2024-05-02T12:15:00+09:00"))
    // darktable's copy of the camera's date (EXIF's form, no offset): the file's own stays.
    try library.writeJPEG("c.jpg", date: "2024:05:03 10:00:00")
    try library.write("c.jpg.xmp", sidecar("2024:05:03 10:00:00.250"))
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(try date(catalog, "a.jpg")?.hour, 10)
    let b = try XCTUnwrap(try date(catalog, "b.jpg"))
    XCTAssertEqual([b.hour, b.minute, b.utcOffsetSeconds], [12, 15, 9 * 3600])
    XCTAssertEqual(b.source, .xmpSidecar)
    XCTAssertEqual(try date(catalog, "c.jpg")?.source, .exif)

    // The watcher's update of a new sidecar: the photo moves.
    let path = try library.write("a.jpg.xmp", sidecar("2024-05-01T11:30:00"))
    _ = try Indexer(catalog: catalog).update(paths: [path])
    let a = try XCTUnwrap(try date(catalog, "a.jpg"))
    XCTAssertEqual([a.hour, a.minute], [11, 30])
    XCTAssertEqual(a.source, .xmpSidecar)

    // The sidecar gone (u): the file's own date again.
    try FileManager.default.removeItem(atPath: path)
    _ = try Indexer(catalog: catalog).update(paths: [path])
    let back = try XCTUnwrap(try date(catalog, "a.jpg"))
    XCTAssertEqual([back.hour, back.minute], [10, 0])
    XCTAssertEqual(back.source, .exif)
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }
}
