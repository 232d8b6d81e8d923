import Foundation
import GRDB
import GRDBSQLite
import PhotoMetadata
import PhotoModel

/// The writes of the indexer, each called inside one write transaction.
enum CatalogWriter {
  /// What the catalog already knows of a file: its stamp and which table holds it.
  struct Known: Sendable {
    var stamp: FileStamp
    var isPhoto: Bool
  }

  /// The SQL condition "the row's file is `root` or lies inside it" with its arguments.
  static func treeCondition(_ root: LibraryPath) -> (sql: String, arguments: StatementArguments) {
    FilePlace.treeCondition(root)
  }

  /// Rows the indexer may delete: a trashed photo (or one being moved to or from the
  /// Trash) is owned by `LibraryTrash`; its file is not at the row's original place, so
  /// neither a re-scan nor the watcher's event of the move may drop it.
  static let notInTrashSQL = "trashed_at IS NULL AND trash_pending = 0"

  /// The stamps of every file the catalog knows under `root`. Trashed rows are included
  /// (a trash folder inside a root is then not re-read each scan); every delete skips them.
  ///
  /// `wholeTree`: most of the table is wanted (a full index of a root), so it is read in
  /// one pass instead of through the path index plus a row lookup per file.
  static func knownFiles(
    _ db: Database, under root: LibraryPath, wholeTree: Bool, into known: StampTable
  ) throws {
    let (condition, arguments) = treeCondition(root)
    // One pass over the whole table gains nothing from the page cache, which would fill to
    // its 64 MB and stay: a small one for this read (issue 19's memory per photo). Nor from
    // the reader's memory map: every page read through it counts in the browser's resident
    // memory while the re-scan holds its own tables beside the library (issue 32 §6).
    let cache = wholeTree ? try Int.fetchOne(db, sql: "PRAGMA cache_size") : nil
    let map = wholeTree ? try Int.fetchOne(db, sql: "PRAGMA mmap_size") : nil
    if cache != nil { try db.execute(sql: "PRAGMA cache_size = -2048") }
    if map != nil { try db.execute(sql: "PRAGMA mmap_size = 0") }
    defer {
      if let cache { try? db.execute(sql: "PRAGMA cache_size = \(cache)") }
      if let map { try? db.execute(sql: "PRAGMA mmap_size = \(map)") }
    }
    let folders = try FilePlace.folders(db, under: root)
    // Each row's whole path is put together in one buffer: folder bytes, then the name.
    var path: [UInt8] = []
    path.reserveCapacity(4096)
    for (table, isPhoto) in [("assets", true), ("other_files", false)] {
      let source = wholeTree ? "\(table) NOT INDEXED" : table
      let statement = try db.makeStatement(
        sql: "SELECT folder_id, name, size, mtime_ns FROM \(source) WHERE \(condition)")
      try statement.setArguments(arguments)
      let s = statement.sqliteStatement
      let rows = try Row.fetchCursor(statement)
      // Straight from SQLite into the table's arena: no array per row.
      while try rows.next() != nil {
        path.removeAll(keepingCapacity: true)
        if let folder = folders[sqlite3_column_int64(s, 0)] { path.append(contentsOf: folder) }
        let count = Int(sqlite3_column_bytes(s, 1))
        if count > 0, let name = sqlite3_column_blob(s, 1) {
          path.append(
            contentsOf: UnsafeRawBufferPointer(start: name, count: count).bindMemory(to: UInt8.self)
          )
        }
        path.withUnsafeBytes { bytes in
          known.add(
            bytes,
            stamp: FileStamp(
              size: sqlite3_column_int64(s, 2), mtimeNanoseconds: sqlite3_column_int64(s, 3)),
            isPhoto: isPhoto)
        }
      }
    }
  }

  /// About how many files the catalog knows (the table is sized by it): the largest photo
  /// row id, which is found in the id index without reading the table, and the other files.
  static func knownFileEstimate(_ db: Database) throws -> Int {
    let photos = try Int.fetchOne(db, sql: "SELECT max(id) FROM assets") ?? 0
    let others = try Int.fetchOne(db, sql: "SELECT count(*) FROM other_files") ?? 0
    return photos + others
  }

  /// Deletes the rows of `table` at or under `root` (trashed photos stay); returns how
  /// many went.
  @discardableResult
  static func deleteTree(_ db: Database, table: String, root: LibraryPath) throws -> Int {
    let (condition, arguments) = treeCondition(root)
    let extra = table == "assets" ? " AND \(notInTrashSQL)" : ""
    try db.execute(
      sql: "DELETE FROM \(table) WHERE \(condition)\(extra)", arguments: arguments)
    return db.changesCount
  }

  /// Deletes the rows of these paths from both tables; returns how many photos went.
  static func delete(_ db: Database, paths: [LibraryPath]) throws -> Int {
    let photos = try db.makeStatement(
      sql: "DELETE FROM assets WHERE \(FilePlace.matchSQL) AND \(notInTrashSQL)")
    let others = try db.makeStatement(
      sql: "DELETE FROM other_files WHERE \(FilePlace.matchSQL)")
    var removed = 0
    for path in paths {
      let arguments = FilePlace.arguments(path)
      try photos.execute(arguments: arguments)
      removed += db.changesCount
      try others.execute(arguments: arguments)
    }
    return removed
  }

