import Foundation
@_spi(Decoders) import Decoders
import LightboxTestSupport
import PhotoModel
import XCTest

/// `lightbox thumbnails` as a user runs it: the cache is filled, the summary line is right,
/// `--size` picks the folder and the pixel size, `--jobs` changes nothing but the speed.
final class ThumbnailsCommandTests: XCTestCase {
  var work: URL!
  var lightbox: String!

  override func setUpWithError() throws {
    lightbox = try BuiltProduct.requireLightbox()
    work = BuiltProduct.temporaryDirectory("thumbnails")
  }

  override func tearDown() {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  /// A library of `photos` demo JPEGs (800×600), one file that is not an image and one
  /// JPEG that cannot be decoded.
  func makeLibrary(photos: Int) throws -> String {
    let library = work.appendingPathComponent("library").path
    let made = Subprocess.run([
      lightbox, "demo", "--no-browse", "--count", "\(photos)", "--library", library,
    ])
    XCTAssertEqual(made.status, 0, made.output)
    try Data("just text\n".utf8).write(to: URL(fileURLWithPath: library + "/notes.txt"))
    // SOI, then a truncated APP0: a JPEG by its magic bytes that no decoder can read.
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46]).write(
      to: URL(fileURLWithPath: library + "/broken.jpg"))
    return library
  }

  /// The numbers of the summary line, or nil when it is not there.
  func summary(_ output: String) -> (
    total: Int, made: Int, reused: Int, failed: Int, skipped: Int, folder: String
  )? {
    let pattern =
      #"thumbnails: (\d+) files: (\d+) made, (\d+) reused, (\d+) failed, (\d+) skipped in [0-9.]+ s \(\d+ files/s\) → (\S+)"#
    guard let regex = try? NSRegularExpression(pattern: pattern),
      let match = regex.firstMatch(in: output, range: NSRange(output.startIndex..., in: output))
    else { return nil }
    let field = { (i: Int) in String(output[Range(match.range(at: i), in: output)!]) }
    return (
      Int(field(1))!, Int(field(2))!, Int(field(3))!, Int(field(4))!, Int(field(5))!, field(6)
    )
  }

  /// The PNGs in a folder and the largest side of each.
  func thumbnails(in folder: String) throws -> [String: Int] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var sides: [String: Int] = [:]
    for name in names where name.hasSuffix(".png") {
      let options = DecodeOptions(target: PixelSize(width: 4096, height: 4096))
      let bitmap = try ImageDecoder.decode(path: folder + "/" + name, options: options).get()
      sides[name] = max(bitmap.width, bitmap.height)
    }
    return sides
  }

  func testFillsTheCacheThenReusesIt() throws {
    let library = try makeLibrary(photos: 6)
    let cache = work.appendingPathComponent("cache").path
    let first = Subprocess.run([
      lightbox, "thumbnails", library, "--cache", cache, "--size", "128", "--jobs", "1",
    ])
    XCTAssertEqual(first.status, 0, first.output)
    guard let counts = summary(first.output) else {
      return XCTFail("no summary line:\n\(first.output)")
    }
    // 6 photos + the text file + the broken JPEG.
    XCTAssertEqual(counts.total, 8)
    XCTAssertEqual(counts.made, 6)
    XCTAssertEqual(counts.failed, 1)
    XCTAssertEqual(counts.skipped, 1)
    XCTAssertEqual(counts.folder, cache + "/normal")
    let made = try thumbnails(in: cache + "/normal")
    XCTAssertEqual(made.count, 6)
    XCTAssertEqual(Set(made.values), [128], "normal thumbnails are 128 px on the long side")
    let failures =
      (try? FileManager.default.contentsOfDirectory(atPath: cache + "/fail/lightbox-1.0")) ?? []
    XCTAssertEqual(failures.count, 1, "one failure entry for the broken JPEG")

    // Again with two jobs: nothing is made, everything is found.
    let second = Subprocess.run([
      lightbox, "thumbnails", library, "--cache", cache, "--size", "128", "--jobs", "2",
    ])
    XCTAssertEqual(second.status, 0, second.output)
    guard let again = summary(second.output) else {
      return XCTFail("no summary line:\n\(second.output)")
    }
    XCTAssertEqual(again.made, 0)
    XCTAssertEqual(again.reused, 6)
    XCTAssertEqual(again.failed, 1)
    XCTAssertEqual(try thumbnails(in: cache + "/normal"), made)
  }

  func testSizeAndJobsGiveTheSameThumbnails() throws {
    let library = try makeLibrary(photos: 5)
    var files: [[String: Int]] = []
    for jobs in [1, 3] {
      let cache = work.appendingPathComponent("cache-\(jobs)").path
      let run = Subprocess.run([
        lightbox, "thumbnails", library, "--cache", cache, "--size", "512", "--jobs", "\(jobs)",
      ])
      XCTAssertEqual(run.status, 0, run.output)
      XCTAssertEqual(summary(run.output)?.made, 5, run.output)
      XCTAssertEqual(summary(run.output)?.folder, cache + "/x-large")
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: cache + "/large"), "only the asked size")
      let sides = try thumbnails(in: cache + "/x-large")
      // The demo photos are 800×600: 512 px on the long side.
      XCTAssertEqual(Set(sides.values), [512])
      files.append(sides)
    }
    XCTAssertEqual(files[0].keys.sorted(), files[1].keys.sorted(), "the same files, named by URI")
  }

  func testRefusesBadSizesAndJobs() throws {
    for arguments in [["--size", "200"], ["--jobs", "0"]] {
      let run = Subprocess.run(
        [lightbox, "thumbnails", work.path, "--cache", work.path + "/c"] + arguments)
      XCTAssertNotEqual(run.status, 0, arguments.joined(separator: " "))
      XCTAssertTrue(run.output.contains(arguments[0]), run.output)
      XCTAssertFalse(FileManager.default.fileExists(atPath: work.path + "/c"), "nothing written")
    }
  }

  func testSkippedFilesAreListedWithTheirReasons() throws {
    let library = work.appendingPathComponent("skips").path
    try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    for i in 0..<24 {
      try Data("note \(i)\n".utf8).write(to: URL(fileURLWithPath: library + "/note\(i).txt"))
    }
    // An ISO-BMFF head with an MP4 brand and no movie box: a video, tried and failed (one
    // line), not skipped.
    var video: [UInt8] = [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 0, 0]
    video += Array("isomiso2".utf8)
    try Data(video).write(to: URL(fileURLWithPath: library + "/clip.bin"))
    let cache = work.appendingPathComponent("cache").path
    let run = Subprocess.run([lightbox, "thumbnails", library, "--cache", cache])
    XCTAssertEqual(run.status, 0, run.output)
    XCTAssertEqual(summary(run.output)?.skipped, 24, run.output)
    XCTAssertEqual(summary(run.output)?.failed, 1, run.output)
    let listed = run.output.split(separator: "\n").filter { $0.hasPrefix("lightbox: skipped ") }
    XCTAssertEqual(listed.count, 20, run.output)
    XCTAssertTrue(
      run.output.contains("lightbox: …and 4 more skipped (--verbose lists them all)"), run.output)
    XCTAssertTrue(
      run.output.contains(": not an image Lightbox recognises"), run.output)

    let verbose = Subprocess.run([lightbox, "thumbnails", library, "--cache", cache, "--verbose"])
    let all = verbose.output.split(separator: "\n").filter { $0.hasPrefix("lightbox: skipped ") }
    XCTAssertEqual(all.count, 24, verbose.output)
    XCTAssertFalse(verbose.output.contains("more skipped"), verbose.output)
  }
}
