import Foundation
import GRDB
import GRDBSQLite
import PhotoModel

/// Turns `assets` rows into `Asset` values, reading the columns straight from SQLite (a
/// 100,000-row library loads in tens of milliseconds this way).
enum AssetRowReader {
  static let columns = """
    id, name, size, mtime_ns, format, width, height, orientation, capture_sort_key,
    capture_offset, capture_source, camera, favorite, hidden, latitude, longitude,
    thumbnail_offset, thumbnail_length, exposure_time_num, exposure_time_den, f_number, iso,
    focal_length, added_at, animated, duration, rotation, content_identifier, video_format,
    truncated, folder_id, place, rating
    """

  /// The index of the first column a query selects after `columns`.
  static let firstExtraColumn: Int32 = 33

  /// The assets matching `whereSQL` in timeline order: capture date, then path (the bytes'
  /// order, as the catalog sorted them when the timeline index held the path).
  ///
  /// `mostRows`: most of the table is wanted (the whole library), so room for every row is
  /// made first (counted in the small timeline index): a million photos then go into one
  /// array, instead of growing it by doubling, which at the last step held the old array
  /// and one twice its size (~160 MB at a million).
  static func timeline(
    _ db: Database, places: PlaceNamer? = nil, whereSQL: String,
    arguments: StatementArguments = [], mostRows: Bool = false
  ) throws -> [Asset] {
    let rows = mostRows ? try Int.fetchOne(db, sql: "SELECT count(*) FROM assets") ?? 0 : 1024
    var assets = try fetch(
      db, places: places, whereSQL: whereSQL, orderSQL: "capture_sort_key",
      arguments: arguments, capacity: rows)
    orderTies(&assets)
    return assets
  }

  /// Puts the photos of one instant (equal sort keys, next to each other) in path order; the
  /// timeline index gives them in row id order.
  static func orderTies(_ assets: inout [Asset]) {
    var start = 0
    while start < assets.count {
      let key = assets[start].captureDate.localSortKey
      var end = start + 1
      while end < assets.count, assets[end].captureDate.localSortKey == key { end += 1 }
      if end - start > 1 { assets[start..<end].sort(by: pathPrecedes) }
      start = end
    }
  }

  /// Whether `a`'s path sorts before `b`'s, byte by byte (as SQLite compares BLOBs).
  static func pathPrecedes(_ a: Asset, _ b: Asset) -> Bool {
    switch (a.pathBytes, b.pathBytes) {
    case (nil, nil): a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
    case (let x?, nil): x.lexicographicallyPrecedes(b.path.utf8)
    case (nil, let y?): a.path.utf8.lexicographicallyPrecedes(y)
    case (let x?, let y?): x.lexicographicallyPrecedes(y)
    }
  }

  /// The assets matching `whereSQL`, in `orderSQL` order; room for `capacity` is made first.
  /// Their places are named by `places` (nil: none).
  static func fetch(
    _ db: Database, places: PlaceNamer? = nil, whereSQL: String, orderSQL: String?,
    arguments: StatementArguments = [], capacity: Int = 1024
  ) throws -> [Asset] {
    var sql = "SELECT \(columns) FROM assets WHERE \(whereSQL)"
    if let orderSQL { sql += " ORDER BY \(orderSQL)" }
    var assets: [Asset] = []
    assets.reserveCapacity(max(0, capacity))
    try forEach(db, places: places, sql: sql, arguments: arguments) { asset, _ in
      assets.append(asset)
    }
    return assets
  }

  /// `columns` of the table named `table` in a join (`a.id, a.name, …`).
  static func columns(of table: String) -> String {
    columns.split(separator: ",").map {
      "\(table).\($0.trimmingCharacters(in: .whitespacesAndNewlines))"
    }
    .joined(separator: ", ")
  }

