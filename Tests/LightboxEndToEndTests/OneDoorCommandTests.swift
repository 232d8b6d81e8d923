import Foundation
import LightboxTestSupport
import XCTest

/// Every command decodes a risky format through the sandboxed worker: a file whose decoder
/// crashes (the worker's test hook) costs that file one line, and the command goes on with
/// the others and exits normally — with each graphics protocol of `show`, with `export` and
/// with `thumbnails` and `duplicates --similar`. Before the one door, `show --graphics kitty` and `iterm2` decoded in
/// their own process and died with the decoder.
final class OneDoorCommandTests: XCTestCase {
  var lightbox: String!
  var home: URL!
  var crash: String!
  var photo: String!

  override func setUpWithError() throws {
    lightbox = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("one-door")
    let library = home.appendingPathComponent("library").path
    photo = try IndexCommandTests.writePhotos(1, in: library)[0]
    crash = library + "/crash.webp"
    // A WebP header, then the marker the worker's test hooks abort on.
    let body = Array("WEBPLIGHTBOX-TEST-ABORT".utf8)
    let size = UInt32(body.count)
    try Data(
      Array("RIFF".utf8) + [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: size >> $0) } + body
    ).write(to: URL(fileURLWithPath: crash))
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  var environment: [String: String] {
    BuiltProduct.privateEnvironment(home: home, extra: ["LIGHTBOX_TEST_DECODER_HOOKS": "1"])
  }

  /// Runs `arguments` and checks the crash is one line and the command ended by itself.
  func runWithCrashingFile(_ arguments: [String], status: Int32 = 1) -> String {
    let result = Subprocess.run([lightbox] + arguments, environment: environment)
    XCTAssertLessThan(result.status, 128, "killed by signal \(result.status - 128)")
    XCTAssertEqual(result.status, status, result.output)
    let lines = result.output.split(separator: "\n").filter { $0.contains("crash.webp") }
    XCTAssertEqual(lines.count, 1, result.output)
    XCTAssertTrue(
      lines.first?.contains("decoder crashed on crash.webp") ?? false,
      "the worker's crash, not a decode in this process:\n\(result.output)")
    return result.output
  }

  func testShowWithKittyGraphics() {
    let output = runWithCrashingFile(["show", "--graphics", "kitty", crash, photo])
    XCTAssertTrue(output.contains("\u{1B}_G"), "the JPEG is still drawn")
  }

  func testShowWithITerm2Images() {
    let output = runWithCrashingFile(["show", "--graphics", "iterm2", crash, photo])
    XCTAssertTrue(output.contains("]1337;File="), "the JPEG is still drawn")
  }

  func testShowWithSixel() {
    let output = runWithCrashingFile(["show", "--graphics", "sixel", crash, photo])
    XCTAssertTrue(output.contains("\u{1B}P"), "the JPEG is still drawn")
  }

  func testShowWithHalfBlocks() {
    let output = runWithCrashingFile(["show", "--graphics", "halfblock", crash, photo])
    XCTAssertTrue(output.contains("▀"), "the JPEG is still drawn")
  }

  func testExport() throws {
    let out = home.appendingPathComponent("out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    _ = runWithCrashingFile(["export", "--size", "64", out, crash, photo])
    let written = try FileManager.default.contentsOfDirectory(atPath: out).filter {
      !$0.hasPrefix(".")  // the export marker
    }
    XCTAssertEqual(written.count, 1, "the JPEG is exported: \(written)")
  }

  func testThumbnails() throws {
    let cache = home.appendingPathComponent("thumbs").path
    // A batch ends with 0 whatever failed (its summary counts them), as before.
    _ = runWithCrashingFile(["thumbnails", "--cache", cache, crash, photo], status: 0)
    let made = FileManager.default.subpaths(atPath: cache)?.filter { $0.hasSuffix(".png") } ?? []
    XCTAssertTrue(made.contains { !$0.hasPrefix("fail/") }, "the JPEG's thumbnail: \(made)")
  }

  func testDuplicatesSimilar() throws {
    // The picture is decoded for its perceptual hash; the file is still hashed for exact
    // duplicates, so it stays in the count.
    let library = home.appendingPathComponent("library").path
    let output = runWithCrashingFile(["duplicates", "--similar", library], status: 0)
    XCTAssertTrue(output.contains("not compared by looks: decoder crashed on"), output)
    XCTAssertTrue(output.contains("2 photos: 0 groups"), output)
  }
}
