import Foundation
import XCTest

@testable import PhotoMetadata

/// `XMPSidecarWriter` on files: which sidecar is written, what a new one starts from, the
/// file's permissions kept, no temporary file left, and what is refused untouched.
final class XMPSidecarWriterTests: XCTestCase {
  var folder: String!

  override func setUpWithError() throws {
    folder =
      NSTemporaryDirectory() + "lightbox-xmp-write-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    if let folder { try? FileManager.default.removeItem(atPath: folder) }
  }

  /// A JPEG at `name` embedding `keywords` and a caption.
  func photo(_ name: String, keywords: [String] = ["embedded"]) throws -> String {
    let items = keywords.map { "<rdf:li>\($0)</rdf:li>" }.joined()
    let packet = XMPFileTests.packet(
      "<dc:subject><rdf:Bag>\(items)</rdf:Bag></dc:subject>"
        + "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">Embedded caption</rdf:li>"
        + "</rdf:Alt></dc:description>")
    let bytes = XMPFileTests.jpeg([
      XMPFileTests.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + packet)
    ])
    let path = "\(folder!)/\(name)"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  func write(_ text: String, _ name: String, mode: mode_t = 0o644) throws -> String {
    let path = "\(folder!)/\(name)"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, mode)
    return path
  }

  func contents(_ path: String) -> [UInt8] {
    FileManager.default.contents(atPath: path).map { Array($0) } ?? []
  }

  func mode(_ path: String) -> mode_t {
    var info = stat()
    stat(path, &info)
    return info.st_mode & 0o7777
  }

  /// Names in the folder that look like a temporary file of a write.
  func leftovers() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".lightbox-") }
  }

  func testANewSidecarIsNamedAfterThePhotoAndStartsFromWhatItEmbeds() throws {
    let jpeg = try photo("IMG_1234.JPG")
    let before = contents(jpeg)
    let outcome = try XMPSidecarWriter.apply(
      XMPEdit(addTags: [["Places", "Japan", "Kyoto"]], rating: 3), toPhotoAt: jpeg
    ).get()
    XCTAssertEqual(outcome.sidecar, jpeg + ".xmp")
    XCTAssertTrue(outcome.created)
    XCTAssertTrue(outcome.changed)
    XCTAssertEqual(contents(jpeg), before, "the photo itself is not touched")
    let sidecar = XMPMetadata(packet: contents(jpeg + ".xmp"))
    XCTAssertEqual(sidecar.keywords, ["embedded", "Kyoto"], "the embedded keyword is kept")
    XCTAssertNil(sidecar.caption, "fields not edited stay where they are")
    XCTAssertEqual(outcome.metadata.caption, "Embedded caption")
    XCTAssertEqual(outcome.metadata.rating, 3)
    XCTAssertEqual(XMPReader.read(contentsOf: jpeg).sidecars, [jpeg + ".xmp"])
    let umask = umask(0)
    _ = Glibc.umask(umask)
    XCTAssertEqual(mode(jpeg + ".xmp"), 0o666 & ~umask)
    XCTAssertEqual(try leftovers(), [])
  }

  func testAnEditThatChangesNothingWritesNothing() throws {
    let jpeg = try photo("IMG_2.JPG")
    let outcome = try XMPSidecarWriter.apply(XMPEdit(removeTags: [["absent"]]), toPhotoAt: jpeg)
      .get()
    XCTAssertFalse(outcome.created)
    XCTAssertFalse(outcome.changed)
    XCTAssertFalse(FileManager.default.fileExists(atPath: jpeg + ".xmp"))
  }

  func testTheExistingSidecarIsWrittenKeepingItsMode() throws {
    let jpeg = try photo("DSC_1.JPG")
    let text = String(decoding: XMPPacketEditor.emptySidecar, as: UTF8.self)
    let sidecar = try write(text, "DSC_1.xmp", mode: 0o640)
    let outcome = try XMPSidecarWriter.apply(XMPEdit(label: "Red"), toPhotoAt: jpeg).get()
    XCTAssertEqual(outcome.sidecar, sidecar, "Lightroom's name, since it is there")
    XCTAssertFalse(outcome.created)
    XCTAssertEqual(mode(sidecar), 0o640)
    XCTAssertEqual(XMPMetadata(packet: contents(sidecar)).label, "Red")
    XCTAssertFalse(FileManager.default.fileExists(atPath: jpeg + ".xmp"))
    XCTAssertEqual(try leftovers(), [])
  }

  func testASidecarGivenAsTheFileIsEdited() throws {
    let text = String(decoding: XMPPacketEditor.emptySidecar, as: UTF8.self)
    let sidecar = try write(text, "x.NEF.xmp")
    let outcome = try XMPSidecarWriter.apply(XMPEdit(rating: -1), toPhotoAt: sidecar).get()
    XCTAssertEqual(outcome.sidecar, sidecar)
    XCTAssertEqual(XMPMetadata(packet: contents(sidecar)).rating, -1)
  }

  func testALinkedSidecarIsWrittenThroughItsLink() throws {
    let jpeg = try photo("L.JPG")
    let real = try write(String(decoding: XMPPacketEditor.emptySidecar, as: UTF8.self), "real.xmp")
    XCTAssertEqual(symlink(real, jpeg + ".xmp"), 0)
    _ = try XMPSidecarWriter.apply(XMPEdit(title: "T"), toPhotoAt: jpeg).get()
    XCTAssertEqual(XMPMetadata(packet: contents(real)).title, "T")
    var info = stat()
    lstat(jpeg + ".xmp", &info)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "still a link")
  }

  func testDamagedAndReadOnlySidecarsAreLeftUntouched() throws {
    let jpeg = try photo("BAD.JPG")
    let damaged =
      "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf="
      + "\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description>"
    let sidecar = try write(damaged, "BAD.JPG.xmp")
    let result = XMPSidecarWriter.apply(XMPEdit(rating: 2), toPhotoAt: jpeg)
    guard case .failure(let error) = result else { return XCTFail("\(result)") }
    XCTAssertTrue(error.reason.hasPrefix("BAD.JPG.xmp: malformed XMP:"), error.reason)
    XCTAssertFalse(error.reason.contains("\n"))
    XCTAssertEqual(contents(sidecar), Array(damaged.utf8))

    let text = String(decoding: XMPPacketEditor.emptySidecar, as: UTF8.self)
    let locked = try write(text, "RO.JPG.xmp", mode: 0o444)
    let other = try photo("RO.JPG")
    guard case .failure(let refusal) = XMPSidecarWriter.apply(XMPEdit(rating: 2), toPhotoAt: other)
    else { return XCTFail("a read-only sidecar was written") }
    XCTAssertTrue(refusal.reason.contains("RO.JPG.xmp"), refusal.reason)
    XCTAssertEqual(contents(locked), Array(text.utf8))
    XCTAssertEqual(try leftovers(), [])
  }

  func testAFileThatIsNoPhotoGetsNoSidecar() throws {
    let text = try write("just some notes\n", "notes.txt")
    guard case .failure(let error) = XMPSidecarWriter.apply(XMPEdit(rating: 1), toPhotoAt: text)
    else { return XCTFail("a sidecar for a text file") }
    XCTAssertEqual(error.reason, "not a photo or video Lightbox reads")
    XCTAssertFalse(FileManager.default.fileExists(atPath: text + ".xmp"))
  }

  func testASidecarChangedMeanwhileIsNotReplaced() throws {
    let sidecar = try write("first", "race.xmp")
    let read = try SidecarFile.read(sidecar, limit: 1024).get()
    XCTAssertEqual(read.bytes, Array("first".utf8))
    _ = try write("another program's longer text", "race.xmp")
    let error = SidecarFile.write(Array("ours".utf8), to: sidecar, replacing: read.version)
    XCTAssertEqual(error?.reason, "race.xmp changed while it was written: not replaced")
    XCTAssertEqual(contents(sidecar), Array("another program's longer text".utf8))
    XCTAssertEqual(try leftovers(), [])
    let again = try SidecarFile.read(sidecar, limit: 1024).get()
    XCTAssertNil(SidecarFile.write(Array("ours".utf8), to: sidecar, replacing: again.version))
    XCTAssertEqual(contents(sidecar), Array("ours".utf8))
    XCTAssertNotNil(
      SidecarFile.write(Array("new".utf8), to: sidecar, replacing: nil), "create refuses a file")
  }

  func testAMissingPhotoIsAnError() {
    guard
      case .failure(let error) = XMPSidecarWriter.apply(
        XMPEdit(rating: 1), toPhotoAt: "\(folder!)/none.jpg")
    else { return XCTFail() }
    XCTAssertTrue(error.reason.contains("No such file"), error.reason)
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder!)/none.jpg.xmp"))
  }
}
