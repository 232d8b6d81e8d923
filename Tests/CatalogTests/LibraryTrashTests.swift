import Foundation
import GRDB
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

final class LibraryTrashTests: XCTestCase {
  var library: TestLibrary!
  var catalog: Catalog!
  var indexer: Indexer!
  var trash: FreedesktopTrash!
  var libraryTrash: LibraryTrash!
  /// Library photos oldest first: p1…p4.
  var ids: [AssetID] = []
  var paths: [String] = []
  let now: Int64 = 1_723_545_000
  let day: Int64 = 86_400

  override func setUpWithError() throws {
    library = TestLibrary("library-trash")
    catalog = try Catalog(path: library.catalogPath)
    indexer = Indexer(catalog: catalog)
    // XDG_DATA_HOME inside the temporary folder: never the real home's trash.
    trash = FreedesktopTrash(
      homeTrash: FreedesktopTrash.defaultHomeTrash(
        environment: ["XDG_DATA_HOME": library.folder.path + "/xdg-data"]))
    libraryTrash = LibraryTrash(catalog: catalog, trash: trash)
    for n in 1...4 {
      try library.writeJPEG("sub/p\(n).jpg", date: "2024:05:0\(n) 12:00:00", width: 8 + n)
    }
    _ = try indexer.index(roots: [library.root])
    let assets = try catalog.allAssets()
    ids = assets.map(\.id)
    paths = assets.map(\.path)
    XCTAssertEqual(
      paths.map { ($0 as NSString).lastPathComponent },
      ["p1.jpg", "p2.jpg", "p3.jpg", "p4.jpg"])
  }

  override func tearDown() {
    libraryTrash = nil
    indexer = nil
    catalog = nil
    library.remove()
  }

