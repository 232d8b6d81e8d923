import Foundation
import GRDB
import PhotoModel

/// Trash + catalog together, each operation crash-safe and reported per file.
///
/// A trashed photo keeps its row (id, favorite flag, album memberships); its `path` becomes
/// the file in the Trash and `original_path` keeps where it was, so a new file at the old
/// place is a new row and a restore is the same row again.
///
/// Every move is journaled in the row before the file moves (`trash_pending` with the
/// `.trashinfo` or the restore destination), and finished in a second transaction after.
/// A process killed in between leaves at worst a file in the Trash with its `.trashinfo`;
/// `repair` (run before every operation, and by the app at start) looks at where the file
/// really is and finishes or undoes the step. See docs/architecture.md, "Delete and restore".
public final class LibraryTrash: Sendable {
  public let catalog: Catalog
  public let trash: FreedesktopTrash
  /// One operation at a time: the journal assumes nobody else moves the same row.
  private let lock = NSLock()
  /// Held (flock) during each operation, so a second Lightbox on the same catalog never
  /// "repairs" a move this one is in the middle of.
  private let lockFile: String
  /// Seconds to wait for another process's operation before giving up with `busy`.
  private let lockTimeout: Double
  /// The problem reported when another process keeps the Trash busy past `lockTimeout`.
  public static let busy = "another Lightbox is changing the Trash of this library: try again"

  public init(catalog: Catalog, trash: FreedesktopTrash, lockTimeout: Double = 10) {
    self.catalog = catalog
    self.trash = trash
    lockFile = catalog.path + "-trash.lock"
    self.lockTimeout = max(0, lockTimeout)
  }

  /// Moves each photo's file to the Trash and marks its row trashed (row kept, with its
  /// favorite flag and album memberships, path changed to the trash file, original path
  /// kept). Returns one-line problems for the files that could not be moved (others proceed).
  public func moveToTrash(_ ids: [AssetID], now: Int64) -> [String] {
    exclusively(orElse: [Self.busy]) {
      var problems = repairUnlocked(now: now)
      for id in ids {
        do { try trashOne(id, now: now) } catch { problems.append(line(id, error)) }
      }
      return problems
    }
  }

  /// Restores: file back (clash → new name), row un-trashed with the restored path. Favorites
  /// and albums come back with it.
  public func restore(_ ids: [AssetID]) -> [String] {
    exclusively(orElse: [Self.busy]) {
      var problems = repairUnlocked(now: Self.currentTime())
      for id in ids {
        do { try restoreOne(id) } catch { problems.append(line(id, error)) }
      }
      return problems
    }
  }

  /// Erases files and their rows (album memberships go with the rows). Only trashed photos:
  /// anything else is refused, so a stale selection can never erase a library file.
  public func deleteForever(_ ids: [AssetID]) -> [String] {
    exclusively(orElse: [Self.busy]) {
      var problems = repairUnlocked(now: Self.currentTime())
      for id in ids {
        do { try eraseOne(id) } catch { problems.append(line(id, error)) }
      }
      return problems
    }
  }

  /// Erases every trashed photo deleted more than `retentionDays` days before `now`;
  /// returns how many.
  public func purge(retentionDays: Int, now: Int64) -> (purged: Int, problems: [String]) {
    exclusively(orElse: (0, [Self.busy])) {
      var problems = repairUnlocked(now: now)
      // Clamped so a hostile setting cannot overflow: 0 days purges everything trashed
      // before `now`, a huge value nothing.
      let days = Int64(max(0, min(retentionDays, 1_000_000)))
      let (age, overflow) = days.multipliedReportingOverflow(by: 86_400)
      let (cutoff, underflow) = now.subtractingReportingOverflow(age)
      guard !overflow, !underflow else { return (0, problems) }
      let ids: [AssetID]
      do {
        ids = try catalog.read { db in
          try Int64.fetchAll(
            db,
            sql: """
              SELECT id FROM assets
              WHERE trashed_at IS NOT NULL AND trash_pending = 0 AND trashed_at < ?
              ORDER BY trashed_at
              """,
            arguments: [cutoff]
          ).map(AssetID.init)
        }
      } catch {
        return (0, problems + ["cannot read Recently Deleted: \(error)"])
      }
      var purged = 0
      for id in ids {
        do {
          try eraseOne(id)
          purged += 1
        } catch {
          problems.append(line(id, error))
        }
      }
      return (purged, problems)
    }
  }

