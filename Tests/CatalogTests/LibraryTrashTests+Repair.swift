import Foundation
import GRDB
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

/// Killed between steps: `repair` finishing or undoing a move, restore or erase that a
/// process left half done, and following what the desktop did to the Trash meanwhile.
extension LibraryTrashTests {
  /// Moves the file as `moveToTrash` does but stops before the row's last write, as a
  /// process killed there would.
  private func trashButDieBeforeTheRowIsUpdated(_ index: Int) throws -> TrashEntry {
    let reservation = try trash.reserve(LibraryPath(paths[index]), now: now)
    try catalog.write { db in
      try db.execute(
        sql: """
          UPDATE assets SET trash_pending = 1, trash_info_path = ?,
            original_path = \(FilePlace.pathSQL)
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
        sql:
          "UPDATE assets SET trash_pending = 1, original_path = \(FilePlace.pathSQL) WHERE id = ?",
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
        sql:
          "UPDATE assets SET trash_pending = 1, original_path = \(FilePlace.pathSQL) WHERE id = ?",
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
}
