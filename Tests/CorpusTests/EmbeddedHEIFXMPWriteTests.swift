@_spi(InProcessDecoding) import DecodeWorker
import Decoders
import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import Pixels
import XCTest

/// `xmp-write = embedded` into HEIF and AVIF stills (issue 37): on every corpus HEIC/HEIF/HIF
/// and AVIF still, tags, a rating and a caption written into its XMP item are read back by
/// exiftool, libheif (`heif-info`) still opens the file, its primary image decodes to the
/// same pixels, a second write replaces the item, and undo gives the file back byte for byte.
final class EmbeddedHEIFXMPWriteTests: XCTestCase {
  var work: URL!

  override func setUpWithError() throws {
    work = BuiltProduct.temporaryDirectory("embedded-heif-xmp")
  }

  override func tearDown() {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  /// The corpus's HEIF and AVIF files, by path relative to the corpus.
  func corpusFiles() throws -> [String] {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    var found: [String] = []
    for folder in ["heif", "avif"] {
      let names = try FileManager.default.contentsOfDirectory(
        atPath: corpus.appendingPathComponent(folder).path)
      found += names.sorted().map { "\(folder)/\($0)" }
    }
    return found
  }

  /// A writable copy of the corpus file `relative`.
  func copy(_ relative: String) throws -> String {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let target = work.appendingPathComponent((relative as NSString).lastPathComponent).path
    try? FileManager.default.removeItem(atPath: target)
    try FileManager.default.copyItem(
      atPath: corpus.appendingPathComponent(relative).path, toPath: target)
    chmod(target, 0o640)
    return target
  }

  func tool(_ name: String, package: String) throws -> String {
    for folder in ["/usr/bin", "/usr/local/bin"]
    where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
      return "\(folder)/\(name)"
    }
    throw XCTSkip("\(name) is not installed (apt-get install \(package))")
  }

