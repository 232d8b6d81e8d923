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
}
