import Foundation
import LightboxTestSupport
import XCTest

/// Importing a camera card from the browser, through the built program in tmux: the card is
/// offered in the status line, I shows its photos (those in the library dimmed), Enter and y
/// import the marked ones, the photos appear in the library as they land, and a second look
/// offers nothing; with d, the card's copies of the imported photos are deleted (issue 36).
final class CardImportEndToEndTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else {
      throw XCTSkip("tmux is not installed: end-to-end tests skipped")
    }
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("e2e-card")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  func testACardIsOfferedImportedAndItsPhotosAppear() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let library = home.appendingPathComponent("Pictures").path
    let card = home.appendingPathComponent("EOS_DIGITAL").path
    let manager = FileManager.default
    try manager.createDirectory(atPath: card + "/DCIM/100CANON", withIntermediateDirectories: true)
    try manager.createDirectory(atPath: library, withIntermediateDirectories: true)
    for name in ["Canon_40D.jpg", "Nikon_D70.jpg"] {
      try manager.copyItem(
        atPath: corpus.appendingPathComponent("jpeg-exif/" + name).path,
        toPath: card + "/DCIM/100CANON/" + name)
    }
    try manager.copyItem(
      atPath: corpus.appendingPathComponent("jpeg-exif/canon_hdr_NO.jpg").path,
      toPath: library + "/canon_hdr_NO.jpg")
    let cardBefore = try manager.subpathsOfDirectory(atPath: card).sorted()
    let environment = BuiltProduct.privateEnvironment(
      home: home, extra: ["LIGHTBOX_IMPORT_SOURCES": card])

    let tmux = try TmuxSession(columns: 110, rows: 30, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send(
      "\(BuiltProduct.lightbox!) --graphics halfblock \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("1 photo", timeout: 30), tmux.capture())
    XCTAssertNotNil(
      tmux.waitFor("I import 2 new from EOS_DIGITAL", timeout: 30), tmux.capture())
    tmux.send("I")
    // The import view: the card's two photos, both new and marked.
    XCTAssertNotNil(tmux.waitFor("2 of 2 new marked"), tmux.capture())
    XCTAssertTrue(tmux.capture().contains("Import from EOS_DIGITAL"), tmux.capture())
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("Import 2 new photos from EOS_DIGITAL"), tmux.capture())
    tmux.send("y")
    XCTAssertNotNil(tmux.waitFor("Imported 2 photos", timeout: 30), tmux.capture())
    // The watcher brings the copies into the library.
    XCTAssertNotNil(tmux.waitFor("3 photos", timeout: 30), tmux.capture())
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 20), tmux.capture())

    XCTAssertTrue(manager.fileExists(atPath: library + "/2008/2008-05-30/Canon_40D.jpg"))
    XCTAssertTrue(manager.fileExists(atPath: library + "/2008/2008-03-15/Nikon_D70.jpg"))
    XCTAssertEqual(
      manager.contents(atPath: library + "/2008/2008-05-30/Canon_40D.jpg"),
      manager.contents(atPath: card + "/DCIM/100CANON/Canon_40D.jpg"), "byte for byte")
    XCTAssertEqual(
      try manager.subpathsOfDirectory(atPath: card).sorted(), cardBefore, "card unchanged")

    // Opened again: everything on the card is in the library, nothing is offered.
    tmux.send(
      "\(BuiltProduct.lightbox!) --graphics halfblock \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("3 photos", timeout: 30), tmux.capture())
    Thread.sleep(forTimeInterval: 4)  // more than one look of the card watcher
    XCTAssertFalse(tmux.capture().contains("I import"), tmux.capture())
    tmux.send("q")
  }

  /// One of two new photos unmarked, d on, Enter, y: only the marked photo is imported and
  /// only its file leaves the card; the unmarked one and the one the library had stay.
  func testTheMarkedPhotoIsImportedAndOnlyItLeavesTheCard() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let library = home.appendingPathComponent("Pictures").path
    let card = home.appendingPathComponent("EOS_DIGITAL").path
    let folder = card + "/DCIM/100CANON/"
    let manager = FileManager.default
    try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try manager.createDirectory(atPath: library, withIntermediateDirectories: true)
    let names = ["Canon_40D.jpg", "Nikon_D70.jpg", "canon_hdr_NO.jpg"]
    for name in names {
      try manager.copyItem(
        atPath: corpus.appendingPathComponent("jpeg-exif/" + name).path, toPath: folder + name)
    }
    // The library has the third already (same bytes, another name).
    try manager.copyItem(
      atPath: corpus.appendingPathComponent("jpeg-exif/canon_hdr_NO.jpg").path,
      toPath: library + "/hdr.jpg")
    var original: [String: Data] = [:]
    for name in names { original[name] = manager.contents(atPath: folder + name) }
    let environment = BuiltProduct.privateEnvironment(
      home: home, extra: ["LIGHTBOX_IMPORT_SOURCES": card])

    let tmux = try TmuxSession(columns: 110, rows: 30, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send(
      "\(BuiltProduct.lightbox!) --graphics halfblock \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(
      tmux.waitFor("I import 2 new from EOS_DIGITAL", timeout: 30), tmux.capture())
    tmux.send("I")
    XCTAssertNotNil(tmux.waitFor("2 of 2 new marked"), tmux.capture())
    XCTAssertTrue(tmux.capture().contains("1 in library"), tmux.capture())
    // The selection starts on the first new photo: v unmarks it, d deletes after.
    tmux.send("v")
    XCTAssertNotNil(tmux.waitFor("1 of 2 new marked"), tmux.capture())
    tmux.send("d")
    XCTAssertNotNil(tmux.waitFor("delete from the card after: on"), tmux.capture())
    tmux.send("Enter")
    XCTAssertNotNil(
      tmux.waitFor("Import 1 photo from EOS_DIGITAL \\(.*\\) and delete it from the card\\?"),
      tmux.capture())
    tmux.send("y")
    XCTAssertNotNil(
      tmux.waitFor("Imported 1 photo · 1 deleted from the card", timeout: 30), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("2 photos", timeout: 30), tmux.capture())
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 20), tmux.capture())

    // Exactly one of the two new photos left the card, and it is in the library byte for byte.
    let left = try manager.contentsOfDirectory(atPath: folder).sorted()
    XCTAssertEqual(left.count, 2, "\(left)")
    XCTAssertTrue(left.contains("canon_hdr_NO.jpg"), "the photo the library had stays")
    let gone = try XCTUnwrap(names.first { !left.contains($0) })
    let copies = (manager.enumerator(atPath: library)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(gone) }
    XCTAssertEqual(copies.count, 1, "\(copies)")
    XCTAssertEqual(manager.contents(atPath: library + "/" + copies[0]), original[gone])
    for name in left { XCTAssertEqual(manager.contents(atPath: folder + name), original[name]) }
  }
}
