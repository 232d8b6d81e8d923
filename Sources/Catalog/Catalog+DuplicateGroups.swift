import Foundation
import GRDB
import GRDBSQLite
import PhotoModel

/// The duplicate finder's results kept between runs (issue 32 §6): grouping a million photos
/// takes seconds and hundreds of megabytes, so a browser started on a library whose hashes
/// have not changed reads the groups it found last time instead of grouping again.
extension Catalog {
  /// The `catalog_keys` key of the stored groups. Storing hashes deletes it (in the same
  /// transaction), so stored groups are always those of the current hashes.
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

  /// The groups stored by `storeDuplicateGroups` for the same `roots`, nil when there are
  /// none, they were found for other roots, or hashes were stored since.
  public func storedDuplicateGroups(roots: [String]) throws -> [StoredPhotoGroup]? {
    let text = try read { db in
      try String.fetchOne(
        db, sql: "SELECT value FROM catalog_keys WHERE key = ?",
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
        sql: "INSERT OR REPLACE INTO catalog_keys (key, value) VALUES (?, ?)",
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
