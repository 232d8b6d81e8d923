import Foundation
import LightboxTestSupport
import XCTest

@testable import PhotoMetadata

/// `lightbox tag` against exiftool (12.57), on every sidecar and XMP JPEG of
/// ../shared/corpus/xmp: exiftool reads back exactly what Lightbox wrote, every other
/// property it reports (`exiftool -X -struct`, darktable's edit history included) is
/// unchanged, and Lightbox's own reader agrees. Damaged sidecars are refused untouched.
final class XMPWriteInteropTests: XCTestCase {
  var work: URL!
  var lightbox: String!
  var corpus: URL!

  static let place = "Places/Japan/Kyoto"
  static let tricky = "Tom & Jerry <\"quoted\"> 'x'"
  static let caption = "A caption with & and <b>\nand a second line, ü"
  static let title = "Title — “quoted” €"
  /// The tags the edit writes, as exiftool names them.
  static let edited: Set<String> = [
    "XMP-dc:Subject", "XMP-lr:HierarchicalSubject", "XMP-digiKam:TagsList", "XMP-xmp:Rating",
    "XMP-xmp:Label", "XMP-dc:Title", "XMP-dc:Description",
  ]

  override func setUpWithError() throws {
    lightbox = try BuiltProduct.requireLightbox()
    guard let found = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    corpus = found.appendingPathComponent("xmp")
    guard Subprocess.run(["exiftool", "-ver"]).status == 0 else {
      throw XCTSkip("exiftool is not installed (scripts/install-deps installs it)")
    }
    work = BuiltProduct.temporaryDirectory("xmp-write")
  }

