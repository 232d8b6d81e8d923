import Foundation
import LightboxTestSupport
import XCTest

/// Fixing dates from the browser, through the built program in tmux: two marked photos moved
/// a day later in their files with T, then moved back with u, the files byte for byte as they
/// were (issue 37).
final class DateAdjustEndToEndTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else {
      throw XCTSkip("tmux is not installed: end-to-end tests skipped")
    }
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("e2e-dates")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  func testTwoMarkedPhotosMoveADayLaterAndUMovesThemBack() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let library = home.appendingPathComponent("Pictures").path
    let manager = FileManager.default
    try manager.createDirectory(atPath: library, withIntermediateDirectories: true)
    var originals: [String: Data] = [:]
    for name in ["Canon_40D.jpg", "Nikon_D70.jpg"] {
      let target = library + "/" + name
      try manager.copyItem(
        atPath: corpus.appendingPathComponent("jpeg-exif/" + name).path, toPath: target)
      chmod(target, 0o644)
      originals[name] = try Data(contentsOf: URL(fileURLWithPath: target))
    }
    let environment = BuiltProduct.privateEnvironment(home: home)
    let tmux = try TmuxSession(columns: 110, rows: 30, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send(
      "\(BuiltProduct.lightbox!) --graphics halfblock \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("2 photos", timeout: 30), tmux.capture())
    // Mark both (the newest is selected), then T: the prompt holds the earlier one's date.
    tmux.send("v")
    tmux.send("Left")
    tmux.send("v")
    XCTAssertNotNil(tmux.waitFor("2 photos marked"), tmux.capture())
    tmux.send("T")
    XCTAssertNotNil(tmux.waitFor("Adjust the date of 2 photos"), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("2008-03-15 09:52:01"), tmux.capture())
    tmux.send("C-u")
    tmux.send("+1d", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(
      tmux.waitFor("Dates of 2 photos moved \\+1 d · u undo", timeout: 30), tmux.capture())
    for name in originals.keys {
      let now = try Data(contentsOf: URL(fileURLWithPath: library + "/" + name))
      XCTAssertNotEqual(now, originals[name], "\(name) changed")
      XCTAssertEqual(now.count, originals[name]?.count, "\(name): the same length")
    }
    tmux.send("u")
    XCTAssertNotNil(tmux.waitFor("Dates of 2 photos moved back", timeout: 30), tmux.capture())
    for (name, data) in originals {
      XCTAssertEqual(
        try Data(contentsOf: URL(fileURLWithPath: library + "/" + name)), data,
        "\(name) byte for byte after u")
    }
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 20), tmux.capture())
  }
}