  /// Each row of `sql` (which selects `columns` first, in their order, then any columns of
  /// its own, from `firstExtraColumn`) as an `Asset`, handed to `body` with the statement (for those
  /// columns) one at a time: nothing is kept.
  static func forEach(
    _ db: Database, places: PlaceNamer? = nil, sql: String, arguments: StatementArguments = [],
    _ body: (Asset, SQLiteStatement) throws -> Void
  ) throws {
    let statement = try db.makeStatement(sql: sql)
    try statement.setArguments(arguments)
    let s = statement.sqliteStatement
    // A few thousand folders for a million photos: each read once, joined to its names here.
    var folders: [Int64: [UInt8]] = [:]
    // A few cameras for any number of photos (`Catalog+Cameras`).
    let cameras = try Catalog.cameraNames(db)
    let folderPath = try db.cachedStatement(sql: "SELECT path FROM folders WHERE id = ?")
    var whole: [UInt8] = []
    whole.reserveCapacity(4096)
    let cursor = try Row.fetchCursor(statement)
    while try cursor.next() != nil {
      whole.removeAll(keepingCapacity: true)
      let folderID = sqlite3_column_int64(s, 30)
      if let folder = folders[folderID] {
        whole.append(contentsOf: folder)
      } else if let folder = try Data.fetchOne(folderPath, arguments: [folderID]) {
        folders[folderID] = [UInt8](folder)
        whole.append(contentsOf: folder)
      }
      let count = Int(sqlite3_column_bytes(s, 1))
      if count > 0, let name = sqlite3_column_blob(s, 1) {
        whole.append(
          contentsOf: UnsafeRawBufferPointer(start: name, count: count).bindMemory(to: UInt8.self))
      }
      // One pass over the path bytes: valid UTF-8 (nearly always) becomes the String; only
      // the rare non-UTF-8 path keeps its bytes, since the text form loses them.
      let validated = String(validating: whole, as: UTF8.self)
      let path = validated ?? String(decoding: whole, as: UTF8.self)
      let pathBytes: [UInt8]? = validated == nil ? whole : nil
      let format = text(s, 4).flatMap(MediaFormat.init(rawValue:)) ?? .jpeg
      var size: PixelSize?
      if let w = int(s, 5), let h = int(s, 6) { size = PixelSize(width: Int(w), height: Int(h)) }
      let source = text(s, 10).flatMap(CaptureDateSource.init(rawValue:)) ?? .fileModification
      let date = captureDate(
        sortKey: sqlite3_column_int64(s, 8), offset: int(s, 9).map { Int($0) }, source: source)
      let mtime = FileStamp(size: 0, mtimeNanoseconds: sqlite3_column_int64(s, 3)).mtimeSeconds
      let camera = int(s, 11).flatMap { cameras[$0] }
      var asset = Asset(
        id: AssetID(sqlite3_column_int64(s, 0)), path: path,
        byteSize: sqlite3_column_int64(s, 2), modificationTime: mtime, format: format,
        storedPixelSize: size,
        orientation: Orientation(exifValue: Int(sqlite3_column_int64(s, 7))),
        captureDate: date, cameraMake: camera?.0, cameraModel: camera?.1,
        lensModel: camera?.2, isFavorite: sqlite3_column_int64(s, 12) != 0,
        isHidden: sqlite3_column_int64(s, 13) != 0, latitude: double(s, 14),
        longitude: double(s, 15),
        pathBytes: pathBytes, exifThumbnail: thumbnailRange(s), exposure: exposure(s),
        addedAt: sqlite3_column_int64(s, 23), isAnimated: sqlite3_column_int64(s, 24) != 0,
        duration: double(s, 25), userRotation: Int(sqlite3_column_int64(s, 26) & 3),
        contentIdentifier: text(s, 27),
        place: places?.place(code: sqlite3_column_int64(s, 31)),
        rating: Int(sqlite3_column_int64(s, 32)))
      if let videoFormat = text(s, 28) { asset.videoFormat = videoFormat }
      if sqlite3_column_int64(s, 29) != 0 { asset.isTruncated = true }
      try body(asset, s)
    }
  }

  /// The capture date whose local wall clock is `sortKey` milliseconds since 1970 (as if
  /// UTC): the exact inverse of `CaptureDate.localSortKey`.
  static func captureDate(sortKey: Int64, offset: Int?, source: CaptureDateSource)
    -> CaptureDate
  {
    let seconds = sortKey >= 0 ? sortKey / 1000 : (sortKey - 999) / 1000
    var date = CaptureDate(epochSeconds: seconds, source: source)
    date.millisecond = Int(sortKey - seconds * 1000)
    date.utcOffsetSeconds = offset
    return date
  }

  private static func blob(_ s: SQLiteStatement, _ column: Int32) -> [UInt8] {
    let count = Int(sqlite3_column_bytes(s, column))
    guard count > 0, let base = sqlite3_column_blob(s, column) else { return [] }
    return Array(UnsafeRawBufferPointer(start: base, count: count))
  }

  private static func text(_ s: SQLiteStatement, _ column: Int32) -> String? {
    guard sqlite3_column_type(s, column) != SQLITE_NULL,
      let base = sqlite3_column_text(s, column)
    else { return nil }
    let count = Int(sqlite3_column_bytes(s, column))
    return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
  }

  /// The EXIF thumbnail's byte range from columns 16 (offset) and 17 (length).
  private static func thumbnailRange(_ s: SQLiteStatement) -> Range<Int>? {
    guard let offset = int(s, 16), let length = int(s, 17), offset >= 0, length > 0,
      offset <= Int64(Int32.max), length <= Int64(Int32.max)
    else { return nil }
    return Int(offset)..<Int(offset + length)
  }

  /// The exposure from columns 18–22 (time num/den, f-number, ISO, focal length); nil
  /// when none is recorded.
  private static func exposure(_ s: SQLiteStatement) -> Exposure? {
    var time: ExposureTime?
    if let num = int(s, 18), let den = int(s, 19) {
      time = ExposureTime(numerator: num, denominator: den)
    }
    // A hostile ISO beyond Int range cannot come from an Int64 column on 64-bit, but keep
    // 32-bit builds from trapping.
    let iso = int(s, 21).flatMap { Int(exactly: $0) }
    let exposure = Exposure(
      fNumber: double(s, 20), exposureTime: time, iso: iso, focalLength: double(s, 22))
    return exposure.isEmpty ? nil : exposure
  }

  static func int(_ s: SQLiteStatement, _ column: Int32) -> Int64? {
    sqlite3_column_type(s, column) == SQLITE_NULL ? nil : sqlite3_column_int64(s, column)
  }

  private static func double(_ s: SQLiteStatement, _ column: Int32) -> Double? {
    sqlite3_column_type(s, column) == SQLITE_NULL ? nil : sqlite3_column_double(s, column)
  }
}