  override func tearDown() {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  /// A writable copy of the corpus file `name`, alone in a folder of its own (so that
  /// exiftool-XMP.xmp is not taken as exiftool-XMP.jpg's sidecar).
  func copy(_ name: String, from folder: URL? = nil) throws -> String {
    let dir = work.appendingPathComponent(name + ".d")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent(name).path
    try FileManager.default.copyItem(
      atPath: (folder ?? corpus).appendingPathComponent(name).path, toPath: path)
    chmod(path, 0o644)
    return path
  }

  func contents(_ path: String) -> [UInt8] {
    FileManager.default.contents(atPath: path).map { Array($0) } ?? []
  }

  /// What `exiftool -X -struct` reports of `path`: each tag's element as text, by its name
  /// ("XMP-dc:Subject"), and its values (the list items, else the text). The System and
  /// ExifTool groups (file dates, size, exiftool's version) are left out.
  func exiftool(_ path: String) throws -> (text: [String: String], values: [String: [String]]) {
    let out = work.appendingPathComponent("exiftool-\(UInt32.random(in: 0...UInt32.max)).xml").path
    defer { unlink(out) }
    // stderr apart: a warning must not be taken for the XML.
    Subprocess.run(["sh", "-c", "exiftool -X -struct \"$0\" > \"$1\" 2>/dev/null", path, out])
    let bytes = contents(out)
    let tree = XMLReader.parse(bytes)
    XCTAssertNil(tree.problem, path)
    let description = try XCTUnwrap(
      tree.nodes.firstIndex { $0.name.is(XMLTree.rdf, "Description") }, path)
    var text: [String: String] = [:]
    var values: [String: [String]] = [:]
    for child in tree.nodes[description].children {
      let node = tree.nodes[child]
      var end = node.start + 1
      while end < bytes.count, !XMLReader.isBlank(bytes[end]), bytes[end] != 0x3E { end += 1 }
      let name = String(decoding: bytes[(node.start + 1)..<end], as: UTF8.self)
      guard !name.hasPrefix("System:"), !name.hasPrefix("ExifTool:") else { continue }
      XCTAssertNil(text[name], "\(path): \(name) twice")
      text[name] = String(decoding: bytes[node.start..<node.end], as: UTF8.self)
      let array = node.children.first { tree.nodes[$0].name.uri == XMLTree.rdf }
      values[name] =
        array.map { tree.children(of: $0, XMLTree.rdf, "li").map { tree.nodes[$0].string } }
        ?? [node.string]
    }
    return (text, values)
  }

  /// Runs `lightbox tag` with the interop edit on `file`.
  func tag(_ file: String) -> (status: Int32, output: String) {
    Subprocess.run([
      lightbox, "tag", file, "--add", Self.place, "--add", Self.tricky, "--rating", "4",
      "--label", "Blue", "--caption", Self.caption, "--title", Self.title,
    ])
  }

  /// `items` then each of `new` it does not hold.
  func adding(_ items: [String]?, _ new: [String]) -> [String] {
    var all = items ?? []
    for item in new where !all.contains(item) { all.append(item) }
    return all
  }

  func testEverySidecarReadsBackInExiftoolWithEverythingElseKept() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter {
      $0.hasSuffix(".xmp")
    }.sorted()
    XCTAssertGreaterThanOrEqual(names.count, 9)
    for name in names {
      let path = try copy(name)
      let readBefore = XMPReader.read(contentsOf: path).metadata
      let before = try exiftool(path)
      let run = tag(path)
      XCTAssertEqual(run.status, 0, "\(name): \(run.output)")
      XCTAssertTrue(run.output.hasPrefix("\(path): updated \(name)"), run.output)
      XCTAssertEqual(run.output.split(separator: "\n").count, 1, run.output)
      let after = try exiftool(path)

      // (b) Everything else exiftool reports is as it was.
      for key in Set(before.text.keys).union(after.text.keys).subtracting(Self.edited).sorted() {
        XCTAssertEqual(after.text[key], before.text[key], "\(name): \(key)")
      }
      if name.hasPrefix("darktable") {
        let history = try XCTUnwrap(after.text["XMP-darktable:History"], name)
        XCTAssertEqual(history.components(separatedBy: "<XMP-darktable:Operation>").count, 15)
      }

      // (a) exiftool reads back what was written.
      let hierarchical = ["Places|Japan|Kyoto", Self.tricky]
      let v = after.values
      XCTAssertEqual(
        v["XMP-dc:Subject"], adding(before.values["XMP-dc:Subject"], ["Kyoto", Self.tricky]), name)
      // A list the sidecar lacked starts from every tag it showed, flat ones as one level.
      let hierarchicalBase =
        before.values["XMP-lr:HierarchicalSubject"]
        ?? readBefore.tagPaths.map { $0.joined(separator: "|") }
      XCTAssertEqual(
        v["XMP-lr:HierarchicalSubject"], adding(hierarchicalBase, hierarchical), name)
      let tagsBase =
        before.values["XMP-digiKam:TagsList"]
        ?? readBefore.tagPaths.map { $0.joined(separator: "/") }
      XCTAssertEqual(v["XMP-digiKam:TagsList"], adding(tagsBase, [Self.place, Self.tricky]), name)
      XCTAssertEqual(v["XMP-xmp:Rating"], ["4"], name)
      XCTAssertEqual(v["XMP-xmp:Label"], ["Blue"], name)
      XCTAssertEqual(v["XMP-dc:Title"], [Self.title], name)
      XCTAssertEqual(v["XMP-dc:Description"], [Self.caption], name)

      // Lightbox's reader reads the same.
      let reading = XMPReader.read(contentsOf: path)
      XCTAssertEqual(reading.problems, [], name)
      let m = reading.metadata
      XCTAssertEqual(m.keywords, v["XMP-dc:Subject"], name)
      XCTAssertEqual(
        m.hierarchicalKeywords?.map { $0.joined(separator: "|") }, v["XMP-lr:HierarchicalSubject"],
        name)
      XCTAssertEqual(m.rating, 4, name)
      XCTAssertEqual(m.label, "Blue", name)
      XCTAssertEqual(m.title, Self.title, name)
      XCTAssertEqual(m.caption, Self.caption, name)

      // Removing the two tags again gives back the lists exiftool first read (the
      // hierarchical ones the edit made keep the tags the sidecar had; none when it had none).
      let undo = Subprocess.run([
        lightbox, "tag", path, "--remove", Self.place, "--remove", Self.tricky,
      ])
      XCTAssertEqual(undo.status, 0, "\(name): \(undo.output)")
      let removed = try exiftool(path).values
      XCTAssertEqual(removed["XMP-dc:Subject"], before.values["XMP-dc:Subject"], name)
      XCTAssertEqual(
        removed["XMP-lr:HierarchicalSubject"], hierarchicalBase.isEmpty ? nil : hierarchicalBase,
        name)
      XCTAssertEqual(removed["XMP-digiKam:TagsList"], tagsBase.isEmpty ? nil : tagsBase, name)
    }
  }

