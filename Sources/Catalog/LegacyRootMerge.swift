import Foundation
import GRDB

/// Migration v7's merge of roots spelled more than one way, as it was written against the
/// whole-path `path` column of schema v1–v10.
///
/// Frozen: a catalog older than v7 runs it before v11 moves paths into folders, so its row
/// moves must keep reading the columns those catalogs have; the walk over the roots table
/// (unchanged since v1) is `Catalog.mergeSpelledRoots`'s own.
enum LegacyRootMerge {
  /// Roots spelled more than one way become one: each root is replaced by its canonical path
  /// (when it exists), roots inside another root go, and the photos indexed under another
  /// spelling are moved to their canonical path. A photo indexed twice keeps one row, the
  /// older (its id), with the union of both: favorite, hidden, the user's rotation (the
  /// kept row's unless it has none) and every album membership. Returns the rows merged away.
  static func mergeSpelledRoots(_ db: Database) throws -> Int {
    try Catalog.mergeSpelledRoots(db, moving: moveRows)
  }

  /// Moves the rows under `old` to the same place under `new`; a row whose new path is
  /// taken merges into the row there. Returns the rows merged away.
  private static func moveRows(_ db: Database, from old: LibraryPath, to new: LibraryPath) throws
    -> Int
  {
    let prefix = old.folderPrefix
    let rows = try Row.fetchAll(
      db, sql: "SELECT id, path FROM assets WHERE path = ? OR substr(path, 1, ?) = ?",
      arguments: [Data(old.bytes), prefix.count, Data(prefix)])
    var merged = 0
    for row in rows {
      let bytes = [UInt8](row["path"] as Data)
      let moved = new.bytes + bytes.dropFirst(old.bytes.count)
      if try moveRow(db, id: row["id"], to: moved) { merged += 1 }
    }
    try db.execute(
      sql: "DELETE FROM other_files WHERE path = ? OR substr(path, 1, ?) = ?",
      arguments: [Data(old.bytes), prefix.count, Data(prefix)])
    return merged
  }

  /// Gives row `id` the path `path`; when another row has it, the two become one (the older
  /// id, with the union of both: `mergeRow`). True when they merged.
  private static func moveRow(_ db: Database, id: Int64, to path: [UInt8]) throws -> Bool {
    var merged = false
    if let other = try Int64.fetchOne(
      db, sql: "SELECT id FROM assets WHERE path = ?", arguments: [Data(path)])
    {
      let (keep, drop) = other < id ? (other, id) : (id, other)
      try mergeRow(db, keep: keep, drop: drop)
      guard keep == id else { return true }
      merged = true
    }
    try db.execute(sql: "UPDATE assets SET path = ? WHERE id = ?", arguments: [Data(path), id])
    return merged
  }

  /// `drop`'s flags and album memberships go to `keep`; then `drop` is deleted.
  private static func mergeRow(_ db: Database, keep: Int64, drop: Int64) throws {
    try db.execute(
      sql: """
        UPDATE assets SET
          favorite = max(favorite, (SELECT favorite FROM assets WHERE id = :drop)),
          hidden = max(hidden, (SELECT hidden FROM assets WHERE id = :drop)),
          rotation = CASE WHEN rotation != 0 THEN rotation
            ELSE (SELECT rotation FROM assets WHERE id = :drop) END
        WHERE id = :keep
        """, arguments: ["keep": keep, "drop": drop])
    try db.execute(
      sql: """
        INSERT OR IGNORE INTO album_assets (album_id, asset_id, added_at, position)
          SELECT album_id, :keep, added_at, position FROM album_assets WHERE asset_id = :drop
        """, arguments: ["keep": keep, "drop": drop])
    try db.execute(sql: "DELETE FROM album_assets WHERE asset_id = ?", arguments: [drop])
    try db.execute(sql: "DELETE FROM assets WHERE id = ?", arguments: [drop])
  }
}
