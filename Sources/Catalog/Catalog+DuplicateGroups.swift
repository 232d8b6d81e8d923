import Foundation
import GRDB
import GRDBSQLite
import PhotoModel

/// The duplicate finder's results kept between runs (issue 32 §6): grouping a million photos
/// takes seconds and hundreds of megabytes, so a browser started on a library whose hashes
/// have not changed reads the groups it found last time instead of grouping again.
extension Catalog {
  /// The `similarity_keys` key of the stored groups. Storing hashes deletes it (in the same
  /// transaction, the same file), so stored groups are always those of the current hashes.
  static let duplicateGroupsKey = "duplicate-groups"

  /// Every current stored hash (rows of files changed since they were hashed left out), read
  /// with a cursor into flat arrays.
  public func imageHashTable() throws -> ImageHashTable {
    try read { db in
      var table = ImageHashTable()
      let count =
        try Int.fetchOne(db, sql: "SELECT count(*) FROM image_hashes") ?? 0
      table.reserve(count)
      let statement = try db.makeStatement(
        sql: """
          SELECT h.asset_id, h.digest, h.dhash, h.phash, h.flat_colour
          FROM image_hashes h JOIN assets a ON a.id = h.asset_id
          WHERE a.size = h.size AND a.mtime_ns = h.mtime_ns
          ORDER BY h.asset_id
          """)
      let s = statement.sqliteStatement
      let cursor = try Row.fetchCursor(statement)
      func integer(_ column: Int32) -> Int64? {
        sqlite3_column_type(s, column) == SQLITE_NULL ? nil : sqlite3_column_int64(s, column)
      }
      while try cursor.next() != nil {
        let bytes = sqlite3_column_blob(s, 1)
        let length = Int(sqlite3_column_bytes(s, 1))
        let digest = bytes.map { UnsafeRawBufferPointer(start: $0, count: length) }
        table.append(
          id: AssetID(sqlite3_column_int64(s, 0)), digest: digest,
          dHash: integer(2).map { UInt64(bitPattern: $0) },
          pHash: integer(3).map { UInt64(bitPattern: $0) },
          flatColour: integer(4).map { UInt32(truncatingIfNeeded: $0) })
      }
      return table
    }
  }

  /// Every photo the browser shows that is not a movie, in the order of `allAssets` (the
  /// timeline's: capture date, then path), with its current stored hashes (nil when it has
  /// none or they are stale), handed to `body` one at a time: what the grouping reads,
  /// instead of a second load of the library beside the browser's (issue 32 §6). Only the
  /// photos of one instant are held at once, to put them in path order. `rawOnly`: only
  /// camera RAW files (what RAW+JPEG pairing needs to know first).
  public func forEachPhotoToGroup(
    rawOnly: Bool = false, _ body: (Asset, StoredImageHashes?) throws -> Void
  ) throws {
    try read { db in
      let format = rawOnly ? "a.format = 'raw'" : "a.format != 'video'"
      let sql = """
        SELECT \(AssetRowReader.columns(of: "a")),
          h.digest, h.dhash, h.phash, h.flat_colour, h.size, h.mtime_ns
        FROM assets a LEFT JOIN image_hashes h
          ON h.asset_id = a.id AND h.size = a.size AND h.mtime_ns = a.mtime_ns
        WHERE a.hidden = 0 AND a.trashed_at IS NULL AND \(format)
        ORDER BY a.capture_sort_key
        """
      var instant: [(Asset, StoredImageHashes?)] = []
      func handOn() throws {
        // As `AssetRowReader.orderTies`: the timeline index gives one instant in id order.
        if instant.count > 1 { instant.sort { AssetRowReader.pathPrecedes($0.0, $1.0) } }
        for (asset, hashes) in instant { try body(asset, hashes) }
        instant.removeAll(keepingCapacity: true)
      }
      try AssetRowReader.forEach(db, sql: sql) { asset, s in
        if let last = instant.last,
          last.0.captureDate.localSortKey != asset.captureDate.localSortKey
        {
          try handOn()
        }
        var hashes: StoredImageHashes?
        let c = AssetRowReader.firstExtraColumn
        if sqlite3_column_type(s, c) != SQLITE_NULL {
          let length = Int(sqlite3_column_bytes(s, c))
          let digest = sqlite3_column_blob(s, c).map {
            Array(UnsafeRawBufferPointer(start: $0, count: length))
          }
          hashes = StoredImageHashes(
            assetID: asset.id, size: sqlite3_column_int64(s, c + 4),
            mtimeNanoseconds: sqlite3_column_int64(s, c + 5), digest: digest ?? [],
            dHash: AssetRowReader.int(s, c + 1).map { UInt64(bitPattern: $0) },
            pHash: AssetRowReader.int(s, c + 2).map { UInt64(bitPattern: $0) },
            flatColour: AssetRowReader.int(s, c + 3).map { UInt32(truncatingIfNeeded: $0) })
        }
        instant.append((asset, hashes))
      }
      try handOn()
    }
  }

  /// How many photos have stored hashes (current or not): room to make for the grouping.
  public func imageHashCount() throws -> Int {
    try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM image_hashes") ?? 0 }
  }