  /// Inserts or refreshes a photo row. `added_at` (the first index time) is not in the
  /// update, so a changed file keeps the day it joined the library.
  static let upsertAssetSQL = """
    INSERT INTO assets (
      folder_id, name, size, mtime_ns, format, width, height, orientation,
      capture_sort_key, capture_offset, capture_source,
      camera, exposure_time_num, exposure_time_den, f_number, iso, focal_length,
      latitude, longitude, altitude, thumbnail_offset, thumbnail_length,
      added_at, animated, duration, content_identifier, video_format, truncated, place,
      rating, label)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
      ?, ?, ?, ?)
    ON CONFLICT(folder_id, name) DO UPDATE SET
      size = excluded.size, mtime_ns = excluded.mtime_ns, format = excluded.format,
      width = excluded.width, height = excluded.height, orientation = excluded.orientation,
      capture_sort_key = excluded.capture_sort_key, capture_offset = excluded.capture_offset,
      capture_source = excluded.capture_source, camera = excluded.camera,
      exposure_time_num = excluded.exposure_time_num,
      exposure_time_den = excluded.exposure_time_den, f_number = excluded.f_number,
      iso = excluded.iso, focal_length = excluded.focal_length, latitude = excluded.latitude,
      longitude = excluded.longitude, altitude = excluded.altitude,
      thumbnail_offset = excluded.thumbnail_offset, thumbnail_length = excluded.thumbnail_length,
      animated = excluded.animated,
      duration = excluded.duration, content_identifier = excluded.content_identifier,
      video_format = excluded.video_format, truncated = excluded.truncated,
      place = excluded.place, rating = excluded.rating, label = excluded.label
    """

  static let upsertOtherSQL = """
    INSERT INTO other_files (folder_id, name, size, mtime_ns, reason) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT(folder_id, name) DO UPDATE SET
      size = excluded.size, mtime_ns = excluded.mtime_ns, reason = excluded.reason
    """

  /// Writes `entries` (new or changed files); `animated[i]` (when given) flags entry i as
  /// multi-frame; `place` gives a position's `place` value (`Catalog.placeValue`). A file
  /// that turned from photo to non-photo (or back) leaves the other table.
  static func write(
    _ db: Database, entries: [CatalogEntry], animated: [Bool] = [], now: Int64,
    place: (GPSCoordinate?) -> Int64? = { _ in nil }
  ) throws {
    // Values are bound straight into SQLite: boxing 27 values per row through
    // StatementArguments cost more than the inserts themselves.
    let photo = RawStatement(try db.cachedStatement(sql: upsertAssetSQL), db)
    let other = RawStatement(try db.cachedStatement(sql: upsertOtherSQL), db)
    var folders = FilePlace.IDs()
    let rowID = try db.cachedStatement(
      sql: "SELECT id FROM assets WHERE folder_id = ? AND name = ?")
    var tagIDs: [[String]: Int64] = [:]
    var personIDs: [String: Int64] = [:]
    var cameras = Catalog.CameraIDs()
    for (index, entry) in entries.enumerated() {
      let wasPhoto = entry.wasPhoto
      let (folder, name) = FilePlace.split(entry.path.bytes)
      let folderID = try folders.id(db, folder)
      if let m = entry.metadata, let date = entry.captureDate {
        let e = m.exposure
        let camera = try cameras.id(
          db, make: m.cameraMake, model: m.cameraModel, lens: m.lensModel)
        try photo.run { b in
          b.int(folderID)
          b.blob(name)
          b.int(entry.stamp.size)
          b.int(entry.stamp.mtimeNanoseconds)
          b.text((m.format ?? .jpeg).rawValue)
          b.int(m.pixelSize.map { Int64($0.width) })
          b.int(m.pixelSize.map { Int64($0.height) })
          b.int(Int64(m.orientation.rawValue))
          b.int(date.localSortKey)
          b.int(date.utcOffsetSeconds.map(Int64.init))
          b.text(date.source.rawValue)
          b.int(camera)
          b.int(e?.exposureTime?.numerator)
          b.int(e?.exposureTime?.denominator)
          b.double(e?.fNumber?.value)
          b.int(e?.iso.map(Int64.init))
          b.double(e?.focalLength?.value)
          b.double(m.gps?.latitude)
          b.double(m.gps?.longitude)
          b.double(m.gps?.altitude)
          b.int(m.exifThumbnail.map { Int64($0.lowerBound) })
          b.int(m.exifThumbnail.map { Int64($0.count) })
          b.int(now)
          b.int(index < animated.count && animated[index] ? 1 : 0)
          b.double(m.video?.duration)
          b.text(m.video?.contentIdentifier ?? m.contentIdentifier)
          b.text(m.format == .video ? m.video?.formatText : nil)
          b.int(m.isTruncated ? 1 : 0)
          b.int(place(m.gps))
          b.int(Int64(entry.rating))
          b.text(entry.label)
        }
        // Tags, people and captions: a photo read again may have lost some; a new one
        // without any has none to drop.
        let hasPeople = !entry.people.isEmpty || entry.title != nil || entry.caption != nil
        if !entry.tags.isEmpty || hasPeople || wasPhoto == true {
          let id = try Int64.fetchOne(
            rowID, arguments: [folderID, Data(name)])
          if let id, !entry.tags.isEmpty || wasPhoto == true {
            try Catalog.replaceTags(db, id: id, tags: entry.tags, cache: &tagIDs)
          }
          if let id, hasPeople || wasPhoto == true {
            try Catalog.storePeople(db, id: id, entry, cache: &personIDs)
          }
        }
        if wasPhoto == false {
          try db.execute(
            sql: "DELETE FROM other_files WHERE folder_id = ? AND name = ?",
            arguments: [folderID, Data(name)])
        }
      } else {
        try other.run { b in
          b.int(folderID)
          b.blob(name)
          b.int(entry.stamp.size)
          b.int(entry.stamp.mtimeNanoseconds)
          b.text(entry.reason)
        }
        if wasPhoto == true {
          try db.execute(
            sql: "DELETE FROM assets WHERE folder_id = ? AND name = ? AND \(notInTrashSQL)",
            arguments: [folderID, Data(name)])
        }
      }
    }
  }
}
