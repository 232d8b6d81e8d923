import Foundation
import GRDB

@testable import Catalog

extension TestLibrary {
  /// Makes the catalog file as an older Lightbox left it: migrated only up to `migration`
  /// (its folder made first), with `fill` writing rows into it; returns the file's tables.
  @discardableResult
  func oldCatalog(upTo migration: String, _ fill: (Database) throws -> Void = { _ in }) throws
    -> [String]
  {
    try FileManager.default.createDirectory(
      atPath: (catalogPath as NSString).deletingLastPathComponent,
      withIntermediateDirectories: true)
    let queue = try DatabaseQueue(path: catalogPath, configuration: .waitingForLocks)
    defer { try? queue.close() }
    try Catalog.migrator.migrate(queue, upTo: migration)
    try queue.write(fill)
    return try queue.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
    }
  }

  /// Writes the row an older Lightbox kept for the file `name` of the root (folder 1, the
  /// file's own size and mtime, `extra` columns and their values after those): a catalog
  /// that already knows the photo.
  func insertPhotoRow(
    _ db: Database, id: Int64, name: String, extra: [(column: String, value: String)] = []
  ) throws {
    var info = stat()
    stat(root + "/" + name, &info)
    let mtime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    try db.execute(
      sql: "INSERT OR IGNORE INTO folders (id, path) VALUES (1, ?)",
      arguments: [Data((root + "/").utf8)])
    let columns = extra.map { ", " + $0.column }.joined()
    let values = extra.map { ", " + $0.value }.joined()
    try db.execute(
      sql: """
        INSERT INTO assets (id, folder_id, name, size, mtime_ns, format, capture_sort_key,
          capture_source, added_at\(columns))
        VALUES (?, 1, ?, ?, ?, 'jpeg', 0, 'exif', 0\(values))
        """, arguments: [id, Data(name.utf8), info.st_size, mtime])
  }
}
