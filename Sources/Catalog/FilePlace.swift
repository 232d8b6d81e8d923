import Foundation
import GRDB

/// Where the catalog keeps a file's path since schema v11: its folder, a row of `folders`
/// (the path's bytes up to and with its last `/`), and its name (the bytes after).
///
/// A million photos live in a few thousand folders: each folder's bytes are stored once,
/// and the unique index that finds a file by its path holds the folder's id and the name,
/// not the whole path (issue 32 §6: 374 bytes a photo before, the path three times). The
/// whole path is `folders.path || name`, byte for byte.
enum FilePlace {
  /// `path` cut after its last `/`: "/a/b/c.jpg" → ("/a/b/", "c.jpg"); a path without a
  /// slash has the folder "".
  static func split(_ path: [UInt8]) -> (folder: [UInt8], name: [UInt8]) {
    guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return ([], path) }
    return (Array(path[...slash]), Array(path[(slash + 1)...]))
  }

  /// The SQL condition "this row is the file at the path" over `folder_id` and `name`, with
  /// `arguments(path)`. A folder the catalog does not know matches no row.
  static let matchSQL = "folder_id = (SELECT id FROM folders WHERE path = ?) AND name = ?"

  /// The two arguments of `matchSQL` for `path`.
  static func arguments(_ path: LibraryPath) -> StatementArguments {
    let (folder, name) = split(path.bytes)
    return [Data(folder), Data(name)]
  }

  /// The SQL expression of a row's whole path as a BLOB (one folder lookup a row: for the
  /// few rows of the Trash and of repairs, not for loading the library).
  static let pathSQL = "CAST((SELECT path FROM folders WHERE id = folder_id) || name AS BLOB)"

  /// The SQL condition "the row's file is `root` or lies inside it", with its arguments: the
  /// folders at or under `root` by a range of their paths (as `treeCondition` did on the
  /// whole path), or the one file `root` names.
  static func treeCondition(_ root: LibraryPath) -> (sql: String, arguments: StatementArguments) {
    let root = root.normalized
    let (low, high) = folderRange(root)
    let (folder, name) = split(root.bytes)
    return (
      """
      (folder_id IN (SELECT id FROM folders WHERE path >= ? AND path < ?)
        OR (folder_id = (SELECT id FROM folders WHERE path = ?) AND name = ?))
      """,
      [Data(low), Data(high), Data(folder), Data(name)]
    )
  }

  /// The folder paths at or under `root`: low ≤ path < high (its prefix with the last byte,
  /// '/', raised by one).
  static func folderRange(_ root: LibraryPath) -> (low: [UInt8], high: [UInt8]) {
    let low = root.normalized.folderPrefix
    var high = low
    high[high.count - 1] &+= 1
    return (low, high)
  }

  /// The id of the folder with these bytes, added when the catalog does not have it yet.
  static func folderID(_ db: Database, _ folder: [UInt8]) throws -> Int64 {
    let blob = Data(folder)
    if let id = try Int64.fetchOne(
      db, sql: "SELECT id FROM folders WHERE path = ?", arguments: [blob])
    {
      return id
    }
    try db.execute(sql: "INSERT INTO folders (path) VALUES (?)", arguments: [blob])
    return db.lastInsertedRowID
  }

  /// Every folder's bytes by id, when `under` is nil; else those at or under it (and the
  /// folder holding `under` when it names a file).
  static func folders(_ db: Database, under root: LibraryPath? = nil) throws -> [Int64: [UInt8]] {
    var sql = "SELECT id, path FROM folders"
    var arguments = StatementArguments()
    if let root {
      let (low, high) = folderRange(root)
      sql += " WHERE (path >= ? AND path < ?) OR path = ?"
      arguments = [Data(low), Data(high), Data(split(root.normalized.bytes).folder)]
    }
    var result: [Int64: [UInt8]] = [:]
    for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
      result[row[0]] = [UInt8](row[1] as Data)
    }
    return result
  }

  /// Drops the folders no photo and no other file is in any more (a folder renamed or
  /// emptied); returns how many went.
  @discardableResult
  static func dropUnusedFolders(_ db: Database) throws -> Int {
    try db.execute(
      sql: """
        DELETE FROM folders
        WHERE NOT EXISTS (SELECT 1 FROM assets WHERE folder_id = folders.id)
          AND NOT EXISTS (SELECT 1 FROM other_files WHERE folder_id = folders.id)
        """)
    return db.changesCount
  }

  /// Folder ids already looked up in one transaction: a batch of 5,000 new photos is in a
  /// few folders, each looked up (or added) once.
  ///
  /// Only for the transaction it was made in: `dropUnusedFolders` in another one may take
  /// a folder away.
  struct IDs {
    private var known: [[UInt8]: Int64] = [:]

    /// The id of `folder`, added to the catalog when needed.
    mutating func id(_ db: Database, _ folder: [UInt8]) throws -> Int64 {
      if let id = known[folder] { return id }
      let id = try FilePlace.folderID(db, folder)
      known[folder] = id
      return id
    }
  }
}
