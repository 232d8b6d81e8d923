import Foundation
import PhotoModel
import XCTest

@testable import Catalog

final class IndexerTests: XCTestCase {
  var library: TestLibrary!
  var catalog: Catalog!
  var indexer: Indexer!

  override func setUpWithError() throws {
    library = TestLibrary("indexer")
    catalog = try Catalog(path: library.catalogPath)
    indexer = Indexer(catalog: catalog, batchSize: 3)
  }

  override func tearDown() {
    indexer = nil
    catalog = nil
    library.remove()
  }

  func testFindsPhotosByContentSkipsHiddenAndNonPhotos() throws {
    let named = try library.writeJPEG("a/IMG_20240813_102201.jpg")
    let plain = try library.writeJPEG("b/photo.bin")  // a JPEG without a .jpg name counts
    library.setMTime(plain, 1_600_000_000)
    try library.write("notes.jpg", "not a photo")
    try library.writeJPEG(".hidden.jpg")
    try library.writeJPEG(".thumbnails/x.jpg")
    XCTAssertEqual(mkfifo(library.root + "/pipe.jpg", 0o644), 0)  // never opened

    let summary = try indexer.index(roots: [library.root])
    XCTAssertEqual(summary.total, 2)
    XCTAssertEqual(summary.new, 2)
    XCTAssertEqual(summary.errors, 0)
    XCTAssertEqual(summary.read, 3, "two photos and notes.jpg")
    let assets = try catalog.allAssets()
    XCTAssertEqual(assets.map(\.path), [plain, named], "oldest first")
    XCTAssertEqual(assets[1].captureDate.source, .fileName)
    XCTAssertEqual(assets[1].captureDate.hour, 10)
    XCTAssertEqual(assets[0].captureDate.source, .fileModification)
    XCTAssertEqual(assets[0].modificationTime, 1_600_000_000)
    XCTAssertEqual(assets[0].storedPixelSize, PixelSize(width: 8, height: 6))
    XCTAssertEqual(try catalog.roots, [library.root])
    XCTAssertTrue(
      summary.description.hasPrefix("indexed 2 photos (2 new, 0 changed, 0 removed, 0 errors) in "),
      summary.description)
  }

  func testRescanWithNothingChangedReadsNothing() throws {
    for i in 0..<10 {
      try library.writeJPEG("d\(i % 3)/p\(i).jpg", date: "2024:01:0\(i % 9 + 1) 10:00:00")
    }
    try library.write("readme.txt", "not a photo")
    let first = try indexer.index(roots: [library.root])
    XCTAssertEqual(first.new, 10)
    let readsAfterFirst = indexer.metadataReads
    XCTAssertEqual(readsAfterFirst, 11)
    let ids = try catalog.allAssets().map(\.id)

    let second = try indexer.index()
    XCTAssertEqual(second.read, 0)
    XCTAssertEqual(indexer.metadataReads, readsAfterFirst, "no file was read again")
    XCTAssertEqual([second.new, second.changed, second.removed], [0, 0, 0])
    XCTAssertEqual(second.unchanged, 11)
    XCTAssertEqual(second.total, 10)
    XCTAssertEqual(try catalog.allAssets().map(\.id), ids, "identities are kept")
  }

  func testChangedFileIsReadAgainAndKeepsItsIdentityAndFlags() throws {
    let path = try library.writeJPEG("p.jpg", date: "2020:01:01 10:00:00", orientation: 1)
    try library.writeJPEG("q.jpg", date: "2021:01:01 10:00:00")
    _ = try indexer.index(roots: [library.root])
    let before = try XCTUnwrap(try catalog.allAssets().first { $0.path == path })
    try catalog.setFavorite(true, for: [before.id])

    try library.writeJPEG("p.jpg", date: "2022:06:01 10:00:00", orientation: 6)
    let summary = try indexer.index()
    XCTAssertEqual([summary.new, summary.changed, summary.removed, summary.read], [0, 1, 0, 1])
    let after = try XCTUnwrap(try catalog.asset(id: before.id))
    XCTAssertEqual(after.path, path)
    XCTAssertEqual(after.orientation, .right)
    XCTAssertEqual(after.captureDate.year, 2022)
    XCTAssertTrue(after.isFavorite, "the favorite flag survives a re-read")
    XCTAssertEqual(try catalog.allAssets().map(\.path).last, path, "re-sorted by the new date")
  }

