import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

extension Catalog {
  /// The library roots to index and show for the folders the user named: each as its
  /// canonical real path (symbolic links resolved, `.` and `..` and trailing slashes gone),
  /// and a folder inside a root the catalog has already as that root — one library whatever
  /// the path is called (`~/Pictures` through a link, `.` from inside it, a year's folder).
  public func libraryRoots(for paths: [String]) throws -> [String] {
    let known = try rootPaths()
    var result: [String] = []
    for path in paths {
      let canonical = LibraryPath.canonical(path)
      let root = known.filter { $0.contains(canonical) }.min { $0.bytes.count < $1.bytes.count }
      let chosen = (root ?? canonical).string
      if !result.contains(chosen) { result.append(chosen) }
    }
    return result
  }

  /// Puts every root in its canonical form and merges what that makes one (see
  /// `mergeSpelledRoots`); returns how many photo rows were merged away.
  @discardableResult
  public func canonicalizeRoots() throws -> Int {
    try write { try Self.mergeSpelledRoots($0) }
  }

  /// Roots spelled more than one way become one: each root is replaced by its canonical path
  /// (when it exists), roots inside another root go, and the photos indexed under another
  /// spelling are moved to their canonical path. A photo indexed twice keeps one row, the
  /// older (its id), with the union of both: favorite, hidden, the user's rotation (the
  /// kept row's unless it has none) and every album membership. Returns the rows merged away.
  static func mergeSpelledRoots(_ db: Database) throws -> Int {
    try mergeSpelledRoots(db, moving: moveRows)
  }

  /// `mergeSpelledRoots` with the photo rows moved by `moveRows` (the v7 migration moves
  /// them in the catalog's schema of the time, `LegacyRootMerge`).
  static func mergeSpelledRoots(
    _ db: Database, moving moveRows: (Database, LibraryPath, LibraryPath) throws -> Int
  ) throws -> Int {
    let rows = try Row.fetchAll(
      db, sql: "SELECT path, added_at, indexed_at FROM roots ORDER BY id")
    var merged = 0
    // Each canonical root with the first of its spellings' dates.
    var canonicalRoots: [(path: LibraryPath, added: Int64, indexed: Int64?)] = []
    for row in rows {
      let spelled = LibraryPath(bytes: [UInt8](row["path"] as Data))
      let canonical = LibraryPath.canonical(spelled.string)
      if canonical.bytes != spelled.bytes {
        merged += try moveRows(db, spelled, canonical)
      }
      canonicalRoots.append((canonical, row["added_at"], row["indexed_at"]))
    }
    // One row a canonical root, none inside another; the table is written again only when
    // that changes it.
    var kept: [(path: LibraryPath, added: Int64, indexed: Int64?)] = []
    for root in canonicalRoots where !kept.contains(where: { $0.path.contains(root.path) }) {
      kept.removeAll { root.path.contains($0.path) }
      kept.append(root)
    }
    guard kept.map(\.path.bytes) != rows.map({ [UInt8]($0["path"] as Data) }) else {
      return merged
    }
    try db.execute(sql: "DELETE FROM roots")
    for root in kept {
      try db.execute(
        sql: "INSERT INTO roots (path, added_at, indexed_at) VALUES (?, ?, ?)",
        arguments: [Data(root.path.bytes), root.added, root.indexed])
    }
    return merged
  }

  /// Moves the rows under `old` to the same place under `new`; a row whose new path is
  /// taken merges into the row there. Returns the rows merged away.
  private static func moveRows(_ db: Database, from old: LibraryPath, to new: LibraryPath) throws
    -> Int
  {
    let (condition, arguments) = FilePlace.treeCondition(old)
    let folders = try FilePlace.folders(db, under: old)
    let rows = try Row.fetchAll(
      db, sql: "SELECT id, folder_id, name FROM assets WHERE \(condition)", arguments: arguments)
    var merged = 0
    for row in rows {
      let bytes = (folders[row[1]] ?? []) + [UInt8](row[2] as Data)
      let moved = new.bytes + bytes.dropFirst(old.bytes.count)
      if try moveRow(db, id: row[0], to: moved) { merged += 1 }
    }
    try db.execute(sql: "DELETE FROM other_files WHERE \(condition)", arguments: arguments)
    return merged
  }

  /// Moves the photo rows at each move's `from` (a file indexed through a link into the
  /// library) to its `to` (the file's path as the walk from its root gives it), as a root's
  /// rows move to its canonical path: a row whose new path is taken merges into the row
  /// there. Trashed rows stay (their file is not at their path). Returns the paths of the
  /// rows moved without a merge, and how many rows were merged away.
  static func moveLinkedRows(_ db: Database, _ moves: [(from: LibraryPath, to: LibraryPath)])
    throws -> (moved: [LibraryPath], merged: Int)
  {
    var moved: [LibraryPath] = []
    var merged = 0
    for (from, to) in moves {
      guard
        let id = try Int64.fetchOne(
          db,
          sql: """
            SELECT id FROM assets WHERE \(FilePlace.matchSQL) AND \(CatalogWriter.notInTrashSQL)
            """,
          arguments: FilePlace.arguments(from))
      else { continue }
      if try moveRow(db, id: id, to: to.bytes) { merged += 1 } else { moved.append(to) }
    }
    return (moved, merged)
  }

  /// Gives row `id` the path `path`; when another row has it, the two become one (the older
  /// id, with the union of both: `mergeRow`). True when they merged.
  private static func moveRow(_ db: Database, id: Int64, to path: [UInt8]) throws -> Bool {
    var merged = false
    if let other = try Int64.fetchOne(
      db, sql: "SELECT id FROM assets WHERE \(FilePlace.matchSQL)",
      arguments: FilePlace.arguments(LibraryPath(bytes: path)))
    {
      let (keep, drop) = other < id ? (other, id) : (id, other)
      try mergeRow(db, keep: keep, drop: drop)
      guard keep == id else { return true }
      merged = true
    }
    let (folder, name) = FilePlace.split(path)
    try db.execute(
      sql: "UPDATE assets SET folder_id = ?, name = ? WHERE id = ?",
      arguments: [try FilePlace.folderID(db, folder), Data(name), id])
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