  /// The file's bytes, or nil when there is none.
  func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// True when something is at `path`.
  func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  /// The names in the home trash's `files` or `info` folder, sorted.
  func trashListing(_ sub: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: trash.homeTrash + "/" + sub)) ?? [])
      .sorted()
  }

  func testRoundTripKeepsFilesIdsFavoritesAndAlbums() throws {
    try catalog.setFavorite(true, for: [ids[1]])
    let album = try catalog.createAlbum(named: "Trip", adding: [ids[0], ids[1]], now: now)
    let originals = paths.prefix(3).map { bytes($0) }

    XCTAssertEqual(libraryTrash.moveToTrash(Array(ids.prefix(3)), now: now), [])

    // In the Trash, each with a spec .trashinfo.
    XCTAssertEqual(trashListing("files"), ["p1.jpg", "p2.jpg", "p3.jpg"])
    XCTAssertEqual(
      trashListing("info"), ["p1.jpg.trashinfo", "p2.jpg.trashinfo", "p3.jpg.trashinfo"])
    for (i, path) in paths.prefix(3).enumerated() {
      XCTAssertFalse(exists(path))
      let name = (path as NSString).lastPathComponent
      let info = try FreedesktopTrash.readInfo(trash.homeTrash + "/info/\(name).trashinfo")
      XCTAssertEqual(info.originalPath, path)
      XCTAssertEqual(FreedesktopTrash.parseDeletionDate(info.deletionDate), now)
      XCTAssertEqual(bytes(trash.homeTrash + "/files/\(name)"), originals[i])
    }
    // Gone from the library views, listed in Recently Deleted.
    XCTAssertEqual(try catalog.allAssets().map(\.id), [ids[3]])
    XCTAssertEqual(try catalog.assetCount, 1)
    let trashed = try catalog.trashedPhotos()
    XCTAssertEqual(trashed.map(\.asset.id), Array(ids.prefix(3)))
    XCTAssertEqual(trashed.map(\.originalPath), Array(paths.prefix(3)))
    XCTAssertEqual(trashed.map(\.deletedAt), [now, now, now])
    XCTAssertEqual(trashed[0].asset.path, trash.homeTrash + "/files/p1.jpg")
    XCTAssertEqual(trashed[0].daysLeft(now: now + 3 * day, retentionDays: 30), 27)
    XCTAssertTrue(trashed[1].asset.isFavorite)
    XCTAssertEqual(try catalog.album(album.id)?.assetIDs, [ids[0], ids[1]])

    // A re-scan neither drops nor re-adds them.
    let rescan = try indexer.index()
    XCTAssertEqual(rescan.removed, 0)
    XCTAssertEqual(rescan.new, 0)
    XCTAssertEqual(try catalog.trashedPhotos().count, 3)
    XCTAssertEqual(try catalog.allAssets().map(\.id), [ids[3]])

    XCTAssertEqual(libraryTrash.restore(Array(ids.prefix(3))), [])

    for (i, path) in paths.prefix(3).enumerated() {
      XCTAssertEqual(bytes(path), originals[i], "byte-identical at \(path)")
    }
    XCTAssertEqual(try catalog.allAssets().map(\.id), ids, "same AssetIDs")
    XCTAssertEqual(try catalog.allAssets().map(\.path), paths)
    XCTAssertEqual(try catalog.trashedPhotos().count, 0)
    XCTAssertEqual(try catalog.favoriteAssets().map(\.id), [ids[1]])
    XCTAssertEqual(try catalog.album(album.id)?.assetIDs, [ids[0], ids[1]])
    XCTAssertEqual(trashListing("files"), [])
    XCTAssertEqual(trashListing("info"), [])

    // The restored files are the same rows to the indexer: nothing new, nothing read.
    let reads = indexer.metadataReads
    let after = try indexer.index()
    XCTAssertEqual(after.new, 0)
    XCTAssertEqual(after.removed, 0)
    XCTAssertEqual(after.unchanged, 4)
    XCTAssertEqual(indexer.metadataReads, reads)
    XCTAssertEqual(try catalog.duplicatePathCount(), 0)
  }

  func testNewFileAtTheOldPlaceAndRestoreOntoTheClash() throws {
    let original = bytes(paths[0])
    XCTAssertEqual(libraryTrash.moveToTrash([ids[0]], now: now), [])
    // A new photo appears where the trashed one was: a new row, no UNIQUE clash.
    try library.writeJPEG("sub/p1.jpg", date: "2024:06:01 12:00:00", width: 40)
    let newcomer = bytes(paths[0])
    let summary = try indexer.update(paths: [paths[0]])
    XCTAssertEqual(summary.new, 1)
    let newID = try XCTUnwrap(catalog.asset(path: LibraryPath(paths[0]))?.id)
    XCTAssertNotEqual(newID, ids[0])

    XCTAssertEqual(libraryTrash.restore([ids[0]]), [])
    let restoredPath = library.root + "/sub/p1 (restored).jpg"
    XCTAssertEqual(bytes(restoredPath), original)
    XCTAssertEqual(bytes(paths[0]), newcomer, "the clashing file is untouched")
    XCTAssertEqual(try catalog.asset(id: ids[0])?.path, restoredPath)
    XCTAssertEqual(try catalog.asset(id: newID)?.path, paths[0])
    let rescan = try indexer.index()
    XCTAssertEqual(rescan.new + rescan.removed, 0)
    XCTAssertEqual(try catalog.allAssets().count, 5)
    XCTAssertEqual(try catalog.duplicatePathCount(), 0)
  }

  func testPurgeErasesOnlyTheOldOnes() throws {
    let album = try catalog.createAlbum(named: "Kept", adding: [ids[0], ids[1]], now: now)
    XCTAssertEqual(libraryTrash.moveToTrash([ids[0]], now: now), [])
    XCTAssertEqual(libraryTrash.moveToTrash([ids[1]], now: now + 20 * day), [])

    let early = libraryTrash.purge(retentionDays: 30, now: now + 30 * day)
    XCTAssertEqual(early.purged, 0, "exactly 30 days is not more than 30")
    let result = libraryTrash.purge(retentionDays: 30, now: now + 31 * day)
    XCTAssertEqual(result.purged, 1)
    XCTAssertEqual(result.problems, [])
    XCTAssertNil(try catalog.asset(id: ids[0]))
    XCTAssertEqual(try catalog.trashedPhotos().map(\.asset.id), [ids[1]])
    XCTAssertEqual(trashListing("files"), ["p2.jpg"])
    XCTAssertEqual(trashListing("info"), ["p2.jpg.trashinfo"])
    XCTAssertEqual(try catalog.album(album.id)?.assetIDs, [ids[1]])
    // Hostile settings neither trap nor erase the wrong things.
    XCTAssertEqual(libraryTrash.purge(retentionDays: Int.max, now: now + 31 * day).purged, 0)
    XCTAssertEqual(libraryTrash.purge(retentionDays: 30, now: Int64.min).purged, 0)
    XCTAssertEqual(try catalog.trashedPhotos().count, 1)
  }

  func testDeleteForeverOnlyTrashedPhotos() throws {
    let album = try catalog.createAlbum(named: "A", adding: [ids[0], ids[2]], now: now)
    XCTAssertEqual(libraryTrash.moveToTrash([ids[0]], now: now), [])
    XCTAssertEqual(libraryTrash.deleteForever([ids[0]]), [])
    XCTAssertNil(try catalog.asset(id: ids[0]))
    XCTAssertEqual(trashListing("files"), [])
    XCTAssertEqual(trashListing("info"), [])
    XCTAssertEqual(try catalog.album(album.id)?.assetIDs, [ids[2]])

    let problems = libraryTrash.deleteForever([ids[3], AssetID(424_242)])
    XCTAssertEqual(problems.count, 2)
    XCTAssertTrue(problems[0].hasPrefix("p4.jpg: not in Recently Deleted"), problems[0])
    XCTAssertTrue(exists(paths[3]), "a library photo is never erased")
  }

  func testProblemsArePerFile() throws {
    try FileManager.default.removeItem(atPath: paths[1])  // vanished behind our back
    let problems = libraryTrash.moveToTrash([ids[0], ids[1], ids[2]], now: now)
    XCTAssertEqual(problems.count, 1)
    XCTAssertTrue(problems[0].hasPrefix("p2.jpg: cannot find"), problems.joined())
    XCTAssertEqual(try catalog.trashedPhotos().map(\.asset.id), [ids[0], ids[2]])
    XCTAssertEqual(try catalog.asset(id: ids[1])?.path, paths[1], "row unchanged")
    XCTAssertEqual(trashListing("info"), ["p1.jpg.trashinfo", "p3.jpg.trashinfo"])
    XCTAssertEqual(libraryTrash.restore([ids[3]]).count, 1, "not trashed")
  }

  func testProblemLinesStayOneLine() throws {
    let odd = try library.writeJPEG("odd\nname\u{1B}[31m.jpg", date: "2024:09:01 00:00:00")
    _ = try indexer.index()
    let id = try XCTUnwrap(catalog.asset(path: LibraryPath(odd))?.id)
    try FileManager.default.removeItem(atPath: odd)
    let problems = libraryTrash.moveToTrash([id], now: now)
    XCTAssertEqual(problems.count, 1)
    XCTAssertTrue(problems[0].hasPrefix("odd?name?[31m.jpg: cannot find"), problems[0])
    XCTAssertFalse(problems[0].contains("\n"))
  }

  func testWatcherUpdatesNeverDropTrashedRows() throws {
    try catalog.setFavorite(true, for: [ids[0]])
    XCTAssertEqual(libraryTrash.moveToTrash([ids[0]], now: now), [])
    // What inotify reports for the move: the old path, then the whole folder.
    _ = try indexer.update(paths: [paths[0]])
    _ = try indexer.update(paths: [library.root + "/sub"])
    XCTAssertEqual(try catalog.asset(id: ids[0])?.isFavorite, true)
    XCTAssertEqual(try catalog.trashedPhotos().map(\.asset.id), [ids[0]])
    // The restore's event: the same row, not a new photo.
    XCTAssertEqual(libraryTrash.restore([ids[0]]), [])
    let summary = try indexer.update(paths: [paths[0]])
    XCTAssertEqual(summary.new, 0)
    XCTAssertEqual(try catalog.asset(path: LibraryPath(paths[0]))?.id, ids[0])
  }

  func testASecondProcessWaitsForTheTrashLockAndGivesUp() throws {
    // flock locks belong to the open file: this descriptor stands for another process.
    let fd = open(catalog.path + "-trash.lock", O_RDWR | O_CREAT, 0o600)
    XCTAssertGreaterThanOrEqual(fd, 0)
    defer { close(fd) }
    XCTAssertEqual(flock(fd, LOCK_EX), 0)
    let impatient = LibraryTrash(catalog: catalog, trash: trash, lockTimeout: 0.2)
    XCTAssertEqual(impatient.moveToTrash([ids[0]], now: now), [LibraryTrash.busy])
    XCTAssertEqual(impatient.purge(retentionDays: 0, now: now).problems, [LibraryTrash.busy])
    XCTAssertTrue(exists(paths[0]), "nothing moved")
    XCTAssertEqual(flock(fd, LOCK_UN), 0)
    XCTAssertEqual(impatient.moveToTrash([ids[0]], now: now), [])
    XCTAssertFalse(exists(paths[0]))
  }

  func testATrashInsideARootIsNotReadAgainEachScan() throws {
    // A library root that holds the Trash folder (not hidden): its files are trashed rows.
    let inRoot = FreedesktopTrash(homeTrash: library.root + "/Trash")
    let rooted = LibraryTrash(catalog: catalog, trash: inRoot)
    XCTAssertEqual(rooted.moveToTrash([ids[0]], now: now), [])
    for pass in 0..<2 {
      let scan = try indexer.index()
      // The first pass reads the .trashinfo (a file that is not a photo), never the photo.
      XCTAssertEqual(scan.read, pass == 0 ? 1 : 0, "\(scan)")
      XCTAssertEqual(scan.new + scan.removed, 0, "\(scan)")
    }
    XCTAssertEqual(try catalog.trashedPhotos().map(\.asset.id), [ids[0]])
    XCTAssertEqual(try catalog.allAssets().count, 3)
    XCTAssertEqual(rooted.restore([ids[0]]), [])
    XCTAssertEqual(try catalog.asset(path: LibraryPath(paths[0]))?.id, ids[0])
  }

  func testANameThatIsNotUTF8RoundTripsByteForByte() throws {
    // "été.jpg" in Latin-1: the bytes E9 74 E9.
    let name: [UInt8] = [0xE9, 0x74, 0xE9] + Array(".jpg".utf8)
    let path = LibraryPath(library.root).appending(name)
    let content = TestLibrary.jpeg(
      date: "2024:07:01 09:00:00", offset: nil, orientation: nil, width: 5, height: 5)
    let out = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
    XCTAssertGreaterThanOrEqual(out, 0)
    XCTAssertEqual(content.withUnsafeBytes { write(out, $0.baseAddress, $0.count) }, content.count)
    close(out)
    _ = try indexer.index()
    let id = try XCTUnwrap(catalog.asset(path: path)?.id)

    XCTAssertEqual(libraryTrash.moveToTrash([id], now: now), [])
    XCTAssertFalse(FileMoves.exists(path))
    let row = try XCTUnwrap(catalog.trashRow(id))
    XCTAssertEqual(Array(row.path.lastComponent), name, "the same bytes in files/")
    let info = try XCTUnwrap(row.infoPath)
    let fd = info.withCString { open($0, O_RDONLY) }
    XCTAssertGreaterThanOrEqual(fd, 0)
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(fd, &buffer, buffer.count)
    close(fd)
    let text = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    XCTAssertTrue(text.contains("/%E9t%E9.jpg\n"), text)
    XCTAssertEqual(try FreedesktopTrash.readInfo(info).original, path)

    XCTAssertEqual(libraryTrash.restore([id]), [])
    XCTAssertTrue(FileMoves.exists(path))
    XCTAssertEqual(try catalog.asset(path: path)?.id, id)
    XCTAssertEqual(libraryTrash.moveToTrash([id], now: now), [])
    XCTAssertEqual(libraryTrash.deleteForever([id]), [])
    XCTAssertEqual(trashListing("files"), [])
  }
}
