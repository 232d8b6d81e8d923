import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import PhotoStore
import XCTest

@testable import LightboxApp

/// The browser's tag and rating edits (t, s): written into each photo's sidecar (created
/// when it has none, edited keeping the rest when it has one), read back for the state and
/// the catalog; u puts every sidecar back byte for byte and removes the ones it created.
final class TagWriterTests: XCTestCase {
  var work: URL!

  override func setUp() { work = BuiltProduct.temporaryDirectory("tag-writer") }
  override func tearDown() { try? FileManager.default.removeItem(at: work) }

  /// A tiny JPEG header (enough to be sniffed as a photo) at `name`.
  func photo(_ name: String) throws -> String {
    let path = work.appendingPathComponent(name).path
    let bytes: [UInt8] = [
      0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0, 16, 0, 16, 1, 1, 0x11, 0, 0xFF, 0xD9,
    ]
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  }

  func testTagThenUndoGivesEverySidecarBackByteForByte() throws {
    let fresh = try photo("a.jpg")
    let kept = try photo("b.jpg")
    // b's own sidecar, with a property Lightbox does not know and odd spacing.
    let original = """
      <?xml version="1.0"?>
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:darktable="http://darktable.sf.net/"   darktable:xmp_version="5"/>
      </rdf:RDF></x:xmpmeta>

      """
    let sidecar = work.appendingPathComponent("b.xmp").path
    try Data(original.utf8).write(to: URL(fileURLWithPath: sidecar))
    let ids = [AssetID(1), AssetID(2)]
    let job = TagEditJob(
      ids: ids, paths: [fresh, kept], addTags: [["Places", "Japan", "Kyoto"]], rating: 4)
    let outcome = TagWriter.run(job)
    XCTAssertEqual(outcome.failures, [])
    XCTAssertEqual(outcome.what, "Tagged Places/Japan/Kyoto")
    XCTAssertEqual(
      outcome.photos,
      ids.map {
        PhotoTagValues(id: $0, tags: [["Places", "Japan", "Kyoto"]], rating: 4, label: nil)
      })
    XCTAssertEqual(outcome.before.map(\.sidecar), [fresh + ".xmp", sidecar], "b keeps its name")
    XCTAssertEqual(outcome.before.map(\.bytes), [nil, Array(original.utf8)])
    let written = try XCTUnwrap(bytes(sidecar))
    XCTAssertTrue(String(decoding: written, as: UTF8.self).contains("darktable:xmp_version=\"5\""))
    XCTAssertNotNil(bytes(fresh + ".xmp"))

    // The same edit again changes nothing: nothing to undo for it.
    XCTAssertEqual(TagWriter.run(job).before, [])

    let back = TagWriter.restore(outcome.before)
    XCTAssertEqual(back.failures, [])
    XCTAssertTrue(back.isUndo)
    XCTAssertEqual(bytes(sidecar), Array(original.utf8), "byte for byte")
    XCTAssertNil(bytes(fresh + ".xmp"), "the sidecar it created is gone")
    XCTAssertEqual(
      back.photos, ids.map { PhotoTagValues(id: $0, tags: [], rating: 0, label: nil) })
  }

  func testAPhotoThatCannotBeWrittenIsNamed() throws {
    let good = try photo("c.jpg")
    let broken = try photo("d.jpg")
    try Data("<x:xmpmeta><rdf:RDF".utf8).write(to: URL(fileURLWithPath: broken + ".xmp"))
    let outcome = TagWriter.run(
      TagEditJob(ids: [AssetID(3), AssetID(4)], paths: [good, broken], rating: -1))
    XCTAssertEqual(outcome.photos.map(\.id), [AssetID(3)])
    XCTAssertEqual(outcome.photos.first?.rating, -1)
    XCTAssertEqual(outcome.failures.count, 1)
    XCTAssertTrue(outcome.failures[0].hasPrefix("d.jpg: "), outcome.failures[0])
    XCTAssertEqual(outcome.what, "Rejected")
  }
}
