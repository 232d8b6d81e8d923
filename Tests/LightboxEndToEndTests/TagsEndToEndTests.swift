import Foundation
import LightboxTestSupport
import XCTest

/// Tags from the browser, through the built program in tmux (issue 37): two marked photos
/// tagged with t (written to their sidecars), found by `#kyoto` in the Search tab, and found
/// again after quitting and opening the library anew (the tags come back from the catalog
/// and the sidecars).
final class TagsEndToEndTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else {
      throw XCTSkip("tmux is not installed: end-to-end tests skipped")
    }
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("e2e-tags")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  func testTwoMarkedPhotosTaggedAreFoundBeforeAndAfterReopening() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let library = home.appendingPathComponent("Pictures").path
    let manager = FileManager.default
    try manager.createDirectory(atPath: library, withIntermediateDirectories: true)
    let names = ["Canon_40D.jpg", "Nikon_D70.jpg", "DSCN0010.jpg"]
    var originals: [String: Data] = [:]
    for name in names {
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
    let command = "\(BuiltProduct.lightbox!) --graphics halfblock \(library); echo EXIT=$?"
    tmux.send(command, literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("3 photos", timeout: 30), tmux.capture())
    // Mark the two newest, then t: a tag with two levels.
    tmux.send("v")
    tmux.send("Left")
    tmux.send("v")
    XCTAssertNotNil(tmux.waitFor("2 photos marked"), tmux.capture())
    tmux.send("t")
    XCTAssertNotNil(tmux.waitFor("Tag 2 photos"), tmux.capture())
    tmux.send("Trips/Kyoto", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(
      tmux.waitFor("Tagged Trips/Kyoto · 2 photos · u undo", timeout: 30), tmux.capture())
    let sidecars = names.filter { manager.fileExists(atPath: library + "/" + $0 + ".xmp") }
    XCTAssertEqual(sidecars.count, 2, "two sidecars written: \(sidecars)")
    for (name, data) in originals {
      XCTAssertEqual(
        try Data(contentsOf: URL(fileURLWithPath: library + "/" + name)), data,
        "\(name): the photo itself untouched")
    }
    // Found by the tag's last level.
    tmux.send("/")
    XCTAssertNotNil(tmux.waitFor("Search:"), tmux.capture())
    tmux.send("#kyoto", literal: true)
    XCTAssertNotNil(tmux.waitFor("2 photos\\b"), tmux.capture())
    let found = tmux.capture()
    tmux.send("Escape")
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 20), tmux.capture())
    XCTAssertTrue(found.contains("#kyoto"), found)

    // Opened again: the tags are there (the catalog's, and the sidecars').
    tmux.send("clear", literal: true)
    tmux.send("Enter")
    tmux.send(command, literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("3 photos", timeout: 30), tmux.capture())
    tmux.send("/")
    XCTAssertNotNil(tmux.waitFor("Search:"), tmux.capture())
    tmux.send("tag:trips/kyoto", literal: true)
    XCTAssertNotNil(tmux.waitFor("2 photos\\b"), tmux.capture())
    tmux.send("Escape")
    // And in the Albums tab's Tags.
    tmux.send("2")
    XCTAssertNotNil(tmux.waitFor("My Albums"), tmux.capture())
    tmux.send("Right")
    tmux.send("Right")
    XCTAssertNotNil(tmux.waitFor("Tags · 2 photos"), tmux.capture())
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 20), tmux.capture())
  }
}
