import Catalog
import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

/// Albums, favorites, delete and restore, and search, through the built program in tmux.
final class AlbumsEndToEndTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else {
      throw XCTSkip("tmux is not installed: end-to-end tests skipped")
    }
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("e2e-albums")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  var environment: [String: String] {
    BuiltProduct.privateEnvironment(home: home, extra: ["COLORTERM": "truecolor"])
  }

  /// The status line (the last non-blank line).
  func status(_ screen: String) -> String {
    screen.split(separator: "\n").map(String.init)
      .last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
  }

  func testMakeAnAlbumFavoriteDeleteRestoreAndSearch() throws {
    let library = home.appendingPathComponent("library").path
    let made = Subprocess.run(
      [BuiltProduct.lightbox!, "demo", "--no-browse", "--count", "40", "--library", library],
      environment: environment)
    XCTAssertEqual(made.status, 0, made.output)
    let indexed = Subprocess.run(
      [BuiltProduct.lightbox!, "index", library], environment: environment)
    XCTAssertEqual(indexed.status, 0, indexed.output)
    let catalog = try Catalog(path: home.path + "/data/lightbox/library.sqlite")
    let photos = try catalog.allAssets()
    XCTAssertEqual(photos.count, 40)
    let from2024 = photos.filter { $0.captureDate.year == 2024 }.count
    XCTAssertGreaterThan(from2024, 0, "the demo library spans 2024")

    let tmux = try TmuxSession(columns: 110, rows: 34, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send("\(BuiltProduct.lightbox!) \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("40 photos", timeout: 30), tmux.capture())

    // A new album from the Albums tab.
    tmux.send("2")
    XCTAssertNotNil(tmux.waitFor("My Albums"), tmux.capture())
    tmux.send("n")
    XCTAssertNotNil(tmux.waitFor("New album"), tmux.capture())
    tmux.send("Trip", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("Trip +0"), "the album card with 0 photos:\n\(tmux.capture())")

    // Two photos added from the Library with the picker.
    tmux.send("1")
    XCTAssertNotNil(tmux.waitFor("\\[All\\]"))
    for _ in 0..<2 {
      tmux.send("a")
      XCTAssertNotNil(tmux.waitFor("New album…"), tmux.capture())
      tmux.send("Down")
      tmux.send("Enter")
      XCTAssertNotNil(tmux.waitFor("added to “Trip”"), tmux.capture())
      tmux.send("Left")
    }

    // A favorite: the heart count in the tab bar follows.
    tmux.send("f")
    XCTAssertNotNil(
      tmux.waitFor("♦ 1\\b"), "the Favorites count did not change:\n\(tmux.capture())")

    // Delete the selected photo: the library has one fewer.
    let beforeDelete = tmux.capture()
    let deletedName =
      status(beforeDelete).split(separator: " ").first { $0 != "♦" }.map(String.init) ?? ""
    let deletedPath = try XCTUnwrap(photos.first { $0.fileName == deletedName }?.path, deletedName)
    tmux.send("d")
    XCTAssertNotNil(tmux.waitFor("moved to Recently Deleted"), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("39 photos"), tmux.capture())
    let trash = home.appendingPathComponent("data/Trash")
    let info = try FileManager.default.contentsOfDirectory(
      atPath: trash.appendingPathComponent("info").path)
    XCTAssertEqual(info.count, 1, "one .trashinfo in the home Trash")

    // In Recently Deleted, then restored.
    tmux.send("2")
    XCTAssertNotNil(tmux.waitFor("Trip +2"), "the album holds the two photos:\n\(tmux.capture())")
    XCTAssertFalse(FileManager.default.fileExists(atPath: deletedPath), "the file left the library")
    tmux.send("G")
    XCTAssertNotNil(tmux.waitFor("Recently Deleted +1"), tmux.capture())
    tmux.send("Enter")
    // The grid and the status line may be captured between two writes of one frame: wait
    // for the photo's name in the status line as well as the tile's countdown.
    let named = "days left(.|\\n)*" + NSRegularExpression.escapedPattern(for: deletedName)
    guard let deleted = tmux.waitFor(named) else {
      return XCTFail("\(deletedName) is not in Recently Deleted:\n\(tmux.capture())")
    }
    XCTAssertTrue(deleted.contains("30 days left"), deleted)
    tmux.send("r")
    XCTAssertNotNil(tmux.waitFor("restored"), tmux.capture())
    tmux.send("1")
    XCTAssertNotNil(tmux.waitFor("40 photos"), tmux.capture())
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: deletedPath), "the file is back where it was")

    // Search "2024" finds the 2024 photos.
    tmux.send("/")
    XCTAssertNotNil(tmux.waitFor("Search:"), tmux.capture())
    tmux.send("2024", literal: true)
    XCTAssertNotNil(
      tmux.waitFor("\(from2024) photos?\\b"), "expected \(from2024) results:\n\(tmux.capture())")

    tmux.send("Escape")
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 20), tmux.capture())
  }
}