  func testXMPJPEGsGetANewSidecarExiftoolReads() throws {
    for name in ["exiftool-XMP.jpg", "exiftool-ExtendedXMP.jpg"] {
      let path = try copy(name)
      let original = contents(path)
      let embedded = XMPReader.read(contentsOf: path).embedded ?? XMPMetadata()
      let run = tag(path)
      XCTAssertEqual(run.status, 0, "\(name): \(run.output)")
      XCTAssertTrue(run.output.hasPrefix("\(path): created \(name).xmp"), run.output)
      XCTAssertEqual(contents(path), original, "\(name): the photo is not touched")
      let sidecar = try exiftool(path + ".xmp")
      let keys = Set(sidecar.text.keys).subtracting(Self.edited).filter { !$0.hasPrefix("File:") }
      XCTAssertEqual(keys, ["XMP-x:XMPToolkit"], name)
      let v = sidecar.values
      // The embedded keywords are in the sidecar's list, which now wins over them.
      XCTAssertEqual(v["XMP-dc:Subject"], adding(embedded.keywords, ["Kyoto", Self.tricky]), name)
      // The lists are new: they start from the photo's tags, its flat keywords as one level
      // (digiKam reads TagsList first and would not show them otherwise).
      XCTAssertEqual(
        v["XMP-lr:HierarchicalSubject"],
        adding(
          embedded.tagPaths.map { $0.joined(separator: "|") }, ["Places|Japan|Kyoto", Self.tricky]),
        name)
      XCTAssertEqual(
        v["XMP-digiKam:TagsList"],
        adding(embedded.tagPaths.map { $0.joined(separator: "/") }, [Self.place, Self.tricky]),
        name)
      XCTAssertEqual(v["XMP-xmp:Rating"], ["4"], name)
      XCTAssertEqual(v["XMP-xmp:Label"], ["Blue"], name)
      XCTAssertEqual(v["XMP-dc:Title"], [Self.title], name)
      XCTAssertEqual(v["XMP-dc:Description"], [Self.caption], name)
      let m = XMPReader.read(contentsOf: path).metadata
      XCTAssertEqual(m.keywords, v["XMP-dc:Subject"], name)
      XCTAssertEqual(m.title, Self.title, name)
      XCTAssertEqual(m.rating, 4, name)
    }
  }

  func testDamagedSidecarsAreRefusedUntouchedWithOneLine() throws {
    let folder = corpus.appendingPathComponent("malformed")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    var refused = 0
    for name in names {
      let path = try copy(name, from: folder)
      let original = contents(path)
      let run = Subprocess.run([lightbox, "tag", path, "--add", "x"])
      if run.status == 0 {
        // Well-formed after all (exiv2's bug was elsewhere): then exiftool reads the tag.
        XCTAssertEqual(try exiftool(path).values["XMP-dc:Subject"], ["x"], name)
        continue
      }
      refused += 1
      XCTAssertEqual(run.status, 1, "\(name): \(run.output)")
      XCTAssertEqual(run.output.split(separator: "\n").count, 1, run.output)
      XCTAssertTrue(run.output.hasPrefix("\(path): error: "), run.output)
      XCTAssertEqual(contents(path), original, "\(name) is not written")
      let left = try FileManager.default.contentsOfDirectory(
        atPath: (path as NSString).deletingLastPathComponent)
      XCTAssertEqual(left, [name], "no temporary file left")
    }
    XCTAssertGreaterThanOrEqual(refused, 5)
  }

  func testABadFileGivesItsLineAndTheOthersAreStillWritten() throws {
    let good = try copy("digikam-example.xmp")
    let missing = work.appendingPathComponent("missing.jpg").path
    let run = Subprocess.run([lightbox, "tag", missing, good, "--reject", "--json"])
    XCTAssertEqual(run.status, 1, run.output)
    let lines = run.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 2, run.output)
    let objects = try lines.map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(objects[0]["error"] as? String, "no such file or folder")
    XCTAssertEqual(objects[1]["result"] as? String, "updated")
    XCTAssertEqual(objects[1]["rating"] as? Int, -1)
    XCTAssertEqual(objects[1]["sidecar"] as? String, good)
    XCTAssertEqual(try exiftool(good).values["XMP-xmp:Rating"], ["-1"])

    let nothing = Subprocess.run([lightbox, "tag", good])
    XCTAssertNotEqual(nothing.status, 0)
    XCTAssertTrue(nothing.output.contains("nothing to change"), nothing.output)
    let bad = Subprocess.run([lightbox, "tag", good, "--add", "a//b"])
    XCTAssertNotEqual(bad.status, 0)
    XCTAssertTrue(bad.output.contains("empty level"), bad.output)
  }
}
