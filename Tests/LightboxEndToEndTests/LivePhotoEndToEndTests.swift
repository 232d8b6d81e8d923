import Foundation
import LightboxTestSupport
import XCTest

/// A Live Photo through the built program in tmux: the corpus's iPhone movie and a still of
/// its name taken a second later count as one photo with a LIVE badge; `d` moves both files
/// to the Trash, `u` brings both back, and so does `r` in Recently Deleted.
final class LivePhotoEndToEndTests: XCTestCase {
  var home: URL!
  var library = ""

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed: skipped") }
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("live")
    library = home.appendingPathComponent("library").path
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  var environment: [String: String] { BuiltProduct.privateEnvironment(home: home) }

  /// `bytes` with every EXIF date ("YYYY:MM:DD HH:MM:SS\0") set to `date` and every offset
  /// ("+HH:MM\0") set to `offset`: a demo photo retaken at another time.
  static func redated(_ bytes: [UInt8], date: String, offset: String) -> [UInt8] {
    var out = bytes
    func matches(_ at: Int, _ shape: String) -> Bool {
      guard at + shape.utf8.count < out.count, out[at + shape.utf8.count] == 0 else { return false }
      for (i, c) in shape.utf8.enumerated() {
        let b = out[at + i]
        // 9 stands for a digit, + for either sign.
        let digit = c == UInt8(ascii: "9") && (0x30...0x39).contains(b)
        let sign = c == UInt8(ascii: "+") && b == UInt8(ascii: "-")
        if !(digit || sign || c == b) { return false }
      }
      return true
    }
    for at in out.indices {
      if matches(at, "9999:99:99 99:99:99") {
        out.replaceSubrange(at..<at + 19, with: Array(date.utf8))
      } else if matches(at, "+99:99") {
        out.replaceSubrange(at..<at + 6, with: Array(offset.utf8))
      }
    }
    return out
  }

  /// The status line (the last non-blank line).
  func status(_ screen: String) -> String {
    screen.split(separator: "\n").map(String.init)
      .last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
  }

  func testALivePhotoIsOnePhotoAndBothFilesGoToTheTrashAndBack() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let made = Subprocess.run(
      [BuiltProduct.lightbox!, "demo", "--no-browse", "--count", "8", "--library", library],
      environment: environment)
    XCTAssertEqual(made.status, 0, made.output)
    // The movie says 2019-07-24 11:25:40 +03:00 (Apple's creation date); the still a second
    // later, in the same folder under the same name.
    let folder = library + "/live"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let movie = folder + "/IMG_0001.MOV"
    let still = folder + "/IMG_0001.JPG"
    try FileManager.default.copyItem(
      atPath: corpus.appendingPathComponent("video/iPhone6_with-gps.mov").path, toPath: movie)
    let demo = try XCTUnwrap(
      FileManager.default.enumerator(atPath: library)?.compactMap { $0 as? String }
        .first { $0.hasSuffix(".JPG") && !$0.hasPrefix("live") })
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: library + "/" + demo)))
    let redated = Self.redated(bytes, date: "2019:07:24 11:25:41", offset: "+03:00")
    XCTAssertNotEqual(redated, bytes, "the demo photo has EXIF dates to change")
    try Data(redated).write(to: URL(fileURLWithPath: still))

    let tmux = try TmuxSession(columns: 110, rows: 34, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send("\(BuiltProduct.lightbox!) \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    // Ten files, nine photos: the pair counts once.
    XCTAssertNotNil(tmux.waitFor("\\b9 photos", timeout: 30), tmux.capture())
    tmux.send("g")
    guard let first = tmux.waitFor("IMG_0001\\.JPG .*LIVE") else {
      return XCTFail("the oldest photo is not the Live Photo:\n\(tmux.capture())")
    }
    XCTAssertTrue(first.contains("LIVE"), first)
    XCTAssertFalse(first.contains("IMG_0001.MOV"), first)

    // d: both files to the Trash; u: both back.
    tmux.send("d")
    XCTAssertNotNil(tmux.waitFor("IMG_0001.JPG moved to Recently Deleted"), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("\\b8 photos"), tmux.capture())
    let trashInfo = home.appendingPathComponent("data/Trash/info").path
    XCTAssertNotNil(
      tmux.waitUntil { _ in
        (try? FileManager.default.contentsOfDirectory(atPath: trashInfo).count) == 2
      }, "two .trashinfo files")
    // Each .trashinfo is written before its file moves: wait for the moves too (a loaded
    // machine saw the still checked between the two).
    XCTAssertNotNil(
      tmux.waitUntil { _ in
        !FileManager.default.fileExists(atPath: still)
          && !FileManager.default.fileExists(atPath: movie)
      }, "both files moved out of the library")
    tmux.send("u")
    XCTAssertNotNil(tmux.waitFor("IMG_0001.JPG restored"), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("\\b9 photos"), tmux.capture())
    XCTAssertNotNil(
      tmux.waitUntil { _ in
        FileManager.default.fileExists(atPath: still)
          && FileManager.default.fileExists(atPath: movie)
      }, "both files back where they were")

    // Again, then r on the still in Recently Deleted brings the movie back with it.
    tmux.send("g")
    XCTAssertNotNil(tmux.waitFor("IMG_0001\\.JPG .*LIVE"), tmux.capture())
    tmux.send("d")
    XCTAssertNotNil(tmux.waitFor("\\b8 photos"), tmux.capture())
    tmux.send("2")
    tmux.send("G")
    XCTAssertNotNil(tmux.waitFor("Recently Deleted +2"), tmux.capture())
    tmux.send("Enter")
    tmux.send("g")
    guard var screen = tmux.waitFor("days left(.|\\n)*IMG_0001") else {
      return XCTFail("the pair is not in Recently Deleted:\n\(tmux.capture())")
    }
    if !status(screen).hasPrefix(" IMG_0001.JPG") && !status(screen).hasPrefix("IMG_0001.JPG") {
      tmux.send("l")
      screen = tmux.waitUntil { self.status($0).contains("IMG_0001.JPG") } ?? tmux.capture()
    }
    XCTAssertTrue(status(screen).contains("IMG_0001.JPG"), screen)
    tmux.send("r")
    XCTAssertNotNil(tmux.waitFor("IMG_0001.JPG restored"), tmux.capture())
    tmux.send("1")
    XCTAssertNotNil(tmux.waitFor("\\b9 photos"), tmux.capture())
    XCTAssertNotNil(
      tmux.waitUntil { _ in
        FileManager.default.fileExists(atPath: still)
          && FileManager.default.fileExists(atPath: movie)
      }, "both files back after r")
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 20), tmux.capture())
  }
}