  /// Finishes or undoes what a killed process left half done, and drops the rows of
  /// trashed files that are gone for good (emptied from the desktop). Returns problems.
  @discardableResult
  public func repair(now: Int64 = LibraryTrash.currentTime()) -> [String] {
    exclusively(orElse: [Self.busy]) { repairUnlocked(now: now) }
  }

  /// Seconds since the epoch, now.
  public static func currentTime() -> Int64 { Int64(Date().timeIntervalSince1970) }

  /// Runs `body` holding the in-process lock and the catalog's trash lock file; gives
  /// `fallback` when another process holds it past `lockTimeout` (never waits forever).
  private func exclusively<T>(orElse fallback: T, _ body: () -> T) -> T {
    lock.withLock {
      let fd = open(lockFile, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(0o600))
      // Without a lock file (read-only folder) the in-process lock still holds.
      guard fd >= 0 else { return body() }
      defer { close(fd) }  // closing releases the flock
      let deadline = Date().addingTimeInterval(lockTimeout)
      while flock(fd, LOCK_EX | LOCK_NB) != 0 {
        guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else { return fallback }
        usleep(10_000)
      }
      return body()
    }
  }

  // MARK: - One photo

  private func trashOne(_ id: AssetID, now: Int64) throws {
    guard let row = try catalog.trashRow(id) else {
      throw CatalogError("not in the catalog")
    }
    if row.trashedAt != nil { return }  // already there: nothing to do
    // 1. Journal the intent before anything is written in the Trash, then which
    // .trashinfo belongs to the row before the file moves.
    try catalog.write { db in
      try db.execute(
        sql: """
          UPDATE assets SET trash_pending = 1, trash_info_path = NULL,
            original_path = \(FilePlace.pathSQL)
          WHERE id = ?
          """,
        arguments: [id.rawValue])
    }
    let reservation: FreedesktopTrash.Reservation
    do {
      reservation = try trash.reserve(row.path, now: now)
    } catch {
      try? catalog.write { db in try Self.clearPending(db, id) }
      throw error
    }
    do {
      try catalog.write { db in
        try db.execute(
          sql: "UPDATE assets SET trash_info_path = ? WHERE id = ?",
          arguments: [Data(reservation.info.bytes), id.rawValue])
      }
    } catch {
      trash.cancel(reservation)
      try? catalog.write { db in try Self.clearPending(db, id) }
      throw error
    }
    // 2. The file moves.
    do {
      try trash.commit(reservation)
    } catch {
      try? catalog.write { db in try Self.clearPending(db, id) }
      throw error
    }
    // 3. The row follows it.
    do {
      try catalog.write { db in
        try Self.finishTrashing(db, id, file: reservation.file, deletedAt: now)
      }
    } catch {
      throw CatalogError("moved to the Trash, but the catalog will record it only later: \(error)")
    }
  }

  private func restoreOne(_ id: AssetID) throws {
    guard let row = try catalog.trashRow(id) else { throw CatalogError("not in the catalog") }
    guard row.trashedAt != nil else { throw CatalogError("not in Recently Deleted") }
    guard let original = row.originalPath, original.bytes.first == UInt8(ascii: "/") else {
      throw CatalogError("its original place is not recorded")
    }
    let destination = FreedesktopTrash.freeDestination(for: original)
    try catalog.write { db in
      try db.execute(
        sql: "UPDATE assets SET trash_pending = 2, restore_path = ? WHERE id = ?",
        arguments: [Data(destination.bytes), id.rawValue])
    }
    let restored: LibraryPath
    do {
      restored = try trash.restore(file: row.path, info: row.infoPath, to: destination)
    } catch {
      try? catalog.write { db in try Self.clearPending(db, id) }
      throw error
    }
    try catalog.write { db in try Self.finishRestoring(db, id, at: restored) }
  }

