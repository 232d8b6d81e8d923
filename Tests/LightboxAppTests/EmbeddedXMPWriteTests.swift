import Decoders
import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import PhotoStore
import XCTest

@testable import LightboxApp
@testable import LightboxCommands

/// `xmp-write = embedded` (issue 37): tags, a rating and a caption written into corpus JPEGs'
/// own XMP are read back by exiftool, every byte outside the XMP segment stays, and the undo
/// gives the files back byte for byte; what cannot be written there safely is refused or goes
/// to the sidecar with a note.
final class EmbeddedXMPWriteTests: XCTestCase {
  var work: URL!

  override func setUpWithError() throws {
    work = BuiltProduct.temporaryDirectory("embedded-xmp")
  }

  override func tearDown() {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  /// A writable copy of the corpus file `relative`.
  func copy(_ relative: String) throws -> String {
    let target = try CorpusLocator.writableCopy(relative, into: work, mode: 0o640)
    return target
  }

  func exiftool() throws -> String { try CorpusLocator.exiftool() }

  func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// exiftool's reading of the XMP of `path` (`-j`), one JSON object.
  func exiftoolXMP(_ path: String) throws -> [String: Any] {
    let run = Subprocess.run(
      [
        try exiftool(), "-j", "-XMP-dc:Subject", "-XMP-lr:HierarchicalSubject",
        "-XMP-digiKam:TagsList", "-XMP-xmp:Rating", "-XMP-dc:Description", "-XMP-dc:Title",
        "-XMP-crs:all", path,
      ])
    XCTAssertEqual(run.status, 0, run.output)
    let json = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]]
    return try XCTUnwrap(json?.first)
  }

  /// A list field of exiftool's JSON (a single value is a string there).
  func list(_ value: Any?) -> [String] {
    if let array = value as? [Any] { return array.map { "\($0)" } }
    return value.map { ["\($0)"] } ?? []
  }

  let edit = XMPEdit(
    addTags: [["Places", "Japan", "Kyoto"]], rating: 4, caption: "Tea house, Gion — 祇園")

  func testAJPEGsOwnXMPIsWrittenReadByExiftoolAndUndoneByteForByte() throws {
    // Canon_40D has no XMP (a segment is inserted after its Exif); Nikon_D70's packet is
    // Adobe Camera Raw's, edited where it is.
    for name in ["jpeg-exif/Canon_40D.jpg", "jpeg-exif/Nikon_D70.jpg"] {
      let path = try copy(name)
      let original = try bytes(path)
      let hadPacket = JPEGXMPSegment.packet(in: original) != nil
      let crsBefore = try exiftoolXMP(path).filter { $0.key != "SourceFile" }
      var status = stat()
      stat(path, &status)
      let outcome = try XMPFileWriter.apply(edit, toPhotoAt: path, mode: .embedded).get()
      XCTAssertTrue(outcome.isEmbedded, name)
      XCTAssertTrue(outcome.changed, name)
      XCTAssertEqual(outcome.created, !hadPacket, name)
      XCTAssertEqual(outcome.file, path)
      XCTAssertNil(outcome.note)
      XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".xmp"), "no sidecar")
      // exiftool reads back what was written, and what the packet held before.
      let read = try exiftoolXMP(path)
      XCTAssertEqual(list(read["Subject"]), ["Kyoto"], name)
      XCTAssertEqual(list(read["HierarchicalSubject"]), ["Places|Japan|Kyoto"], name)
      XCTAssertEqual(list(read["TagsList"]), ["Places/Japan/Kyoto"], name)
      XCTAssertEqual("\(read["Rating"] ?? "")", "4", name)
      XCTAssertEqual(read["Description"] as? String, "Tea house, Gion — 祇園", name)
      for (key, value) in crsBefore where !["Subject", "Rating", "Description"].contains(key) {
        XCTAssertEqual("\(read[key] ?? "missing")", "\(value)", "\(name): \(key) kept")
      }
      // Every byte outside the XMP segment is the same (what `cmp` would say).
      let after = try bytes(path)
      let old = try JPEGXMPSegment.locate(original).get()
      let new = try JPEGXMPSegment.locate(after).get()
      let newSegment = try XCTUnwrap(new.segment)
      let oldCut = old.segment ?? old.insertion..<old.insertion
      XCTAssertEqual(newSegment.lowerBound, oldCut.lowerBound, name)
      XCTAssertEqual(Array(after[..<newSegment.lowerBound]), Array(original[..<oldCut.lowerBound]))
      XCTAssertEqual(
        Array(after[newSegment.upperBound...]), Array(original[oldCut.upperBound...]), name)
      // The file was replaced, its permissions kept, its time one second on.
      var now = stat()
      stat(path, &now)
      XCTAssertEqual(now.st_mode & 0o7777, 0o640)
      XCTAssertEqual(now.st_mtim.tv_sec, status.st_mtim.tv_sec + 1)
      // u: the file as it was, byte for byte.
      XCTAssertNil(XMPFileWriter.restore(outcome.before, file: path, isEmbedded: true))
      XCTAssertEqual(try bytes(path), original, "\(name): undone byte for byte")
      // An edit that changes nothing writes nothing (and adds no empty segment).
      let none = try XMPFileWriter.apply(XMPEdit(caption: ""), toPhotoAt: path, mode: .embedded)
        .get()
      XCTAssertFalse(none.changed)
      XCTAssertEqual(try bytes(path), original)
    }
  }

  func testAPacketLargerThanASegmentIsRefusedAndTheFileLeftAlone() throws {
    let path = try copy("jpeg-exif/Canon_40D.jpg")
    let original = try bytes(path)
    let long = String(repeating: "a long caption ", count: 5000)
    let result = XMPFileWriter.apply(XMPEdit(caption: long), toPhotoAt: path, mode: .embedded)
    guard case .failure(let error) = result else { return XCTFail("written: \(result)") }
    XCTAssertTrue(error.reason.contains("more than a JPEG segment holds (65502)"), error.reason)
    XCTAssertFalse(error.reason.contains("\n"))
    XCTAssertEqual(try bytes(path), original)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".xmp"))
  }

  func testWhatCannotBeWrittenInPlaceIsRefusedOrGoesToTheSidecarWithANote() throws {
    // A UTF-16 packet (exiftool's sample) is not edited as text: refused, file unchanged.
    let utf16 = try copy("xmp/exiftool-XMP.jpg")
    let original = try bytes(utf16)
    let refused = XMPFileWriter.apply(edit, toPhotoAt: utf16, mode: .embedded)
    guard case .failure(let error) = refused else { return XCTFail("written: \(refused)") }
    XCTAssertTrue(error.reason.contains("UTF-16"), error.reason)
    XCTAssertEqual(try bytes(utf16), original)
    // Extended XMP is not written.
    let extended = try copy("xmp/exiftool-ExtendedXMP.jpg")
    let extendedBytes = try bytes(extended)
    guard case .failure(let why) = XMPFileWriter.apply(edit, toPhotoAt: extended, mode: .embedded)
    else { return XCTFail("Extended XMP written") }
    XCTAssertTrue(why.reason.contains("Extended XMP"), why.reason)
    XCTAssertEqual(try bytes(extended), extendedBytes)
    // A PNG goes to its sidecar, with a note; the photo is not touched (HEIF and AVIF
    // stills are written: EmbeddedHEIFXMPWriteTests).
    let png = try copy("png-suite/basn6a08.png")
    let pngBytes = try bytes(png)
    let toSidecar = try XMPFileWriter.apply(edit, toPhotoAt: png, mode: .embedded).get()
    XCTAssertFalse(toSidecar.isEmbedded)
    XCTAssertEqual(toSidecar.file, png + ".xmp")
    XCTAssertEqual(
      toSidecar.note,
      "PNG: written to the sidecar (embedded XMP is written into JPEG, HEIF and AVIF stills)")
    XCTAssertEqual(try bytes(png), pngBytes)
    XCTAssertEqual(XMPReader.read(contentsOf: png).metadata.rating, 4)
    // The sidecar given itself is edited as it is, with no note.
    let itself = try XMPFileWriter.apply(
      XMPEdit(rating: 2), toPhotoAt: png + ".xmp", mode: .embedded
    ).get()
    XCTAssertEqual(itself.file, png + ".xmp")
    XCTAssertNil(itself.note)
    // A JPEG with a sidecar: the sidecar, which readers prefer, with a note.
    let jpeg = try copy("jpeg-exif/Nikon_D70.jpg")
    let jpegBytes = try bytes(jpeg)
    try Data(XMPSidecarWriter.emptyPacket).write(to: URL(fileURLWithPath: jpeg + ".xmp"))
    let beside = try XMPFileWriter.apply(edit, toPhotoAt: jpeg, mode: .embedded).get()
    XCTAssertEqual(beside.file, jpeg + ".xmp")
    XCTAssertEqual(beside.note, "written to its sidecar Nikon_D70.jpg.xmp, which readers prefer")
    XCTAssertEqual(try bytes(jpeg), jpegBytes)
  }

  func testTheBrowsersWriterAndLightboxTagWriteIntoTheJPEG() throws {
    let path = try copy("jpeg-exif/Canon_40D.jpg")
    let original = try bytes(path)
    let id = AssetID(7)
    let job = TagEditJob(ids: [id], paths: [path], caption: "Harbour")
    let outcome = TagWriter.run(job, mode: .embedded)
    XCTAssertEqual(outcome.failures, [])
    XCTAssertEqual(outcome.photos.map(\.caption), ["Harbour"])
    XCTAssertEqual(outcome.before.map(\.isEmbedded), [true])
    XCTAssertEqual(outcome.before.map(\.bytes), [nil], "no packet before: u removes the segment")
    XCTAssertEqual(try exiftoolXMP(path)["Description"] as? String, "Harbour")
    let back = TagWriter.restore(outcome.before)
    XCTAssertEqual(back.failures, [])
    XCTAssertEqual(back.photos.map(\.caption), [nil])
    XCTAssertEqual(try bytes(path), original)
    // lightbox tag --xmp-write embedded: one line, and JSON saying where it went.
    var lines: [String] = []
    let failed = TagCommand.run(
      paths: [path], shownAs: ["Canon_40D.jpg"], edit: XMPEdit(rating: 2), mode: .embedded,
      json: true
    ) { lines.append($0) }
    XCTAssertEqual(failed, 0)
    let object = try JSONSerialization.jsonObject(with: Data(lines.joined().utf8)) as? [String: Any]
    XCTAssertEqual(object?["embedded"] as? Bool, true)
    XCTAssertEqual(object?["result"] as? String, "created")
    XCTAssertTrue(object?["sidecar"] is NSNull)
    XCTAssertEqual("\(try exiftoolXMP(path)["Rating"] ?? "")", "2")
  }
}
