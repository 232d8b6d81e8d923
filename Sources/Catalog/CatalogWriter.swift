import Foundation
import GRDB
import PhotoMetadata
import PhotoModel

/// The writes of the indexer, each called inside one write transaction.
enum CatalogWriter {
  /// What the catalog already knows of a file: its stamp and which table holds it.
  struct Known: Sendable {
    var stamp: FileStamp
    var isPhoto: Bool
  }

  /// The SQL condition "path is `root` or lies inside it" with its arguments.
  static func treeCondition(_ root: LibraryPath) -> (sql: String, arguments: StatementArguments) {
    let root = root.normalized
    let prefix = root.folderPrefix
    // Inside the folder: prefix ≤ path < prefix with its last byte ('/') raised by one.
    var upper = prefix
    upper[upper.count - 1] &+= 1
    return (
      "(path = ? OR (path >= ? AND path < ?))",
      [Data(root.bytes), Data(prefix), Data(upper)]
    )
  }

  /// The stamps of every file the catalog knows under `root`.
  static func knownFiles(_ db: Database, under root: LibraryPath) throws -> [LibraryPath: Known] {
    var known: [LibraryPath: Known] = [:]
    let (condition, arguments) = treeCondition(root)
    for (table, isPhoto) in [("assets", true), ("other_files", false)] {
      let rows = try Row.fetchCursor(
        db, sql: "SELECT path, size, mtime_ns FROM \(table) WHERE \(condition)",
        arguments: arguments)
      while let row = try rows.next() {
        let path = LibraryPath(bytes: [UInt8](row[0] as Data))
        known[path] = Known(
          stamp: FileStamp(size: row[1], mtimeNanoseconds: row[2]), isPhoto: isPhoto)
      }
    }
    return known
  }

  /// Deletes the rows of `table` at or under `root`; returns how many went.
  @discardableResult
  static func deleteTree(_ db: Database, table: String, root: LibraryPath) throws -> Int {
    let (condition, arguments) = treeCondition(root)
    try db.execute(sql: "DELETE FROM \(table) WHERE \(condition)", arguments: arguments)
    return db.changesCount
  }

  /// Deletes the rows of these paths from both tables; returns how many photos went.
  static func delete(_ db: Database, paths: [LibraryPath]) throws -> Int {
    let photos = try db.makeStatement(sql: "DELETE FROM assets WHERE path = ?")
    let others = try db.makeStatement(sql: "DELETE FROM other_files WHERE path = ?")
    var removed = 0
    for path in paths {
      let blob = Data(path.bytes)
      try photos.execute(arguments: [blob])
      removed += db.changesCount
      try others.execute(arguments: [blob])
    }
    return removed
  }

  static let upsertAssetSQL = """
    INSERT INTO assets (
      path, size, mtime_ns, format, width, height, orientation, date_time_original,
      capture_local, capture_day, capture_sort_key, capture_offset, capture_source,
      make, model, lens, exposure_time_num, exposure_time_den, f_number, iso, focal_length,
      latitude, longitude, altitude, thumbnail_offset, thumbnail_length, indexed_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(path) DO UPDATE SET
      size = excluded.size, mtime_ns = excluded.mtime_ns, format = excluded.format,
      width = excluded.width, height = excluded.height, orientation = excluded.orientation,
      date_time_original = excluded.date_time_original,
      capture_local = excluded.capture_local, capture_day = excluded.capture_day,
      capture_sort_key = excluded.capture_sort_key, capture_offset = excluded.capture_offset,
      capture_source = excluded.capture_source, make = excluded.make, model = excluded.model,
      lens = excluded.lens, exposure_time_num = excluded.exposure_time_num,
      exposure_time_den = excluded.exposure_time_den, f_number = excluded.f_number,
      iso = excluded.iso, focal_length = excluded.focal_length, latitude = excluded.latitude,
      longitude = excluded.longitude, altitude = excluded.altitude,
      thumbnail_offset = excluded.thumbnail_offset, thumbnail_length = excluded.thumbnail_length,
      indexed_at = excluded.indexed_at
    """

  static let upsertOtherSQL = """
    INSERT INTO other_files (path, size, mtime_ns, reason) VALUES (?, ?, ?, ?)
    ON CONFLICT(path) DO UPDATE SET
      size = excluded.size, mtime_ns = excluded.mtime_ns, reason = excluded.reason
    """

  /// Writes `entries` (new or changed files). A file that turned from photo to non-photo
  /// (or back) leaves the other table, using `known` to know where it was.
  static func write(
    _ db: Database, entries: [CatalogEntry], known: [LibraryPath: Known], now: Int64
  ) throws {
    let photo = try db.cachedStatement(sql: upsertAssetSQL)
    let other = try db.cachedStatement(sql: upsertOtherSQL)
    for entry in entries {
      let blob = Data(entry.path.bytes)
      let wasPhoto = known[entry.path]?.isPhoto
      if let metadata = entry.metadata, let date = entry.captureDate {
        photo.setUncheckedArguments(assetArguments(entry, metadata, date, blob, now))
        try photo.execute()
        if wasPhoto == false {
          try db.execute(sql: "DELETE FROM other_files WHERE path = ?", arguments: [blob])
        }
      } else {
        other.setUncheckedArguments([
          blob, entry.stamp.size, entry.stamp.mtimeNanoseconds, entry.reason,
        ])
        try other.execute()
        if wasPhoto == true {
          try db.execute(sql: "DELETE FROM assets WHERE path = ?", arguments: [blob])
        }
      }
    }
  }

  private static func assetArguments(
    _ entry: CatalogEntry, _ m: PhotoMetadata, _ date: CaptureDate, _ blob: Data, _ now: Int64
  ) -> StatementArguments {
    let exposure = m.exposure
    let values: [(any DatabaseValueConvertible)?] = [
      blob, entry.stamp.size, entry.stamp.mtimeNanoseconds, (m.format ?? .jpeg).rawValue,
      m.pixelSize?.width, m.pixelSize?.height, m.orientation.rawValue, m.dateTimeOriginal,
      localText(date), date.localDayNumber, date.localSortKey, date.utcOffsetSeconds,
      date.source.rawValue, m.cameraMake, m.cameraModel, m.lensModel,
      exposure?.exposureTime?.numerator, exposure?.exposureTime?.denominator,
      exposure?.fNumber?.value, exposure?.iso, exposure?.focalLength?.value,
      m.gps?.latitude, m.gps?.longitude, m.gps?.altitude,
      m.exifThumbnail.map { Int64($0.lowerBound) }, m.exifThumbnail.map { Int64($0.count) }, now,
    ]
    return StatementArguments(values)
  }

  /// "2024-08-13T23:30:00.000", the local wall clock (readable in SQL, sorts as text).
  static func localText(_ d: CaptureDate) -> String {
    func pad(_ n: Int, _ width: Int) -> String {
      let s = String(n)
      return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
    return "\(pad(d.year, 4))-\(pad(d.month, 2))-\(pad(d.day, 2))T\(pad(d.hour, 2)):"
      + "\(pad(d.minute, 2)):\(pad(d.second, 2)).\(pad(d.millisecond, 3))"
  }
}