  private func eraseOne(_ id: AssetID) throws {
    guard let row = try catalog.trashRow(id) else { throw CatalogError("not in the catalog") }
    guard row.trashedAt != nil, row.pending == .idle else {
      throw CatalogError("not in Recently Deleted (move it to the Trash first)")
    }
    // File first, row after: killed between, the row of a vanished trash file is dropped
    // by the next repair.
    try trash.erase(file: row.path, info: row.infoPath)
    try catalog.write { db in
      try db.execute(sql: "DELETE FROM assets WHERE id = ?", arguments: [id.rawValue])
    }
  }

  // MARK: - Repair

  private func repairUnlocked(now: Int64) -> [String] {
    var problems: [String] = []
    trash.removeStalePartials()
    let rows: [Catalog.TrashRow]
    do { rows = try catalog.trashRows() } catch { return ["cannot read the Trash rows: \(error)"] }
    for row in rows {
      do {
        switch row.pending {
        case .trashing: try repairTrashing(row, now: now)
        case .restoring: try repairRestoring(row)
        case .idle: try repairTrashed(row)
        }
      } catch {
        problems.append(line(row.id, error))
      }
    }
    return problems
  }

  /// Killed while moving to the Trash: finished when the file is in the Trash, undone when
  /// it is still in the library.
  private func repairTrashing(_ row: Catalog.TrashRow, now: Int64) throws {
    guard let info = row.infoPath else {
      // Killed before the .trashinfo was recorded: the file never moved; an info file may
      // have been written for it.
      for orphan in trash.orphanInfos(for: row.path) {
        _ = orphan.withCString { unlink($0) }
      }
      try catalog.write { db in try Self.clearPending(db, row.id) }
      return
    }
    let file = FreedesktopTrash.filePath(forInfo: info)
    let inTrash = FileMoves.exists(file)
    let inPlace = FileMoves.exists(row.path)
    if inTrash && !inPlace {
      let date = try? FreedesktopTrash.readInfo(info).deletionDate
      let deletedAt = date.flatMap(FreedesktopTrash.parseDeletionDate) ?? now
      try catalog.write { db in
        try Self.finishTrashing(db, row.id, file: file, deletedAt: deletedAt)
      }
      return
    }
    if inTrash && inPlace {
      // A cross-device copy placed, original not yet removed: the library copy wins.
      try FileMoves.removeTree(file)
    }
    _ = info.withCString { unlink($0) }
    try catalog.write { db in try Self.clearPending(db, row.id) }
  }

  /// Killed while restoring: finished when the file reached its destination, else the
  /// photo stays in Recently Deleted.
  private func repairRestoring(_ row: Catalog.TrashRow) throws {
    if let destination = row.restorePath, FileMoves.exists(destination),
      !FileMoves.exists(row.path)
    {
      if let info = row.infoPath { _ = info.withCString { unlink($0) } }
      try catalog.write { db in try Self.finishRestoring(db, row.id, at: destination) }
      return
    }
    // Both there (a cross-device copy not yet cleaned up): the copy in the library is
    // indexed as a photo of its own; nothing is lost.
    try catalog.write { db in try Self.clearPending(db, row.id) }
  }

