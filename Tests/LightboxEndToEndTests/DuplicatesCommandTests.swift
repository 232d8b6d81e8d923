import DemoLibrary
@_spi(Decoders) import Decoders
import Foundation
import LightboxTestSupport
import PhotoModel
import Pixels
import XCTest

/// `lightbox duplicates` as a script runs it: files made here (an original with EXIF, a copy,
/// the same picture without its EXIF, a re-encoded half-size version, a burst of two frames,
/// a broken file, a name with an escape sequence), the JSON checked group by group.
final class DuplicatesCommandTests: XCTestCase {
  var work: URL!
  var lightbox: String!
  var library: String!

  override func setUpWithError() throws {
    lightbox = try BuiltProduct.requireLightbox()
    work = BuiltProduct.temporaryDirectory("duplicates")
    library = work.appendingPathComponent("library").path
    try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    try makeLibrary()
  }

  override func tearDown() {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  /// Smooth shaded shapes, different for each seed; `shift` moves them right by that many
  /// pixels (a burst's next frame).
  func scene(seed: UInt64, shift: Int = 0) -> Bitmap {
    var rng = SeededGenerator(seed: seed)
    let width = 320
    let height = 240
    let blobs = (0..<5).map { _ in
      (
        x: Double.random(in: 40...280, using: &rng), y: Double.random(in: 40...200, using: &rng),
        r: Double.random(in: 30...90, using: &rng), c: Double.random(in: 60...250, using: &rng)
      )
    }
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        var value = 40 + 0.3 * Double(x + y)
        for blob in blobs {
          let d =
            ((Double(x - shift) - blob.x) * (Double(x - shift) - blob.x)
            + (Double(y) - blob.y) * (Double(y) - blob.y)).squareRoot()
          if d < blob.r { value = blob.c * (1 - 0.4 * d / blob.r) }
        }
        let i = (y * width + x) * 4
        pixels[i] = UInt8(max(0, min(255, value)))
        pixels[i + 1] = UInt8(max(0, min(255, value * 0.8)))
        pixels[i + 2] = UInt8(max(0, min(255, 255 - value)))
      }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  /// A TIFF block with a camera and a capture time ("2024:08:13 10:22:01", sub-seconds).
  func exif(model: String, time: String, subSeconds: String) -> [UInt8] {
    ExifWriter(
      byteOrder: .bigEndian,
      ifd0: [
        .init(0x010F, .ascii(model.components(separatedBy: " ")[0])), .init(0x0110, .ascii(model)),
      ],
      exif: [.init(0x9003, .ascii(time)), .init(0x9291, .ascii(subSeconds))]
    ).build()
  }

  func write(_ bytes: [UInt8], _ name: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: library + "/" + name))
  }

  func makeLibrary() throws {
    let a = scene(seed: 1)
    let original = try JPEGEncoder.encode(
      a, quality: 90,
      exif: exif(model: "Canon EOS R6", time: "2024:08:13 10:22:01", subSeconds: "10")
    ).get()
    try write(original, "a.jpg")
    try write(original, "copy-of-a.jpg")
    // The same encoding without EXIF (a JFIF header instead): the same image data.
    try write(try JPEGEncoder.encode(a, quality: 90).get(), "stripped.jpg")
    try write(Array(original.prefix(2000)), "broken.jpg")

    let b = scene(seed: 2)
    let bFile = try JPEGEncoder.encode(
      b, quality: 92, exif: exif(model: "NIKON D70", time: "2023:01:02 03:04:05", subSeconds: "0")
    ).get()
    try write(bFile, "b.jpg")
    try write(bFile, "e\u{1B}]0;pwned\u{07}.jpg")
    let half = b.resized(to: PixelSize(width: 160, height: 120))
    try write(try JPEGEncoder.encode(half, quality: 50).get(), "b-small.jpg")

    // Two frames 0.3 s apart from one camera: a burst.
    for (index, subSeconds) in ["100", "400"].enumerated() {
      let frame = try JPEGEncoder.encode(
        scene(seed: 3, shift: index * 3), quality: 90,
        exif: exif(model: "Canon EOS R6", time: "2024:09:01 12:00:00", subSeconds: subSeconds)
      ).get()
      try write(frame, "burst-\(index + 1).jpg")
    }
    try Data("not a photo\n".utf8).write(to: URL(fileURLWithPath: library + "/notes.txt"))
  }

  /// Runs `lightbox duplicates` with `arguments`: exit status, stdout, stderr.
  func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    let out = work.appendingPathComponent("out").path
    let err = work.appendingPathComponent("err").path
    let result = Subprocess.run(
      ["/bin/sh", "-c", "\"$0\" duplicates \"$@\" >\"\(out)\" 2>\"\(err)\"", lightbox] + arguments)
    return (
      result.status, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
      (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
    )
  }

  struct Document: Decodable {
    struct File: Decodable {
      var path: String
      var keeper: Bool?
      var width: Int?
      var bytes: Int64
      var companions: [String]?
    }
    struct Group: Decodable {
      var kind: String
      var files: [File]
    }
    struct Burst: Decodable { var files: [File] }
    struct Problem: Decodable {
      var path: String
      var reason: String
    }
    struct Hash: Decodable {
      var path: String
      var digest: String
      var dhash: String?
    }
    var photos: Int
    var groups: [Group]
    var bursts: [Burst]
    var problems: [Problem]
    var hashes: [Hash]?
  }

  func document(_ arguments: [String]) throws -> Document {
    let result = run(arguments)
    XCTAssertEqual(result.status, 0, result.err)
    var found = try JSONDecoder().decode(Document.self, from: Data(result.out.utf8))
    // Groups come in the photos' time order; by keeper name here, to compare.
    found.groups.sort { $0.files[0].path < $1.files[0].path }
    return found
  }

  /// The file names of each group, in order.
  func names(_ files: [Document.File]) -> [String] {
    files.map { URL(fileURLWithPath: $0.path).lastPathComponent }
  }

  func testExactDuplicatesIgnoreMetadataAndBadFilesAreOneLine() throws {
    let found = try document([library, "--json"])
    XCTAssertEqual(found.photos, 8)
    XCTAssertEqual(found.groups.map(\.kind), ["exact", "exact"])
    // The original, its copy (tie: by path), then the one without camera EXIF.
    XCTAssertEqual(names(found.groups[0].files), ["a.jpg", "copy-of-a.jpg", "stripped.jpg"])
    XCTAssertEqual(found.groups[0].files.map(\.keeper), [true, false, false])
    XCTAssertEqual(names(found.groups[1].files), ["b.jpg", "e\u{1B}]0;pwned\u{07}.jpg"])
    XCTAssertTrue(found.bursts.isEmpty, "bursts need --similar")
    XCTAssertEqual(
      found.problems.map { URL(fileURLWithPath: $0.path).lastPathComponent }, ["broken.jpg"])
    XCTAssertEqual(
      found.problems.first?.reason, "JPEG: ends at byte 2000 before its EOI marker (truncated)")
    XCTAssertNil(found.hashes)
  }

  func testSimilarFindsTheResizedCopyAndListsTheBurstApart() throws {
    let found = try document([library, "--similar", "--json", "--hashes"])
    XCTAssertEqual(found.groups.map(\.kind), ["exact", "similar"])
    XCTAssertEqual(names(found.groups[0].files), ["a.jpg", "copy-of-a.jpg", "stripped.jpg"])
    // Highest resolution first: the half-size re-encode last.
    XCTAssertEqual(
      names(found.groups[1].files), ["b.jpg", "e\u{1B}]0;pwned\u{07}.jpg", "b-small.jpg"])
    XCTAssertEqual(found.groups[1].files.map(\.width), [320, 320, 160])
    XCTAssertEqual(found.bursts.map { names($0.files) }, [["burst-1.jpg", "burst-2.jpg"]])
    let hashes = try XCTUnwrap(found.hashes)
    XCTAssertEqual(hashes.count, 8)
    XCTAssertTrue(hashes.allSatisfy { $0.digest.count == 64 && $0.dhash?.count == 16 })
  }

  func testTextNamesTheKeeperAndShowsNoEscapeSequence() throws {
    let result = run([library, "--similar"])
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertTrue(
      result.out.contains("exact · 3 files\n  keep \(library!)/a.jpg  320×240"), result.out)
    XCTAssertTrue(result.out.contains("burst · 2 frames · Canon EOS R6\n"), result.out)
    XCTAssertTrue(
      result.out.hasSuffix(
        "8 photos: 2 groups (1 exact, 1 similar), 4 files besides the keepers; 1 burst\n"),
      result.out)
    XCTAssertFalse(result.out.contains("\u{1B}"), "a file name's escape sequence reached stdout")
    XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
    XCTAssertTrue(result.err.hasPrefix("lightbox: \(library!)/broken.jpg: JPEG: ends at byte 2000"))
  }

  /// A RAW+JPEG pair copied to another folder is one photo twice: one group of the JPEGs,
  /// each with its RAW beside it, and no group of the RAW files (or of a JPEG with its RAW).
  func testRAWPlusJPEGPairsAreOnePhoto() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let raw = try Data(contentsOf: corpus.appendingPathComponent("raw/Canon_EOS_R6_pruned.CR3"))
    let jpeg = try Data(contentsOf: URL(fileURLWithPath: library + "/b.jpg"))
    for folder in ["card", "backup"] {
      let path = work.appendingPathComponent("pairs/" + folder).path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      try jpeg.write(to: URL(fileURLWithPath: path + "/IMG_0001.JPG"))
      try raw.write(to: URL(fileURLWithPath: path + "/IMG_0001.CR3"))
    }
    let pairs = work.appendingPathComponent("pairs").path
    for arguments in [[pairs, "--json"], [pairs, "--similar", "--json"]] {
      let found = try document(arguments)
      XCTAssertEqual(found.photos, arguments.count == 2 ? 4 : 2, "\(arguments)")
      XCTAssertEqual(found.groups.count, 1, "\(arguments)")
      XCTAssertEqual(
        found.groups.first?.files.map(\.path),
        [pairs + "/backup/IMG_0001.JPG", pairs + "/card/IMG_0001.JPG"])
      XCTAssertEqual(
        found.groups.first?.files.map(\.companions),
        [[pairs + "/backup/IMG_0001.CR3"], [pairs + "/card/IMG_0001.CR3"]])
    }
  }

  func testMissingFolderIsAnError() {
    let result = run([library + "/nope"])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.err.contains("no such file or folder"), result.err)
  }
}