  func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// exiftool's reading of the XMP of `paths` (`-j`, every item: `-a`), by path.
  func exiftoolXMP(_ paths: [String]) throws -> [String: [String: Any]] {
    let run = Subprocess.run(
      [
        try tool("exiftool", package: "libimage-exiftool-perl"), "-q", "-j", "-a",
        "-XMP-dc:Subject", "-XMP-lr:HierarchicalSubject", "-XMP-xmp:Rating",
        "-XMP-dc:Description", "-XMP-x:XMPToolkit", "-Warning",
      ] + paths)
    XCTAssertEqual(run.status, 0, run.output)
    let json = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]]
    var found: [String: [String: Any]] = [:]
    for object in json ?? [] {
      if let path = object["SourceFile"] as? String { found[path] = object }
    }
    XCTAssertEqual(found.count, paths.count, "exiftool read every file")
    return found
  }

  func list(_ value: Any?) -> [String] {
    if let array = value as? [Any] { return array.map { "\($0)" } }
    return value.map { ["\($0)"] } ?? []
  }

  /// The primary image, decoded in this process (the test measures the file, not the worker).
  func pixels(_ path: String) throws -> Bitmap {
    let options = DecodeOptions(target: PixelSize(width: 320, height: 320))
    return try PhotoDecoder.inProcess.decode(path: path, options: options).get()
  }

  let edit = XMPEdit(
    addTags: [["Places", "Japan", "Kyoto"]], rating: 4, caption: "Tea house, Gion — 祇園")

  func testEveryCorpusHEIFAndAVIFStillIsWrittenReadBackAndUndoneByteForByte() throws {
    let heifInfo = try tool("heif-info", package: "libheif-examples")
    // In phases, exiftool reading every file at once: one run a phase, not three a file.
    var stills: [(name: String, path: String, original: [UInt8], picture: Bitmap)] = []
    for relative in try corpusFiles() {
      let path = try copy(relative)
      let original = try bytes(path)
      guard FormatSniffer.format(of: Array(original.prefix(4096))) == .avifSequence else {
        stills.append((relative, path, original, try pixels(path)))
        continue
      }
      // A sequence goes to its sidecar, the file untouched.
      let outcome = try XMPFileWriter.apply(edit, toPhotoAt: path, mode: .embedded).get()
      XCTAssertFalse(outcome.isEmbedded, relative)
      XCTAssertEqual(outcome.file, path + ".xmp", relative)
      XCTAssertEqual(try bytes(path), original, relative)
      XCTAssertEqual(
        outcome.note,
        "AVIF sequence: written to the sidecar (embedded XMP is written into JPEG, HEIF and "
          + "AVIF stills)")
    }
    XCTAssertGreaterThanOrEqual(stills.count, 20)
    let warnings = try exiftoolXMP(stills.map(\.path)).mapValues { list($0["Warning"]) }
    var firsts: [String: XMPFileWriter.Outcome] = [:]
    for (name, path, _, _) in stills {
      let outcome = try XMPFileWriter.apply(edit, toPhotoAt: path, mode: .embedded).get()
      firsts[path] = outcome
      XCTAssertTrue(outcome.isEmbedded, name)
      XCTAssertTrue(outcome.changed, name)
      XCTAssertNil(outcome.note, name)
      XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".xmp"), "\(name): no sidecar")
      XCTAssertEqual(outcome.metadata.rating, 4, name)
      XCTAssertEqual(outcome.metadata.caption, "Tea house, Gion — 祇園", name)
    }
    // exiftool reads back what was written; libheif opens the file, and its primary image is
    // the same.
    let read = try exiftoolXMP(stills.map(\.path))
    for (name, path, _, picture) in stills {
      let fields = read[path] ?? [:]
      XCTAssertEqual(list(fields["Subject"]), ["Kyoto"], name)
      XCTAssertEqual(list(fields["HierarchicalSubject"]), ["Places|Japan|Kyoto"], name)
      XCTAssertEqual(list(fields["Rating"]), ["4"], name)
      XCTAssertEqual(fields["Description"] as? String, "Tea house, Gion — 祇園", name)
      XCTAssertEqual(list(fields["Warning"]), warnings[path], "\(name): no new exiftool warning")
      let info = Subprocess.run([heifInfo, path])
      XCTAssertEqual(info.status, 0, "\(name): \(info.output)")
      let after = try pixels(path)
      XCTAssertEqual(after.size, picture.size, name)
      XCTAssertTrue(after.pixels == picture.pixels, "\(name): the same pixels")
    }
    // A second write replaces the item: both edits in it, and exiftool, reading every item
    // (-a), finds the new rating only.
    var seconds: [String: XMPFileWriter.Outcome] = [:]
    for (name, path, _, _) in stills {
      let again = try XMPFileWriter.apply(
        XMPEdit(addTags: [["Second"]], rating: 2), toPhotoAt: path, mode: .embedded
      ).get()
      XCTAssertTrue(again.isEmbedded && again.changed && !again.created, name)
      seconds[path] = again
    }
    let reread = try exiftoolXMP(stills.map(\.path))
    for (name, path, original, _) in stills {
      XCTAssertEqual(list(reread[path]?["Subject"]), ["Kyoto", "Second"], name)
      XCTAssertEqual(list(reread[path]?["Rating"]), ["2"], name)
      // u, then u: the file as it was, byte for byte (what cmp says).
      XCTAssertNil(
        XMPFileWriter.restore(seconds[path]?.before, file: path, isEmbedded: true), name)
      XCTAssertNil(XMPFileWriter.restore(firsts[path]?.before, file: path, isEmbedded: true), name)
      XCTAssertTrue(try bytes(path) == original, "\(name): undone byte for byte")
    }
  }

  func testAnXMPItemExiftoolWroteIsReplacedNotDuplicated() throws {
    let exiftool = try tool("exiftool", package: "libimage-exiftool-perl")
    // hevc32.heif has no XMP: exiftool adds an item (it rewrites the whole file to do it).
    let source = try copy("heif/hevc32.heif")
    let path = work.appendingPathComponent("exiftool.heif").path
    let run = Subprocess.run([exiftool, "-q", "-XMP-dc:Subject=x", "-o", path, source])
    XCTAssertEqual(run.status, 0, run.output)
    XCTAssertEqual(list(try exiftoolXMP([path])[path]?["Subject"]), ["x"])
    let original = try bytes(path)
    let outcome = try XMPFileWriter.apply(edit, toPhotoAt: path, mode: .embedded).get()
    XCTAssertTrue(outcome.isEmbedded)
    XCTAssertFalse(outcome.created, "the item exiftool wrote is edited")
    let read = try exiftoolXMP([path])[path]
    XCTAssertEqual(list(read?["Subject"]), ["x", "Kyoto"])
    XCTAssertEqual(list(read?["XMPToolkit"]), ["Image::ExifTool 12.57"], "one packet, exiftool's")
    XCTAssertNil(XMPFileWriter.restore(outcome.before, file: path, isEmbedded: true))
    XCTAssertEqual(try bytes(path), original)
  }

  func testAFileTheWriterRefusesGoesToTheSidecarWithTheReason() throws {
    // A HEIF whose meta box is damaged (its size one byte too small): refused, the file
    // untouched, the edit in the sidecar with the reason.
    let path = try copy("heif/hevc32.heif")
    var damaged = try bytes(path)
    damaged[31] &-= 1
    try Data(damaged).write(to: URL(fileURLWithPath: path))
    let outcome = try XMPFileWriter.apply(edit, toPhotoAt: path, mode: .embedded).get()
    XCTAssertFalse(outcome.isEmbedded)
    XCTAssertEqual(outcome.file, path + ".xmp")
    XCTAssertEqual(
      outcome.note,
      "HEIF: its top-level boxes do not fill the file exactly (damaged or truncated); "
        + "written to the sidecar")
    XCTAssertEqual(try bytes(path), damaged)
  }
}
