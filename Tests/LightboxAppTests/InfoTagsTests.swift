import Foundation
import LightboxCommands
import LightboxTestSupport
import XCTest

/// `lightbox info` shows a photo's XMP tags: lines under the file's line, keys in its JSON
/// object, only what is there; a sidecar given as the file is reported as XMP.
final class InfoTagsTests: XCTestCase {
  private func output(_ paths: [String], json: Bool) throws -> String {
    var text = ""
    try InfoCommand.run(paths: paths, json: json) { text += $0 }
    return text
  }

  func testDarktableSidecarAndAJPEGWithItsSidecar() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let sidecar = corpus.appendingPathComponent("xmp/darktable-DSC_9034.NEF.xmp").path
    XCTAssertEqual(
      try output([sidecar], json: false),
      """
      \(sidecar): XMP
        tags: darktable/changed, darktable/exported, darktable/format/nef
        rating: 1 star

      """)
    let jpeg = corpus.appendingPathComponent("xmp/exiftool-XMP.jpg").path
    let lines = try output([jpeg], json: false).split(separator: "\n").map(String.init)
    XCTAssertEqual(
      Array(lines.dropFirst()),
      [
        "  tags: test1, &-&amp;-&", "  rating: 1 star", "  title: Test IPTC picture",
        "  caption: UTF-16 (big-endian) encoded XMP",
        "  sidecar: \(corpus.appendingPathComponent("xmp/exiftool-XMP.xmp").path)",
      ],
      "the sidecar's keywords and rating over the embedded packet, its title and caption kept")
  }

  func testJSONCarriesEveryTagKeyBesideTheReportsOwn() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let file = corpus.appendingPathComponent("xmp/exiftool-XMP5.xmp").path
    let line = try output([file], json: true)
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    XCTAssertEqual(object["format"] as? String, "xmp")
    XCTAssertEqual(object["people"] as? [String], ["Region 1"])
    XCTAssertEqual(object["tags"] as? [String], [])
    for key in ["keywords", "rating", "label", "title", "caption", "sidecars", "xmpProblems"] {
      XCTAssertTrue(object.keys.contains(key), key)
    }
    XCTAssertTrue(object.keys.contains("captureDate"), "the report's own keys stay")
  }

  func testBrokenSidecarIsAOneLineProblemAndRejectedShows() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("info-tags-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let broken = folder.appendingPathComponent("broken.xmp").path
    try Data([0x00, 0xFF, 0x3C, 0x21]).write(to: URL(fileURLWithPath: broken))
    XCTAssertEqual(
      try output([broken], json: false), "\(broken): XMP, error: no XMP (rdf:RDF) found\n")

    let rejected = folder.appendingPathComponent("rejected.xmp").path
    let packet = """
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF
       xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description
       xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="-1" xmp:Label="Purple"/>
      </rdf:RDF></x:xmpmeta>
      """
    try Data(packet.utf8).write(to: URL(fileURLWithPath: rejected))
    XCTAssertEqual(
      try output([rejected], json: false),
      "\(rejected): XMP\n  rating: rejected\n  label: Purple\n")
  }
}