  func testSameSizeNewerMTimeCountsAsChanged() throws {
    let path = try library.writeJPEG("p.jpg", date: "2020:01:01 10:00:00")
    library.setMTime(path, 1_700_000_000)
    _ = try indexer.index(roots: [library.root])
    try library.writeJPEG("p.jpg", date: "2021:01:01 10:00:00")  // same length
    library.setMTime(path, 1_700_000_001)
    let summary = try indexer.index()
    XCTAssertEqual(summary.changed, 1)
    XCTAssertEqual(try catalog.allAssets().first?.captureDate.year, 2021)
  }

  func testVanishedFilesAndFoldersAreRemoved() throws {
    let gone = try library.writeJPEG("a.jpg")
    try library.writeJPEG("sub/b.jpg")
    try library.writeJPEG("sub/c.jpg")
    try library.writeJPEG("keep.jpg")
    try library.write("sub/notes.txt", "x")
    _ = try indexer.index(roots: [library.root])
    XCTAssertEqual(try catalog.assetCount, 4)

    try FileManager.default.removeItem(atPath: gone)
    try FileManager.default.removeItem(atPath: library.root + "/sub")
    let summary = try indexer.index()
    XCTAssertEqual(summary.removed, 3)
    XCTAssertEqual(summary.total, 1)
    XCTAssertEqual(try catalog.allAssets().map(\.fileName), ["keep.jpg"])
    let others = try catalog.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM other_files")
    }
    XCTAssertEqual(others, 0, "rows of vanished non-photos go too")
  }

  func testFileThatStopsBeingAPhotoLeavesTheTimeline() throws {
    let path = try library.writeJPEG("p.jpg")
    _ = try indexer.index(roots: [library.root])
    try library.write("p.jpg", "now a text file")
    let summary = try indexer.index()
    XCTAssertEqual(summary.removed, 1)
    XCTAssertEqual(try catalog.assetCount, 0)
    try library.writeJPEG("p.jpg", date: "2024:01:01 00:00:00")
    let back = try indexer.index()
    XCTAssertEqual(back.new, 1)
    XCTAssertEqual(try catalog.allAssets().map(\.path), [path])
  }

  func testMissingRootKeepsItsRowsAndIsReported() throws {
    try library.writeJPEG("a.jpg")
    _ = try indexer.index(roots: [library.root])
    let moved = library.folder.appendingPathComponent("moved").path
    try FileManager.default.moveItem(atPath: library.root, toPath: moved)
    let summary = try indexer.index()
    XCTAssertEqual(summary.removed, 0, "an unmounted disk must not empty the library")
    XCTAssertEqual(summary.problems.count, 1)
    XCTAssertTrue(summary.problems[0].hasPrefix(library.root), summary.problems[0])
    XCTAssertEqual(try catalog.assetCount, 1)
  }

  func testUnreadableFolderIsReportedSkippedAndItsRowsKept() throws {
    try library.writeJPEG("open/a.jpg")
    try library.writeJPEG("locked/b.jpg")
    _ = try indexer.index(roots: [library.root])
    XCTAssertEqual(try catalog.assetCount, 2)
    try library.writeJPEG("open/c.jpg")
    let locked = library.root + "/locked"
    XCTAssertEqual(chmod(locked, 0), 0)

    let summary = try asUnprivilegedUser { try indexer.index() }
    XCTAssertEqual(summary.problems.count, 1, "\(summary.problems)")
    XCTAssertTrue(summary.problems.first?.contains("locked: cannot read folder") ?? false)
    XCTAssertEqual(summary.new, 1, "the readable folder is still indexed")
    XCTAssertEqual(summary.removed, 0, "rows under an unreadable folder are not dropped")
    XCTAssertEqual(try catalog.assetCount, 3)
  }

  /// Runs `body` with the effective user `nobody` when the tests run as root (as in CI),
  /// where file modes do not stop reads; the catalog files are opened up for it first.
  private func asUnprivilegedUser<T>(_ body: () throws -> T) throws -> T {
    guard geteuid() == 0 else { return try body() }
    for suffix in ["", "-wal", "-shm"] { chmod(library.catalogPath + suffix, 0o666) }
    chmod((library.catalogPath as NSString).deletingLastPathComponent, 0o777)
    XCTAssertEqual(setegid(65534), 0)
    XCTAssertEqual(seteuid(65534), 0)
    defer {
      XCTAssertEqual(seteuid(0), 0)
      XCTAssertEqual(setegid(0), 0)
    }
    return try body()
  }

  func testSymlinkLoopEnds() throws {
    try library.writeJPEG("a/p.jpg")
    XCTAssertEqual(symlink(library.root, library.root + "/a/loop"), 0)
    XCTAssertEqual(symlink(library.root + "/a", library.root + "/a/self"), 0)
    XCTAssertEqual(symlink(library.root + "/nowhere", library.root + "/dangling.jpg"), 0)
    let summary = try indexer.index(roots: [library.root])
    XCTAssertEqual(summary.total, 1)
    XCTAssertEqual(try catalog.allAssets().map(\.path), [library.root + "/a/p.jpg"])
  }

  func testLocalDayFollowsTheRecordedWallClockNotUTC() throws {
    try library.writeJPEG("tokyo-late.jpg", date: "2024:08:13 23:30:00", offset: "+09:00")
    try library.writeJPEG("tokyo-early.jpg", date: "2024:08:14 00:30:00", offset: "+09:00")
    try library.writeJPEG("la-late.jpg", date: "2024:08:13 23:30:00", offset: "-08:00")
    _ = try indexer.index(roots: [library.root])
    let byName = Dictionary(uniqueKeysWithValues: try catalog.allAssets().map { ($0.fileName, $0) })
    let late = try XCTUnwrap(byName["tokyo-late.jpg"])
    XCTAssertEqual(
      [late.captureDate.year, late.captureDate.month, late.captureDate.day], [2024, 8, 13])
    XCTAssertEqual(late.captureDate.hour, 23)
    XCTAssertEqual(late.captureDate.utcOffsetSeconds, 9 * 3600)
    XCTAssertEqual(late.captureDate.source, .exif)
    // 00:30 in Tokyo is 15:30 UTC the day before: it still belongs to the 14th.
    XCTAssertEqual(byName["tokyo-early.jpg"]?.captureDate.day, 14)
    // 23:30 in Los Angeles is 07:30 UTC the next day: it still belongs to the 13th.
    XCTAssertEqual(byName["la-late.jpg"]?.captureDate.day, 13)
    XCTAssertEqual(byName["la-late.jpg"]?.captureDate.utcOffsetSeconds, -8 * 3600)
    let days = try catalog.allAssets().map(\.captureDate.localDayNumber)
    let thirteenth = CaptureDate.daysFromCivil(year: 2024, month: 8, day: 13)
    XCTAssertEqual(days, [thirteenth, thirteenth, thirteenth + 1])
  }

  func testNonUTF8FileNameRoundTrips() throws {
    // "f\xE9te.jpg" in Latin-1: not valid UTF-8.
    let name: [UInt8] = [0x66, 0xE9, 0x74, 0x65, 0x2E, 0x6A, 0x70, 0x67]
    let path = LibraryPath(library.root).appending(name)
    let bytes = TestLibrary.jpeg(
      date: "2023:05:06 07:08:09", offset: nil, orientation: 3, width: 4, height: 2)
    let fd = path.withCString { open($0, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
    XCTAssertGreaterThanOrEqual(fd, 0)
    XCTAssertEqual(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }, bytes.count)
    close(fd)

    let first = try indexer.index(roots: [library.root])
    XCTAssertEqual(first.new, 1)
    XCTAssertEqual(first.errors, 0)
    let asset = try XCTUnwrap(try catalog.allAssets().first)
    XCTAssertEqual(asset.pathBytes, path.bytes)
    XCTAssertEqual(asset.orientation, .down)
    XCTAssertEqual(asset.captureDate.year, 2023)
    XCTAssertNotNil(try catalog.asset(path: path))
    XCTAssertEqual(try indexer.index().unchanged, 1, "the stored bytes match the file again")
    XCTAssertEqual(path.withCString { unlink($0) }, 0)
    XCTAssertEqual(try indexer.index().removed, 1)
  }

  func testUpdatePathsAddsRefreshesAndRemoves() throws {
    try library.writeJPEG("first.jpg")
    _ = try indexer.index(roots: [library.root])

    let added = try library.writeJPEG("new.jpg", date: "2024:01:01 00:00:00")
    var summary = try indexer.update(paths: [added])
    XCTAssertEqual([summary.new, summary.read, summary.total], [1, 1, 2])
    XCTAssertEqual(try indexer.update(paths: [added]).read, 0, "unchanged: not read")

    try library.writeJPEG("new.jpg", date: "2024:01:01 00:00:00", orientation: 8)
    summary = try indexer.update(paths: [added])
    XCTAssertEqual(summary.changed, 1)

    try library.writeJPEG("folder/x.jpg")
    try library.writeJPEG("folder/deeper/y.jpg")
    summary = try indexer.update(paths: [LibraryPath(library.root + "/folder")])
    XCTAssertEqual(summary.new, 2, "a folder that appears is walked")

    try FileManager.default.removeItem(atPath: library.root + "/folder")
    try FileManager.default.removeItem(atPath: added)
    summary = try indexer.update(paths: [added, library.root + "/folder"])
    XCTAssertEqual(summary.removed, 3)
    XCTAssertEqual(try catalog.allAssets().map(\.fileName), ["first.jpg"])

    let hidden = try library.writeJPEG(".cache/z.jpg")
    let outside = library.folder.appendingPathComponent("outside.jpg").path
    try Data(TestLibrary.jpeg(date: nil, offset: nil, orientation: nil, width: 1, height: 1))
      .write(to: URL(fileURLWithPath: outside))
    summary = try indexer.update(paths: [hidden, outside])
    XCTAssertEqual(summary.read, 0, "hidden paths and paths outside the roots are ignored")
    XCTAssertEqual(try catalog.assetCount, 1)
  }

  func testHiddenAssetsAreLeftOutOfTheTimeline() throws {
    try library.writeJPEG("a.jpg", date: "2024:01:01 00:00:00")
    try library.writeJPEG("b.jpg", date: "2024:01:02 00:00:00")
    _ = try indexer.index(roots: [library.root])
    let a = try XCTUnwrap(try catalog.allAssets().first)
    try catalog.setHidden(true, for: [a.id])
    XCTAssertEqual(try catalog.allAssets().map(\.fileName), ["b.jpg"])
    XCTAssertEqual(try catalog.assetCount, 1)
    XCTAssertEqual(try catalog.asset(id: a.id)?.isHidden, true)
  }

  func testProgressReportsCountRateAndEnds() throws {
    for i in 0..<7 { try library.writeJPEG("p\(i).jpg") }
    let seen = Locked<[IndexProgress]>([])
    _ = try indexer.index(roots: [library.root]) { p in seen.mutate { $0.append(p) } }
    let reports = seen.value
    XCTAssertEqual(reports.first?.phase, .scanning)
    XCTAssertEqual(reports.last?.phase, .finished)
    let reading = reports.filter { $0.phase == .reading }
    XCTAssertEqual(reading.map(\.done), [3, 6, 7], "one report per batch of 3")
    XCTAssertTrue(reading.allSatisfy { $0.total == 7 && $0.rate > 0 })
    XCTAssertEqual(reading.last?.etaSeconds, 0)
  }

  func testSummaryLineAndJSON() throws {
    var summary = IndexSummary()
    summary.total = 12
    summary.new = 3
    summary.changed = 2
    summary.removed = 1
    summary.errors = 4
    summary.seconds = 1.234
    XCTAssertEqual(
      summary.description, "indexed 12 photos (3 new, 2 changed, 1 removed, 4 errors) in 1.23 s")
    let json = try JSONEncoder().encode(summary)
    XCTAssertEqual(try JSONDecoder().decode(IndexSummary.self, from: json), summary)
  }

  /// A folder Lightbox exported into (its marker file inside) is not part of the library
  /// that holds it — the copies would be new photos dated today — unless it is a root.
  func testAFolderLightboxExportedIntoIsLeftOutUnlessItIsARoot() throws {
    try library.writeJPEG("a.jpg")
    try library.writeJPEG("Exports/a.jpg")
    try library.writeJPEG("Exports/deeper/b.jpg")
    try library.write("Exports/" + ExportMarker.fileName, ExportMarker.text)
    let summary = try indexer.index(roots: [library.root])
    XCTAssertEqual(summary.total, 1, "only the library's own photo")
    let exports = library.root + "/Exports"
    let asRoot = try indexer.index(roots: [exports])
    XCTAssertEqual(asRoot.total, 2, "a root is indexed whatever it holds")
  }

  /// A folder that cannot be read is an error in the summary line too, not only a listed
  /// problem beside "0 errors".
  func testAFolderThatCannotBeReadCountsAsAnError() throws {
    try library.writeJPEG("ok.jpg")
    let missing = library.folder.appendingPathComponent("missing").path
    let summary = try indexer.index(roots: [library.root, missing])
    XCTAssertEqual(summary.problems.count, 1, "\(summary.problems)")
    XCTAssertEqual(summary.errors, 0, "no file failed")
    XCTAssertTrue(summary.description.contains(", 1 errors)"), summary.description)
  }

  func testUnreadableAndEmptyFilesCountAsErrorsWithoutStoppingTheRun() throws {
    try library.write("empty.jpg", "")
    try library.writeJPEG("ok.jpg")
    let summary = try indexer.index(roots: [library.root])
    XCTAssertEqual(summary.errors, 1)
    XCTAssertEqual(summary.total, 1)
    XCTAssertEqual(
      try indexer.index().read, 0, "a known bad file is not read again until it changes")
  }
}

/// A value behind a lock, for callbacks from other threads.
final class Locked<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: T
  init(_ value: T) { stored = value }
  var value: T { lock.withLock { stored } }
  func mutate(_ body: (inout T) -> Void) { lock.withLock { body(&stored) } }
}