  /// A trashed photo whose file left the Trash behind Lightbox's back: restored by the
  /// desktop (file back at its original place) or emptied (gone with its .trashinfo).
  /// A `.trashinfo` left without its file (an erase killed half-way) goes with the row.
  private func repairTrashed(_ row: Catalog.TrashRow) throws {
    guard !FileMoves.exists(row.path) else { return }
    // An unmounted volume is not an empty trash: only judge when files/ is there.
    guard FileMoves.exists(row.path.parent) else { return }
    if let info = row.infoPath { _ = info.withCString { unlink($0) } }
    if let original = row.originalPath, let back = FileMoves.status(original),
      !FileMoves.isDirectory(back)
    {
      // The same file is back (a rename keeps size and mtime), not a new one at its place.
      let stamp = FileStamp(back)
      if stamp.size == row.size, stamp.mtimeNanoseconds == row.mtimeNanoseconds {
        try catalog.write { db in try Self.finishRestoring(db, row.id, at: original) }
        return
      }
    }
    try catalog.write { db in
      try db.execute(sql: "DELETE FROM assets WHERE id = ?", arguments: [row.id.rawValue])
    }
  }

  // MARK: - Row changes (each inside one transaction)

  private static func clearPending(_ db: Database, _ id: AssetID) throws {
    // A failed move to the Trash leaves the row as it was; a failed restore leaves it
    // trashed (its original_path and .trashinfo still needed).
    try db.execute(
      sql: """
        UPDATE assets SET
          original_path = CASE WHEN trashed_at IS NULL THEN NULL ELSE original_path END,
          trash_info_path = CASE WHEN trashed_at IS NULL THEN NULL ELSE trash_info_path END,
          trash_pending = 0, restore_path = NULL
        WHERE id = ?
        """,
      arguments: [id.rawValue])
  }

  private static func finishTrashing(
    _ db: Database, _ id: AssetID, file: LibraryPath, deletedAt: Int64
  ) throws {
    // A row already at this fresh trash name can only describe a file that is gone.
    try db.execute(
      sql: "DELETE FROM assets WHERE \(FilePlace.matchSQL) AND id != ?",
      arguments: FilePlace.arguments(file) + [id.rawValue])
    let (folder, name) = FilePlace.split(file.bytes)
    try db.execute(
      sql: """
        UPDATE assets SET folder_id = ?, name = ?, trashed_at = ?, trash_pending = 0,
          restore_path = NULL
        WHERE id = ?
        """,
      arguments: [try FilePlace.folderID(db, folder), Data(name), deletedAt, id.rawValue])
  }

  private static func finishRestoring(_ db: Database, _ id: AssetID, at path: LibraryPath) throws {
    // The watcher may have indexed the restored file as a new photo in the moment between
    // the move and this write: that row is this photo, and gives way to it.
    try db.execute(
      sql: "DELETE FROM assets WHERE \(FilePlace.matchSQL) AND id != ? AND trashed_at IS NULL",
      arguments: FilePlace.arguments(path) + [id.rawValue])
    try db.execute(
      sql: "DELETE FROM other_files WHERE \(FilePlace.matchSQL)",
      arguments: FilePlace.arguments(path))
    let (folder, name) = FilePlace.split(path.bytes)
    try db.execute(
      sql: """
        UPDATE assets SET folder_id = ?, name = ?, trashed_at = NULL, original_path = NULL,
          trash_info_path = NULL, trash_pending = 0, restore_path = NULL
        WHERE id = ?
        """,
      arguments: [try FilePlace.folderID(db, folder), Data(name), id.rawValue])
  }

  // MARK: - Text

  /// "IMG_1.jpg: reason" (the photo's current file name, or its id when unknown).
  private func line(_ id: AssetID, _ error: Error) -> String {
    let reason = (error as? CatalogError)?.reason ?? "\(error)"
    let row = try? catalog.trashRow(id)
    let name = (row?.originalPath ?? row?.path).map {
      String(decoding: $0.lastComponent, as: UTF8.self)
    }
    let text = "\(name ?? "photo \(id.rawValue)"): \(reason)"
    // One line whatever the file name holds (a newline or an escape is a legal name byte).
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
  }
}
