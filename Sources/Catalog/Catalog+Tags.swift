import Foundation
import GRDB
import GRDBSQLite
import PhotoMetadata
import PhotoModel

/// Each photo's XMP tags, rating and colour label (issue 37), read while indexing from its
/// sidecars and the XMP and IPTC it embeds, and read again when a sidecar changes.
extension Catalog {
  /// Migration v14: the tags (each path once), the photos' tags, and each photo's rating and
  /// label. Every photo is read again on the next scan for them (an impossible mtime never
  /// matches the file's).
  static let tagsMigration = "v14-tags: each photo's XMP tags, rating and label"

  /// What joins a tag path's parts in the `tags` table: U+001F, which XML cannot hold, so no
  /// part read from XMP contains it (a flat keyword may contain "/").
  static let tagPartSeparator: Character = "\u{1F}"

  static func createTags(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE tags (
          id INTEGER PRIMARY KEY,
          path TEXT NOT NULL UNIQUE          -- the parts joined by U+001F
        );
        CREATE TABLE asset_tags (
          asset_id INTEGER NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
          tag_id INTEGER NOT NULL REFERENCES tags(id),
          PRIMARY KEY (asset_id, tag_id)
        ) WITHOUT ROWID;
        CREATE INDEX asset_tags_tag ON asset_tags(tag_id);
        ALTER TABLE assets ADD COLUMN rating INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE assets ADD COLUMN label TEXT;
        UPDATE assets SET mtime_ns = -1;
        """)
  }

  /// The tags and labels of every photo the catalog holds (trashed ones included: the
  /// state shows only the photos it has). Tags no photo has any more are dropped first.
  public func photoTags() throws -> PhotoTags {
    try write { db in
      try db.execute(
        sql: "DELETE FROM tags WHERE id NOT IN (SELECT tag_id FROM asset_tags)")
    }
    return try read { db in
      var index: [Int64: Int] = [:]
      var paths: [[String]] = []
      for row in try Row.fetchAll(db, sql: "SELECT id, path FROM tags ORDER BY id") {
        let text: String = row[1]
        index[row[0]] = paths.count
        paths.append(Self.tagParts(text))
      }
      // Flat (photo, tag) pairs in the primary key's order: no list per photo. The order is
      // asked for: without it SQLite may scan the covering index by tag instead, and
      // `PhotoTags` needs the pairs by photo.
      var ids: [AssetID] = []
      var tags: [UInt32] = []
      let statement = try db.makeStatement(
        sql: "SELECT asset_id, tag_id FROM asset_tags ORDER BY asset_id, tag_id")
      let s = statement.sqliteStatement
      let cursor = try Row.fetchCursor(statement)
      while try cursor.next() != nil {
        guard let tag = index[sqlite3_column_int64(s, 1)] else { continue }
        ids.append(AssetID(sqlite3_column_int64(s, 0)))
        tags.append(UInt32(tag))
      }
      var labels: [AssetID: String] = [:]
      for row in try Row.fetchAll(
        db, sql: "SELECT id, label FROM assets WHERE label IS NOT NULL")
      {
        labels[AssetID(row[0])] = row[1]
      }
      return PhotoTags(paths: paths, sortedPhotoIDs: ids, tagIndices: tags, labels: labels)
    }
  }

  /// Writes the tags, rating and label of the photo `id`, replacing what it had.
  static func storeTags(
    _ db: Database, id: Int64, tags: [[String]], rating: Int, label: String?,
    cache: inout [[String]: Int64]
  ) throws {
    try db.execute(
      sql: "UPDATE assets SET rating = ?, label = ? WHERE id = ?", arguments: [rating, label, id])
    try replaceTags(db, id: id, tags: tags, cache: &cache)
  }

  /// Replaces the tags of the photo `id` by `tags` (the rating and label are not touched).
  static func replaceTags(
    _ db: Database, id: Int64, tags: [[String]], cache: inout [[String]: Int64]
  ) throws {
    try db.execute(sql: "DELETE FROM asset_tags WHERE asset_id = ?", arguments: [id])
    guard !tags.isEmpty else { return }
    let insert = try db.cachedStatement(
      sql: "INSERT OR IGNORE INTO asset_tags (asset_id, tag_id) VALUES (?, ?)")
    for path in tags where !path.isEmpty {
      try insert.execute(arguments: [id, try tagID(db, path, cache: &cache)])
    }
  }

  /// The id of the tag `path`, added when new.
  static func tagID(_ db: Database, _ path: [String], cache: inout [[String]: Int64]) throws
    -> Int64
  {
    if let id = cache[path] { return id }
    let text = path.joined(separator: String(tagPartSeparator))
    try db.execute(
      sql: "INSERT INTO tags (path) VALUES (?) ON CONFLICT(path) DO NOTHING", arguments: [text])
    let id =
      try Int64.fetchOne(db, sql: "SELECT id FROM tags WHERE path = ?", arguments: [text]) ?? 0
    cache[path] = id
    return id
  }

  /// The parts of a stored tag path.
  static func tagParts(_ text: String) -> [String] {
    text.split(separator: tagPartSeparator, omittingEmptySubsequences: false).map(String.init)
  }

  /// Reads again the tags, rating, label, people, title and caption of the photos a changed, new or vanished
  /// sidecar belongs to (`IMG_1.CR3.xmp` is IMG_1.CR3's; `IMG_1.xmp` is every `IMG_1.*`'s
  /// in its folder), except those in `skipping` (just read whole); returns how many were.
  @discardableResult
  func refreshTags(forSidecars sidecars: [LibraryPath], skipping: Set<LibraryPath> = [])
    throws -> Int
  {
    guard !sidecars.isEmpty else { return 0 }
    var owners: [(id: Int64, path: LibraryPath)] = []
    try read { db in
      var seen = Set<Int64>()
      for sidecar in sidecars {
        let (folder, name) = FilePlace.split(sidecar.bytes)
        guard name.count > 4 else { continue }
        let stem = Array(name.dropLast(4))
        let rows = try Row.fetchAll(
          db,
          sql: """
            SELECT a.id, a.name FROM assets a JOIN folders f ON f.id = a.folder_id
            WHERE f.path = ? AND a.name >= ? AND a.name < ?
            """,
          arguments: [Data(folder), Data(stem), Data(stem + [0xFF])])
        for row in rows {
          let id: Int64 = row[0]
          let data: Data = row[1]
          let photo = [UInt8](data)
          // The photo itself (X.EXT for X.EXT.xmp) or one dot past the stem and no further.
          let rest = photo.dropFirst(stem.count)
          let owns =
            rest.isEmpty
            || (rest.first == UInt8(ascii: ".") && !rest.dropFirst().contains(UInt8(ascii: ".")))
          let path = LibraryPath(bytes: folder + photo)
          guard owns, !skipping.contains(path), seen.insert(id).inserted else { continue }
          owners.append((id, path))
        }
      }
    }
    guard !owners.isEmpty else { return 0 }
    let readings = owners.map { owner -> XMPMetadata in
      guard let path = String(validating: owner.path.bytes, as: UTF8.self) else {
        return XMPMetadata()
      }
      return XMPReader.read(contentsOf: path).metadata
    }
    let dates = try ownersDates(owners)
    try write { db in
      var cache: [[String]: Int64] = [:]
      for (owner, date) in zip(owners, dates) {
        guard let date else { continue }
        try db.execute(
          sql: """
            UPDATE assets SET capture_sort_key = ?, capture_offset = ?, capture_source = ?
            WHERE id = ?
            """,
          arguments: [
            date.localSortKey, date.utcOffsetSeconds, date.source.rawValue, owner.id,
          ])
      }
      var people: [String: Int64] = [:]
      for (owner, xmp) in zip(owners, readings) {
        var entry = CatalogEntry(
          path: owner.path, stamp: FileStamp(size: 0, mtimeNanoseconds: 0), reason: "",
          isError: false)
        entry.take(xmp)
        try Self.storeTags(
          db, id: owner.id, tags: entry.tags, rating: entry.rating, label: entry.label,
          cache: &cache)
        // Its people, title and caption come from the same packets (v15).
        try Self.storePeople(db, id: owner.id, entry, cache: &people)
      }
    }
    return owners.count
  }

  /// The capture date each photo whose sidecar changed has now (a RAW's date fix written or
  /// undone): the photo read again as the indexer reads it (its own date, the sidecar's
  /// over it); nil for one that cannot be read (its date is left).
  private func ownersDates(_ owners: [(id: Int64, path: LibraryPath)]) throws -> [CaptureDate?] {
    owners.map { owner -> CaptureDate? in
      var info = stat()
      guard owner.path.withCString({ stat($0, &info) }) == 0 else { return nil }
      return FileIndexing.entry(path: owner.path, stamp: FileStamp(info)).captureDate
    }
  }

  /// Sets the tags, rating and label of photos after Lightbox wrote their sidecars (the
  /// catalog follows the files at once, not at the watcher's next event).
  public func storeTags(_ values: [AssetID: (tags: [[String]], rating: Int, label: String?)])
    throws
  {
    try write { db in
      var cache: [[String]: Int64] = [:]
      for (id, value) in values {
        try Self.storeTags(
          db, id: id.rawValue, tags: value.tags, rating: value.rating, label: value.label,
          cache: &cache)
      }
    }
  }
}
