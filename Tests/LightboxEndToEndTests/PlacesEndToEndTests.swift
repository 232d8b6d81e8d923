import Foundation
import LightboxTestSupport
import Places
import XCTest

/// The corpus's files with positions (a JPEG's EXIF GPS, a MOV's and an MP4's location)
/// show up in the Places collection of the built program, in tmux: countries, then a
/// country's regions, a region's towns, a town's photo, and Esc back up (issue 34).
final class PlacesEndToEndTests: XCTestCase {
  var home: URL!

  /// The corpus files with a position and the country, region and town each is in.
  static let placed: [(file: String, country: String, region: String, town: String)] = [
    ("jpeg-exif/DSCN0010.jpg", "Italy", "Tuscany", "Arezzo"),
    ("video/iPhone6_with-gps.mov", "Israel", "Central District", "Petaẖ Tiqva"),
    ("video/with-gps.mp4", "United Kingdom", "England", "London"),
  ]

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else {
      throw XCTSkip("tmux is not installed: end-to-end tests skipped")
    }
    guard CorpusLocator.corpus != nil else { throw XCTSkip(CorpusLocator.missingMessage) }
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("e2e-places")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  func testTheCorpusFilesWithPositionsAreInPlaces() throws {
    // The table scripts/test installs for the user running the tests.
    let environment = ProcessInfo.processInfo.environment
    guard
      let table = PlaceTableLocation.path(environment: environment, executablePath: nil),
      FileManager.default.fileExists(atPath: table)
    else {
      throw XCTSkip("no place table installed (scripts/places-table installs it)")
    }
    let corpus = try XCTUnwrap(CorpusLocator.corpus)
    let library = home.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    for (file, _, _, _) in Self.placed + [("png-suite/basn2c08.png", "", "", "")] {
      let source = corpus.appendingPathComponent(file)
      try FileManager.default.copyItem(
        at: source, to: library.appendingPathComponent(source.lastPathComponent))
    }
    let tmux = try TmuxSession(
      columns: 120, rows: 36,
      environment: BuiltProduct.privateEnvironment(
        home: home, extra: ["COLORTERM": "truecolor", "LIGHTBOX_PLACES": table]))
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send("\(BuiltProduct.lightbox!) \(library.path); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("4 photos", timeout: 30), tmux.capture())

    // The Places card: the three photos with a place (the PNG has none).
    tmux.send("2")
    XCTAssertNotNil(tmux.waitFor("My Albums"), tmux.capture())
    tmux.send("Right")
    tmux.send("Right")
    XCTAssertNotNil(tmux.waitFor("Places · 3 photos"), tmux.capture())
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("‹ Places +3 countries"), tmux.capture())
    // Each card (a capture may land between two writes of one frame: each is waited for).
    for place in Self.placed {
      XCTAssertNotNil(tmux.waitFor(place.country), "\(place.country):\n\(tmux.capture())")
    }
    // Sorted by name: Israel, Italy, United Kingdom. Into Italy, its region, its town.
    tmux.send("Right")
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("‹ Places › Italy +1 region"), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("Tuscany"), tmux.capture())
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("‹ Places › Italy › Tuscany +1 town"), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("Arezzo"), tmux.capture())
    tmux.send("Enter")
    XCTAssertNotNil(
      tmux.waitFor("‹ Places › Italy › Tuscany › Arezzo +1 photo"), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("DSCN0010.jpg"), "the town's photo:\n\(tmux.capture())")
    // Its place in the info panel.
    tmux.send("i")
    XCTAssertNotNil(tmux.waitFor("Arezzo, Tuscany"), tmux.capture())
    tmux.send("Escape")
    // Esc back up: the towns, the regions, the countries (Italy still selected), the albums.
    tmux.send("Escape")
    XCTAssertNotNil(tmux.waitFor("‹ Places › Italy › Tuscany +1 town"), tmux.capture())
    tmux.send("Escape")
    XCTAssertNotNil(tmux.waitFor("‹ Places › Italy +1 region"), tmux.capture())
    tmux.send("Escape")
    XCTAssertNotNil(tmux.waitFor("Places › Italy · 1 photo"), tmux.capture())
    tmux.send("Left")
    XCTAssertNotNil(tmux.waitFor("Places › Israel · 1 photo"), tmux.capture())
    tmux.send("Escape")
    XCTAssertNotNil(tmux.waitFor("My Albums"), tmux.capture())

    // Search by place, accents folded: "petah" finds Petaẖ Tiqva's movie.
    tmux.send("/")
    XCTAssertNotNil(tmux.waitFor("Search:"), tmux.capture())
    tmux.send("petah", literal: true)
    XCTAssertNotNil(tmux.waitFor("1 photo\\b"), tmux.capture())
    tmux.send("Escape")
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0"), tmux.capture())
  }

  /// The world map of the same files, as text in tmux: m from the Library, the clusters named
  /// in the status line, an arrow to the next, Enter on one and Esc back to the map, Esc to
  /// the Library; then the Map card at the top of Places.
  func testTheWorldMapOfTheCorpusFiles() throws {
    let environment = ProcessInfo.processInfo.environment
    guard
      let table = PlaceTableLocation.path(environment: environment, executablePath: nil),
      FileManager.default.fileExists(atPath: table)
    else {
      throw XCTSkip("no place table installed (scripts/places-table installs it)")
    }
    let corpus = try XCTUnwrap(CorpusLocator.corpus)
    let library = home.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    for (file, _, _, _) in Self.placed + [("png-suite/basn2c08.png", "", "", "")] {
      let source = corpus.appendingPathComponent(file)
      try FileManager.default.copyItem(
        at: source, to: library.appendingPathComponent(source.lastPathComponent))
    }
    let tmux = try TmuxSession(
      columns: 120, rows: 36,
      environment: BuiltProduct.privateEnvironment(
        home: home, extra: ["COLORTERM": "truecolor", "LIGHTBOX_PLACES": table]))
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send(
      "\(BuiltProduct.lightbox!) --graphics halfblock \(library.path); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("4 photos", timeout: 30), tmux.capture())
    // At zoom 0 (3° a column, bins of 24° by 18°) London and Arezzo share a bin; Petaẖ
    // Tiqva is another. The largest is selected.
    tmux.send("m")
    XCTAssertNotNil(tmux.waitFor("Map · zoom 0 · 3 places in 2 clusters"), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("Arezzo and 1 more place · 2 photos"), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("●2"), tmux.capture())
    tmux.send("Right")
    XCTAssertNotNil(tmux.waitFor("Petaẖ Tiqva, Israel · 1 photo"), tmux.capture())
    // Enter: its movie as a grid; Esc: the map again, Petaẖ Tiqva still selected.
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("‹ Petaẖ Tiqva, Israel +1 photo"), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("iPhone6_with-gps.mov"), tmux.capture())
    tmux.send("Escape")
    XCTAssertNotNil(tmux.waitFor("Petaẖ Tiqva, Israel · 1 photo"), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("Map · zoom 0"), tmux.capture())
    // + zooms about it: the header says so.
    tmux.send("+")
    XCTAssertNotNil(tmux.waitFor("Map · zoom 1"), tmux.capture())
    // Esc: the Library's grid again (its hints; the tab bar said Library on the map too).
    tmux.send("Escape")
    let grid = tmux.waitFor("Tab view")
    XCTAssertNotNil(grid, tmux.capture())
    XCTAssertFalse(grid?.contains("Map · zoom") ?? true, grid ?? "")
    // The Map card leads Places. Each arrow waits for the screen it moves on: an arrow sent
    // before the Albums tab's collections are in moves nothing (seen under a loaded CI, where
    // the cursor stayed on Recents).
    tmux.send("2")
    XCTAssertNotNil(tmux.waitFor("My Albums"), tmux.capture())
    tmux.send("Right")
    tmux.send("Right")
    XCTAssertNotNil(tmux.waitFor("Places · 3 photos"), tmux.capture())
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("‹ Places +3 countries"), tmux.capture())
    tmux.send("Left")
    XCTAssertNotNil(tmux.waitFor("Map · 3 photos"), tmux.capture())
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("Map · zoom 0"), tmux.capture())
    tmux.send("Escape")
    XCTAssertNotNil(tmux.waitFor("‹ Places +3 countries"), tmux.capture())
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0"), tmux.capture())
  }
}
