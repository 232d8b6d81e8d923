import Catalog
import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

/// The Duplicates album through the built program in tmux: a library with a corpus JPEG and
/// a copy of it with a comment added (the same image data) is hashed in the background, the
/// pair merged with m (the original's favorite and album go to the keeper, the original to
/// the desktop Trash under XDG_DATA_HOME, its sidecar's tag and stars to the keeper's new
/// sidecar, where a #tag search finds it) and u puts everything back; and a kill -9 at a
/// seeded moment of a merge leaves each photo merged or untouched, none lost, and the
/// keeper's sidecar whole or not there.
final class DuplicatesEndToEndTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else {
      throw XCTSkip("tmux is not installed: end-to-end tests skipped")
    }
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("e2e-duplicates")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  var environment: [String: String] { BuiltProduct.privateEnvironment(home: home) }
  var library: String { home.appendingPathComponent("Pictures").path }
  /// The original (favorite, in "Trip") and its copy, which is the keeper (a larger file
  /// at the same resolution).
  var original: String { library + "/2008/Canon_40D.jpg" }
  var copy: String { library + "/Copies/Canon_40D_copy.jpg" }
  /// The keeper's sidecar, which the merge makes (the copy has none).
  var keeperSidecar: String { copy + ".xmp" }
  var trashFiles: String { home.path + "/data/Trash/files" }
  var trashInfo: String { home.path + "/data/Trash/info" }

  /// Writes the library (the pair and a distinct photo; the original tagged Places/Kyoto
  /// with 4 stars in its sidecar), indexes it, and makes the original a favorite in the
  /// album "Trip". Returns the catalog.
  func makeLibrary(corpus: URL) throws -> Catalog {
    let manager = FileManager.default
    for folder in ["2008", "Copies", "Other"] {
      try manager.createDirectory(
        atPath: library + "/" + folder, withIntermediateDirectories: true)
    }
    let jpeg = try Data(contentsOf: corpus.appendingPathComponent("jpeg-exif/Canon_40D.jpg"))
    try jpeg.write(to: URL(fileURLWithPath: original))
    // A comment segment after SOI: other metadata, the same image data.
    let comment = Array("copied by a messenger".utf8)
    let length = comment.count + 2
    var changed = Data(jpeg.prefix(2))
    changed.append(contentsOf: [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment)
    changed.append(jpeg.dropFirst(2))
    try changed.write(to: URL(fileURLWithPath: copy))
    try manager.copyItem(
      atPath: corpus.appendingPathComponent("jpeg-exif/Nikon_D70.jpg").path,
      toPath: library + "/Other/Nikon_D70.jpg")
    try Data(Self.sidecar.utf8).write(to: URL(fileURLWithPath: original + ".xmp"))
    let indexed = Subprocess.run(
      [BuiltProduct.lightbox!, "index", library], environment: environment)
    XCTAssertEqual(indexed.status, 0, indexed.output)
    let catalog = try Catalog(path: home.path + "/data/lightbox/library.sqlite")
    let originalID = try XCTUnwrap(try catalog.allAssets().first { $0.path == original }?.id)
    _ = try catalog.createAlbum(named: "Trip", adding: [originalID], now: 1)
    try catalog.setFavorite(true, for: [originalID])
    return catalog
  }

  /// The original's sidecar: a tag and 4 stars.
  static let sidecar = """
    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \
    xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" \
    xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
    xmlns:lr="http://ns.adobe.com/lightroom/1.0/" xmp:Rating="4"><dc:subject><rdf:Bag>\
    <rdf:li>Places</rdf:li><rdf:li>Kyoto</rdf:li></rdf:Bag></dc:subject>\
    <lr:hierarchicalSubject><rdf:Bag><rdf:li>Places|Kyoto</rdf:li></rdf:Bag>\
    </lr:hierarchicalSubject></rdf:Description></rdf:RDF></x:xmpmeta>
    """

  /// The keeper's tags and stars as the XMP reader reads its files ("Places/Kyoto 4").
  func keeperTags() -> String {
    let xmp = XMPReader.read(contentsOf: copy).metadata
    return xmp.tagPaths.map { $0.joined(separator: "/") }.joined(separator: ",")
      + " \(xmp.rating ?? 0)"
  }

  /// The keeper's favorite flag and whether "Trip" holds it; nil when it is not listed.
  func keeperState(_ catalog: Catalog) throws -> (favorite: Bool, inTrip: Bool)? {
    guard let keeper = try catalog.allAssets().first(where: { $0.path == copy }) else {
      return nil
    }
    let trip = try catalog.albums().first { $0.name == "Trip" }
    return (keeper.isFavorite, trip?.assetIDs.contains(keeper.id) ?? false)
  }

  func trashed() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: trashFiles)) ?? []).sorted()
  }

  /// The terminal's size: 50 rows show the Utilities row under the Tags card the original's
  /// sidecar brings.
  static let rows = 50

  /// Starts the browser in `tmux` (its pid printed first: the shell is replaced by it).
  func start(_ tmux: TmuxSession) {
    tmux.send(
      "sh -c 'echo $$ >\(home.path)/browser.pid; exec \(BuiltProduct.lightbox!) --graphics "
        + "halfblock \(library)'; "
        + "echo EXIT=$?", literal: true)
    tmux.send("Enter")
  }

  /// From the Albums tab, into the Duplicates album once its card is there.
  func openDuplicates(_ tmux: TmuxSession) {
    XCTAssertNotNil(tmux.waitFor("3 photos", timeout: 30), tmux.capture())
    tmux.send("2")
    XCTAssertNotNil(tmux.waitFor("Duplicates +2", timeout: 60), tmux.capture())
    // Utilities: Imports, Duplicates, Hidden, Recently Deleted: two left of the last card.
    tmux.send("G")
    tmux.send("Left")
    tmux.send("Left")
    XCTAssertNotNil(tmux.waitFor("Duplicates · 2 photos"), tmux.capture())
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("Duplicates  2 photos in 1 group"), tmux.capture())
  }

  func testMergeThePairThenUndoIt() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let catalog = try makeLibrary(corpus: corpus)
    XCTAssertEqual(try keeperState(catalog)?.favorite, false)
    let tmux = try TmuxSession(columns: 110, rows: Self.rows, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    start(tmux)
    openDuplicates(tmux)
    XCTAssertNotNil(tmux.waitFor("» keep"), tmux.capture())
    tmux.send("J")
    XCTAssertNotNil(tmux.waitFor("Merge 2 photos into Canon_40D_copy.jpg\\?"), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("The other one goes to Recently Deleted"), tmux.capture())
    tmux.send("y")
    XCTAssertNotNil(
      tmux.waitFor("Merged 2 photos into Canon_40D_copy.jpg · u undo", timeout: 30),
      tmux.capture())
    XCTAssertNotNil(tmux.waitFor("2 photos "), "the tab bar: 2 photos\n\(tmux.capture())")
    // The original is in the desktop Trash with its .trashinfo; the copy and the other
    // photo stay; the keeper is a favorite in Trip.
    // The catalog's half is journaled first, then the keeper's sidecar is written and the
    // original moved: wait for the whole merge.
    let merged = tmux.waitUntil(timeout: 20) { _ in
      (try? self.keeperState(catalog)?.inTrip) == true && self.trashed() == ["Canon_40D.jpg"]
    }
    XCTAssertNotNil(merged, "the keeper joined Trip and the original is in the Trash")
    XCTAssertFalse(FileManager.default.fileExists(atPath: original))
    XCTAssertEqual(trashed(), ["Canon_40D.jpg"])
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: trashInfo), ["Canon_40D.jpg.trashinfo"])
    XCTAssertTrue(FileManager.default.fileExists(atPath: copy))
    XCTAssertTrue(FileManager.default.fileExists(atPath: library + "/Other/Nikon_D70.jpg"))
    XCTAssertEqual(try keeperState(catalog)?.favorite, true)
    // The original's tag and stars in the keeper's new sidecar, found by a #tag search (the
    // original is in Recently Deleted: the one photo found is the keeper).
    XCTAssertEqual(keeperTags(), "Places/Kyoto 4")
    XCTAssertTrue(FileManager.default.fileExists(atPath: original + ".xmp"))
    tmux.send("/")
    XCTAssertNotNil(tmux.waitFor("Search:"), tmux.capture())
    tmux.send("#kyoto", literal: true)
    XCTAssertNotNil(tmux.waitFor("1 photo\\b"), tmux.capture())
    tmux.send("Escape")

    tmux.send("u")
    XCTAssertNotNil(tmux.waitFor("Merge undone", timeout: 30), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("3 photos"), tmux.capture())
    let undone = tmux.waitUntil(timeout: 20) { _ in
      (try? self.keeperState(catalog)?.inTrip) == false
    }
    XCTAssertNotNil(undone, "the keeper left Trip again")
    XCTAssertTrue(FileManager.default.fileExists(atPath: original), "the original is back")
    XCTAssertEqual(trashed(), [])
    XCTAssertEqual(try keeperState(catalog)?.favorite, false)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: keeperSidecar), "the sidecar the merge made is gone")
    XCTAssertEqual(keeperTags(), " 0")
    let trip = try XCTUnwrap(try catalog.albums().first { $0.name == "Trip" })
    let originalID = try XCTUnwrap(try catalog.allAssets().first { $0.path == original }?.id)
    XCTAssertEqual(trip.assetIDs, [originalID])
    XCTAssertTrue(try catalog.allAssets().first { $0.id == originalID }?.isFavorite == true)
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 20), tmux.capture())
  }

  func testACopyThatArrivesWhileTheBrowserRunsIsHashedAndGrouped() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    _ = try makeLibrary(corpus: corpus)
    // The copy leaves before the browser starts, and comes back while it runs.
    let held = home.appendingPathComponent("held.jpg").path
    try FileManager.default.moveItem(atPath: copy, toPath: held)
    let tmux = try TmuxSession(columns: 110, rows: Self.rows, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    start(tmux)
    XCTAssertNotNil(tmux.waitFor("2 photos", timeout: 30), tmux.capture())
    tmux.send("2")
    // Hashed once indexing is done: no duplicates yet, so no card.
    XCTAssertNotNil(tmux.waitFor("Recently Deleted", timeout: 30), tmux.capture())
    sleep(2)
    XCTAssertNil(tmux.capture().range(of: "Duplicates"), tmux.capture())
    try FileManager.default.moveItem(atPath: held, toPath: copy)
    XCTAssertNotNil(tmux.waitFor("3 photos", timeout: 30), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("Duplicates +2", timeout: 60), tmux.capture())
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 20), tmux.capture())
  }

  func testKillDuringAMergeLeavesEachPhotoMergedOrUntouched() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    var random = SeededGenerator(seed: TestSeed.value)
    var outcomes: [String] = []
    for round in 0..<6 {
      // Each round a library of its own.
      if round > 0 {
        try? FileManager.default.removeItem(at: home)
        home = BuiltProduct.temporaryDirectory("e2e-duplicates")
      }
      // From before the answer is read to after the merge is done.
      let delay = UInt32.random(in: 0...12_000, using: &random)
      outcomes.append(try killRound(corpus: corpus, delay: delay))
    }
    print("kill -9 rounds: \(outcomes) (LIGHTBOX_TEST_SEED=\(TestSeed.value))")
  }

  /// One merge killed `delay` µs after its y; the outcome ("merged" or "untouched").
  func killRound(corpus: URL, delay: UInt32) throws -> String {
    let catalog = try makeLibrary(corpus: corpus)
    let tmux = try TmuxSession(columns: 110, rows: Self.rows, environment: environment)
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    start(tmux)
    // The shell's pid, which exec makes the browser's: from a file, since the browser's
    // screen may cover an echoed line before the test reads it.
    let pidFile = home.path + "/browser.pid"
    let written = tmux.waitUntil(timeout: 20) { _ in
      (try? String(contentsOfFile: pidFile, encoding: .utf8))?.hasSuffix("\n") == true
    }
    XCTAssertNotNil(written, tmux.capture())
    let pid = try XCTUnwrap(
      Int32(
        try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    openDuplicates(tmux)
    tmux.send("J")
    XCTAssertNotNil(tmux.waitFor("Merge 2 photos into"), tmux.capture())
    tmux.send("y")
    usleep(delay)
    kill(pid, SIGKILL)
    let gone = tmux.waitUntil(timeout: 20) { _ in Glibc.kill(pid, 0) != 0 }
    XCTAssertNotNil(gone, "the browser was killed")
    tmux.kill()

    // The next start (a fresh terminal) finishes a journaled merge, or there was none.
    let again = try TmuxSession(columns: 110, rows: Self.rows, environment: environment)
    defer { again.kill() }
    XCTAssertNotNil(again.waitFor("e2e\\$"))
    start(again)
    XCTAssertNotNil(again.waitFor("[23] photos", timeout: 30), again.capture())
    let settled = again.waitUntil(timeout: 20) { _ in
      let inTrash = self.trashed() == ["Canon_40D.jpg"]
      let inPlace = FileManager.default.fileExists(atPath: self.original)
      return inTrash != inPlace && (try? catalog.pendingMerges().isEmpty) == true
    }
    XCTAssertNotNil(settled, "the original is in the Trash or in place, not both or neither")
    again.send("q")
    XCTAssertNotNil(again.waitFor("EXIT=0", timeout: 20), again.capture())
    let keeper = try XCTUnwrap(try keeperState(catalog), "the keeper is never touched")
    XCTAssertTrue(FileManager.default.fileExists(atPath: copy))
    if trashed() == ["Canon_40D.jpg"] {
      // Merged: the keeper has the original's favorite and album.
      XCTAssertTrue(keeper.favorite && keeper.inTrip, "merged: \(keeper)")
      XCTAssertEqual(keeperTags(), "Places/Kyoto 4", "merged: the keeper's sidecar whole")
      XCTAssertFalse(FileManager.default.fileExists(atPath: original))
      XCTAssertEqual(try catalog.pendingMerges(), [])
    } else {
      // Untouched: as it was before m.
      XCTAssertFalse(keeper.favorite || keeper.inTrip, "untouched: \(keeper)")
      XCTAssertFalse(FileManager.default.fileExists(atPath: keeperSidecar), "untouched")
      XCTAssertTrue(FileManager.default.fileExists(atPath: original))
      XCTAssertEqual(trashed(), [])
    }
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
    return "\(trashed().isEmpty ? "untouched" : "merged") after \(delay) µs"
  }
}
