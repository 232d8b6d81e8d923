import Foundation
import GRDB

/// The duplicate finder's hashes and groups in a database of their own beside the catalog
/// (`catalog-similarity.sqlite` for `catalog.sqlite`), attached to every connection as
/// `similarity`: they are made from the files and made again when lost, like thumbnails, and
/// at 74 bytes a photo they kept the catalog over issue 32's 200 bytes a photo (digiKam
/// keeps its `similarity.db` apart from `digikam4.db` for the same reason).
///
/// Its two tables are always in the same file, so storing hashes and forgetting the groups
/// found from the old ones is still one atomic commit. A photo's hashes go with its row
/// through a temporary trigger on the writer (a foreign key cannot cross databases). The
/// file is stamped with the catalog's identity: a catalog made anew beside an old similarity
/// file (its ids mean other photos) empties it.
extension Catalog {
  /// Migration v16: the hashes and stored groups move out of the catalog.
  static let similarityMigration =
    "v16-similarity-apart: the duplicate finder's hashes and groups in a database of their own"

  /// The `catalog_keys` and `similarity_keys` key of the identity the two files share.
  static let identityKey = "catalog-identity"

  /// The similarity database's path for the catalog at `path`.
  public static func similarityPath(forCatalog path: String) -> String {
    let base = path.hasSuffix(".sqlite") ? String(path.dropLast(".sqlite".count)) : path
    return base + "-similarity.sqlite"
  }

  /// Attaches the similarity database to a new connection; on the writer, also makes its
  /// tables when it has none (a new file, or one the user deleted).
  static func attachSimilarity(_ db: Database, path: String) throws {
    try db.execute(sql: "ATTACH DATABASE ? AS similarity", arguments: [path])
    guard !db.configuration.readonly else { return }
    _ = try String.fetchOne(db, sql: "PRAGMA similarity.journal_mode = WAL")
    try db.execute(
      sql: """
        PRAGMA similarity.synchronous = NORMAL;
        PRAGMA similarity.journal_size_limit = 4194304;
        \(imageHashesTable("IF NOT EXISTS similarity.image_hashes", assetID: "INTEGER PRIMARY KEY"))
        CREATE TABLE IF NOT EXISTS similarity.similarity_keys (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        ) WITHOUT ROWID;
        """)
  }

  /// v16: the rows of the catalog's own `image_hashes` and its stored groups copied into
  /// the similarity database, then dropped from the catalog.
  static func moveSimilarityApart(_ db: Database) throws {
    try db.execute(
      sql: """
        INSERT OR REPLACE INTO similarity.image_hashes
          (asset_id, size, mtime_ns, digest, dhash, phash, flat_colour)
          SELECT asset_id, size, mtime_ns, digest, dhash, phash, flat_colour
          FROM main.image_hashes;
        DROP TABLE main.image_hashes;
        INSERT OR REPLACE INTO similarity.similarity_keys (key, value)
          SELECT key, value FROM main.catalog_keys WHERE key = '\(duplicateGroupsKey)';
        DELETE FROM main.catalog_keys WHERE key = '\(duplicateGroupsKey)';
        """)
  }

  /// After the migrations, on the writer: the trigger that deletes a photo's hashes with its
  /// row, and the identity check (an empty similarity file takes the catalog's identity; one
  /// of another catalog is emptied first).
  static func joinSimilarity(_ pool: DatabasePool) throws {
    try pool.write { db in
      try db.execute(
        sql: """
          CREATE TEMP TRIGGER IF NOT EXISTS image_hashes_follow_assets
          AFTER DELETE ON main.assets
          BEGIN
            DELETE FROM image_hashes WHERE asset_id = old.id;
          END;
          """)
      var identity = try String.fetchOne(
        db, sql: "SELECT value FROM main.catalog_keys WHERE key = ?", arguments: [identityKey])
      if identity == nil {
        let made = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        try db.execute(
          sql: "INSERT INTO main.catalog_keys (key, value) VALUES (?, ?)",
          arguments: [identityKey, made])
        identity = made
      }
      let stamped = try String.fetchOne(
        db, sql: "SELECT value FROM similarity.similarity_keys WHERE key = ?",
        arguments: [identityKey])
      guard stamped != identity else { return }
      if stamped != nil {
        // Another catalog's hashes: its ids are other photos. (No stamp: a new file, or the
        // rows v16 has just moved here from this catalog.)
        try db.execute(
          sql: "DELETE FROM similarity.image_hashes; DELETE FROM similarity.similarity_keys")
      }
      try db.execute(
        sql: "INSERT OR REPLACE INTO similarity.similarity_keys (key, value) VALUES (?, ?)",
        arguments: [identityKey, identity])
    }
  }
}
