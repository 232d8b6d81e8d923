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

  private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  private func trashListing(_ sub: String) -> [String] {
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

  // MARK: - Killed between steps

  /// Moves the file as `moveToTrash` does but stops before the row's last write, as a
  /// process killed there would.
  private func trashButDieBeforeTheRowIsUpdated(_ index: Int) throws -> TrashEntry {
    let reservation = try trash.reserve(LibraryPath(paths[index]), now: now)
    try catalog.write { db in
      try db.execute(
        sql: """
          UPDATE assets SET trash_pending = 1, trash_info_path = ?, original_path = path
          WHERE id = ?
          """, arguments: [Data(reservation.entry.infoPath.utf8), ids[index].rawValue])
    }
    try trash.commit(reservation)
    return reservation.entry
  }

  func testRepairFinishesAMoveKilledAfterTheFileMoved() throws {
    try catalog.setFavorite(true, for: [ids[0]])
    let entry = try trashButDieBeforeTheRowIsUpdated(0)
    // A re-scan in this state must not drop the row whose file left.
    XCTAssertEqual(try indexer.index().removed, 0)
    XCTAssertEqual(libraryTrash.repair(now: now + 5), [])
    let trashed = try catalog.trashedPhotos()
    XCTAssertEqual(trashed.map(\.asset.id), [ids[0]])
    XCTAssertEqual(trashed.first?.asset.path, entry.filePath)
    XCTAssertEqual(trashed.first?.deletedAt, now, "the .trashinfo's date")
    XCTAssertEqual(trashed.first?.asset.isFavorite, true)
    XCTAssertEqual(libraryTrash.restore([ids[0]]), [])
    XCTAssertTrue(exists(paths[0]))
  }

  func testRepairUndoesAMoveKilledBeforeTheFileMoved() throws {
    let reservation = try trash.reserve(LibraryPath(paths[0]), now: now)
    try catalog.write { db in
      try db.execute(
        sql: "UPDATE assets SET trash_pending = 1, trash_info_path = ? WHERE id = ?",
        arguments: [Data(reservation.entry.infoPath.utf8), ids[0].rawValue])
    }
    XCTAssertEqual(libraryTrash.repair(now: now), [])
    XCTAssertEqual(trashListing("info"), [], "the orphan .trashinfo went")
    XCTAssertTrue(exists(paths[0]))
    XCTAssertEqual(try catalog.allAssets().map(\.id), ids)
    XCTAssertEqual(try catalog.trashRow(ids[0])?.pending, .idle)
    XCTAssertEqual(libraryTrash.moveToTrash([ids[0]], now: now), [], "usable again")
  }

  func testRepairRemovesAnInfoWrittenButNotYetRecorded() throws {
    // Killed between writing the .trashinfo and recording it in the row.
    try catalog.write { db in
      try db.execute(
        sql: "UPDATE assets SET trash_pending = 1, original_path = path WHERE id = ?",
        arguments: [ids[0].rawValue])
    }
    _ = try trash.reserve(LibraryPath(paths[0]), now: now)
    // An unrelated entry of the same name (another file, trashed before) must stay.
    let other = try library.writeJPEG("other/p1.jpg", date: "2023:01:01 00:00:00")
    let unrelated = try trash.moveToTrash(other, now: now)
    XCTAssertEqual(trashListing("info").count, 2)
    XCTAssertEqual(libraryTrash.repair(now: now), [])
    XCTAssertEqual(trashListing("info"), [(unrelated.infoPath as NSString).lastPathComponent])
    XCTAssertEqual(try catalog.trashRow(ids[0])?.pending, .idle)
    XCTAssertNil(try catalog.trashRow(ids[0])?.originalPath)
    XCTAssertEqual(try catalog.allAssets().map(\.id), ids)
  }

  func testRepairRemovesAnInfoCutShortByTheKill() throws {
    try catalog.write { db in
      try db.execute(
        sql: "UPDATE assets SET trash_pending = 1, original_path = path WHERE id = ?",
        arguments: [ids[0].rawValue])
    }
    let info = trash.homeTrash + "/info/"
    try FileManager.default.createDirectory(
      atPath: trash.homeTrash + "/files", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: info, withIntermediateDirectories: true)
    let cut = "[Trash Info]\nPath=\(paths[0].prefix(12))"
    let other = "[Trash Info]\nPath=/elsewhere/p1.jpg\nDeletionDate=2024-01-01T00:00:00\n"
    for (name, text) in [
      ("p1.jpg.trashinfo", ""), ("p1.2.jpg.trashinfo", cut), ("p1.3.jpg.trashinfo", other),
      ("p1x.jpg.trashinfo", ""),
    ] {
      XCTAssertTrue(FileManager.default.createFile(atPath: info + name, contents: Data(text.utf8)))
    }
    XCTAssertEqual(libraryTrash.repair(now: now), [])
    XCTAssertEqual(
      trashListing("info"), ["p1.3.jpg.trashinfo", "p1x.jpg.trashinfo"],
      "only the names and contents this move could have written went")
    XCTAssertEqual(try catalog.trashRow(ids[0])?.pending, .idle)
  }

  func testRepairDropsTheRowOfAnEraseKilledHalfWay() throws {
    XCTAssertEqual(libraryTrash.moveToTrash([ids[0]], now: now), [])
    let row = try XCTUnwrap(catalog.trashRow(ids[0]))
    try FileManager.default.removeItem(atPath: row.path.string)  // the file went, not yet info
    XCTAssertEqual(libraryTrash.repair(now: now), [])
    XCTAssertNil(try catalog.asset(id: ids[0]))
    XCTAssertEqual(trashListing("info"), [])
  }

  func testRepairFinishesARestoreKilledAfterTheFileMoved() throws {
    try catalog.setFavorite(true, for: [ids[2]])
    XCTAssertEqual(libraryTrash.moveToTrash([ids[2]], now: now), [])
    let row = try XCTUnwrap(catalog.trashRow(ids[2]))
    try catalog.write { db in
      try db.execute(
        sql: "UPDATE assets SET trash_pending = 2, restore_path = ? WHERE id = ?",
        arguments: [Data(paths[2].utf8), ids[2].rawValue])
    }
    let entry = TrashEntry(
      filePath: row.path.string, infoPath: row.infoPath?.string ?? "",
      originalPath: paths[2], deletedAt: now)
    XCTAssertEqual(try trash.restore(entry, to: paths[2]), paths[2])
    // The watcher indexes the file back before the row is repaired.
    _ = try indexer.update(paths: [paths[2]])
    XCTAssertEqual(libraryTrash.repair(now: now), [])
    XCTAssertEqual(try catalog.asset(path: LibraryPath(paths[2]))?.id, ids[2])
    XCTAssertEqual(try catalog.asset(id: ids[2])?.isFavorite, true)
    XCTAssertEqual(try catalog.allAssets().count, 4)
    XCTAssertEqual(try catalog.duplicatePathCount(), 0)
  }

  func testRepairKeepsATrashedPhotoWhenARestoreWasKilledBeforeTheMove() throws {
    XCTAssertEqual(libraryTrash.moveToTrash([ids[3]], now: now), [])
    try catalog.write { db in
      try db.execute(
        sql: "UPDATE assets SET trash_pending = 2, restore_path = ? WHERE id = ?",
        arguments: [Data(paths[3].utf8), ids[3].rawValue])
    }
    // And a half-made cross-device copy of a process that is gone (pid 2^22 + 1 is past
    // Linux's pid_max).
    let partial = trash.homeTrash + "/.lightbox-partial-4194305-1"
    XCTAssertTrue(FileManager.default.createFile(atPath: partial, contents: Data([1])))
    XCTAssertEqual(libraryTrash.repair(now: now), [])
    XCTAssertFalse(exists(partial))
    XCTAssertEqual(try catalog.trashRow(ids[3])?.pending, .idle)
    XCTAssertEqual(try catalog.trashedPhotos().map(\.asset.id), [ids[3]], "still trashed")
    XCTAssertEqual(libraryTrash.restore([ids[3]]), [])
    XCTAssertTrue(exists(paths[3]))
  }

  func testRepairFollowsTheDesktopEmptyingOrRestoring() throws {
    XCTAssertEqual(libraryTrash.moveToTrash([ids[0], ids[1]], now: now), [])
    // Emptied from the desktop: file and .trashinfo gone.
    let emptied = try XCTUnwrap(catalog.trashRow(ids[0]))
    try FileManager.default.removeItem(atPath: emptied.path.string)
    try FileManager.default.removeItem(atPath: try XCTUnwrap(emptied.infoPath).string)
    // Restored by the desktop: file back at its place, .trashinfo gone.
    let restored = try XCTUnwrap(catalog.trashRow(ids[1]))
    try FileManager.default.moveItem(atPath: restored.path.string, toPath: paths[1])
    try FileManager.default.removeItem(atPath: try XCTUnwrap(restored.infoPath).string)
    XCTAssertEqual(libraryTrash.repair(now: now), [])
    XCTAssertNil(try catalog.asset(id: ids[0]))
    XCTAssertEqual(try catalog.asset(id: ids[1])?.path, paths[1])
    XCTAssertEqual(try catalog.trashedPhotos().count, 0)
  }

  // MARK: - Across file systems

  func testAcrossFileSystems() throws {
    var shm = stat()
    var disk = stat()
    guard stat("/dev/shm", &shm) == 0, access("/dev/shm", W_OK) == 0 else {
      throw XCTSkip("no writable /dev/shm: the cross-filesystem test needs a second file system")
    }
    XCTAssertEqual(stat(library.folder.path, &disk), 0)
    guard shm.st_dev != disk.st_dev else {
      throw XCTSkip("/dev/shm is on the same device as \(library.folder.path)")
    }
    let volumeRoot = "/dev/shm/lightbox-trash-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let volumeTrash = "/dev/shm/.Trash-\(getuid())"
    let hadVolumeTrash = exists(volumeTrash)
    defer {
      try? FileManager.default.removeItem(atPath: volumeRoot)
      if !hadVolumeTrash {
        // Only when empty: another program may have started using it meanwhile.
        rmdir(volumeTrash + "/files")
        rmdir(volumeTrash + "/info")
        rmdir(volumeTrash)
      }
    }
    try FileManager.default.createDirectory(
      atPath: volumeRoot + "/photos", withIntermediateDirectories: true)
    let a = volumeRoot + "/photos/a.jpg"
    let b = volumeRoot + "/photos/b.jpg"
    try Data(
      TestLibrary.jpeg(
        date: "2024:02:01 10:00:00", offset: nil, orientation: nil,
        width: 8, height: 8)
    ).write(to: URL(fileURLWithPath: a))
    try Data(
      TestLibrary.jpeg(
        date: "2024:02:02 10:00:00", offset: nil, orientation: nil,
        width: 9, height: 8)
    ).write(to: URL(fileURLWithPath: b))
    library.setMTime(b, 1_600_000_000)
    _ = try indexer.index(roots: [volumeRoot + "/photos"])
    let idA = try XCTUnwrap(catalog.asset(path: LibraryPath(a))?.id)
    let idB = try XCTUnwrap(catalog.asset(path: LibraryPath(b))?.id)
    let bytesA = bytes(a)
    let bytesB = bytes(b)

    // 1. The volume's own trash, by rename; Path= relative to its top directory.
    XCTAssertEqual(libraryTrash.moveToTrash([idA], now: now), [])
    let inVolume = try XCTUnwrap(catalog.trashedPhotos().first)
    XCTAssertTrue(inVolume.asset.path.hasPrefix(volumeTrash + "/files/"), inVolume.asset.path)
    let infoPath = try XCTUnwrap(catalog.trashRow(idA)?.infoPath).string
    let infoText = String(decoding: try XCTUnwrap(bytes(infoPath)), as: UTF8.self)
    let relative = String(volumeRoot.dropFirst("/dev/shm/".count)) + "/photos/a.jpg"
    XCTAssertTrue(infoText.contains("\nPath=\(relative)\n"), infoText)
    XCTAssertEqual(try FreedesktopTrash.readInfo(infoPath).originalPath, a)
    var info = stat()
    XCTAssertEqual(lstat(volumeTrash, &info), 0)
    XCTAssertEqual(info.st_mode & 0o777, 0o700)
    XCTAssertEqual(libraryTrash.restore([idA]), [])
    XCTAssertEqual(bytes(a), bytesA)

    // 2. No volume trash: copied to the home trash on disk (EXDEV), then back.
    var homeOnly = trash!
    homeOnly.usesVolumeTrashes = false
    let crossing = LibraryTrash(catalog: catalog, trash: homeOnly)
    XCTAssertEqual(crossing.moveToTrash([idB], now: now), [])
    XCTAssertFalse(exists(b))
    XCTAssertEqual(bytes(trash.homeTrash + "/files/b.jpg"), bytesB)
    XCTAssertEqual(
      try FreedesktopTrash.readInfo(trash.homeTrash + "/info/b.jpg.trashinfo")
        .originalPath, b)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: trash.homeTrash)
    XCTAssertEqual(leftovers.sorted(), ["files", "info"], "no partial copy left behind")
    XCTAssertEqual(crossing.restore([idB]), [])
    XCTAssertEqual(bytes(b), bytesB)
    XCTAssertEqual(try catalog.asset(path: LibraryPath(b))?.id, idB)
    XCTAssertEqual(try catalog.asset(id: idB)?.modificationTime, 1_600_000_000, "mtime kept")
    let rescan = try indexer.index()
    XCTAssertEqual(rescan.new + rescan.removed + rescan.changed, 0)
  }
}