  /// The photos with the row ids `ids` (hidden and trashed ones too), by id; an id with no
  /// row has none.
  public func assets(ids: [AssetID]) throws -> [AssetID: Asset] {
    try read { db in
      var byID: [AssetID: Asset] = [:]
      byID.reserveCapacity(ids.count)
      // SQLite's limit on a statement's variables is 32,766; well under it.
      for start in stride(from: 0, to: ids.count, by: 4096) {
        let chunk = ids[start..<min(ids.count, start + 4096)]
        let found = try AssetRowReader.fetch(
          db, places: placeNamer(),
          whereSQL: "id IN (\(chunk.map { _ in "?" }.joined(separator: ",")))", orderSQL: nil,
          arguments: StatementArguments(chunk.map(\.rawValue)), capacity: chunk.count)
        for asset in found { byID[asset.id] = asset }
      }
      return byID
    }
  }

  /// The photos under `roots` whose hashes are missing or stale (as `imageHashStampsMissing`:
  /// no videos, hidden or trashed photos; the RAW of a RAW+JPEG pair is listed too, and
  /// hashed once), in one pass of a cursor, in id order.
  public func imageHashTodo(under roots: [String]) throws -> ImageHashTodo {
    try read { db in
      let folders = try FilePlace.folders(db)
      var todo = ImageHashTodo()
      let everything = roots.contains { LibraryPath($0).normalized.bytes == Array("/".utf8) }
      let trees =
        everything ? [nil] : roots.map { Optional(FilePlace.treeCondition(LibraryPath($0))) }
      var seen = Set<AssetID>()
      for tree in trees {
        let statement = try db.makeStatement(
          sql: """
            SELECT a.id, a.folder_id, a.name, a.orientation, a.size, a.mtime_ns
            FROM assets a LEFT JOIN image_hashes h
              ON h.asset_id = a.id AND h.size = a.size AND h.mtime_ns = a.mtime_ns
            WHERE h.asset_id IS NULL AND a.format != 'video' AND a.hidden = 0
              AND a.trashed_at IS NULL\(tree.map { " AND " + $0.sql } ?? "")
            ORDER BY a.id
            """)
        if let tree { try statement.setArguments(tree.arguments) }
        let s = statement.sqliteStatement
        let cursor = try Row.fetchCursor(statement)
        while try cursor.next() != nil {
          let id = AssetID(sqlite3_column_int64(s, 0))
          // Nested roots list a photo twice.
          guard trees.count == 1 || seen.insert(id).inserted else { continue }
          let length = Int(sqlite3_column_bytes(s, 2))
          let name = UnsafeRawBufferPointer(start: sqlite3_column_blob(s, 2), count: length)
          todo.append(
            id: id, folder: folders[sqlite3_column_int64(s, 1)] ?? [], name: name,
            orientation: Int(sqlite3_column_int64(s, 3)),
            stamp: ImageHashStamp(
              size: sqlite3_column_int64(s, 4), mtimeNanoseconds: sqlite3_column_int64(s, 5)))
        }
      }
      return todo
    }
  }

  /// The groups stored by `storeDuplicateGroups` for the same `roots`, nil when there are
  /// none, they were found for other roots, or hashes were stored since.
  public func storedDuplicateGroups(roots: [String]) throws -> [StoredPhotoGroup]? {
    let text = try read { db in
      try String.fetchOne(
        db, sql: "SELECT value FROM similarity_keys WHERE key = ?",
        arguments: [Self.duplicateGroupsKey])
    }
    guard let text else { return nil }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    guard lines.popFirst().map(String.init) == Self.rootsLine(roots) else { return nil }
    var groups: [StoredPhotoGroup] = []
    for line in lines where !line.isEmpty {
      let fields = line.split(separator: " ")
      guard let kind = fields.first.flatMap({ StoredPhotoGroup.Kind(rawValue: String($0)) })
      else { return nil }
      var keeper: AssetID?
      var ids = fields.dropFirst()
      if let last = ids.last, last.hasPrefix("k") {
        guard let id = Int64(last.dropFirst()) else { return nil }
        keeper = AssetID(id)
        ids = ids.dropLast()
      }
      let members = ids.compactMap { Int64($0).map(AssetID.init) }
      guard members.count == ids.count, members.count > 1 else { return nil }
      groups.append(StoredPhotoGroup(kind: kind, members: members, keeper: keeper))
    }
    return groups
  }

  /// Keeps `groups`, found from the current hashes of the photos under `roots`, for the next
  /// run (one text value: a line of the roots, then a line a group: its kind, its members and
  /// `k` before a burst's keeper).
  public func storeDuplicateGroups(_ groups: [StoredPhotoGroup], roots: [String]) throws {
    var text = Self.rootsLine(roots)
    for group in groups {
      text += "\n" + group.kind.rawValue
      for member in group.members { text += " \(member.rawValue)" }
      if let keeper = group.keeper { text += " k\(keeper.rawValue)" }
    }
    try write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO similarity_keys (key, value) VALUES (?, ?)",
        arguments: [Self.duplicateGroupsKey, text])
    }
  }

  /// The roots as the first line of the stored groups, tab between them; `%`, tabs and line
  /// breaks in a path percent-escaped (SQLite text stops at a NUL, which would be simpler).
  private static func rootsLine(_ roots: [String]) -> String {
    "roots "
      + roots.sorted().map { root in
        root.replacingOccurrences(of: "%", with: "%25")
          .replacingOccurrences(of: "\t", with: "%09")
          .replacingOccurrences(of: "\n", with: "%0A")
          .replacingOccurrences(of: "\r", with: "%0D")
      }.joined(separator: "\t")
  }
}
