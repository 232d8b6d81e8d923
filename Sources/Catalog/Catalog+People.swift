import Foundation
import GRDB
import GRDBSQLite
import PhotoMetadata
import PhotoModel

/// Each photo's people (named XMP face regions) and its title and caption (issue 37), read
/// with its tags while indexing and read again with them when a sidecar changes.
extension Catalog {
  /// Migration v15: the people (each name once), the photos' people with each face's
  /// rectangle, and the photos' titles and captions in a table of their own (few photos have
  /// one: loading them reads those rows, not a million). Every photo is read again on the
  /// next scan (an impossible mtime never matches the file's): when v14 is applied in the
  /// same start-up, its re-read and this one are the same one.
  static let peopleMigration = "v15-people-captions: each photo's people, title and caption"

  static func createPeople(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE people (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL UNIQUE
        );
        CREATE TABLE asset_people (
          asset_id INTEGER NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
          person_id INTEGER NOT NULL REFERENCES people(id),
          face_x REAL, face_y REAL, face_w REAL, face_h REAL,  -- left, top, size: 0…1
          PRIMARY KEY (asset_id, person_id)
        ) WITHOUT ROWID;
        CREATE INDEX asset_people_person ON asset_people(person_id);
        CREATE TABLE asset_captions (
          asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
          title TEXT,
          caption TEXT
        );
        UPDATE assets SET mtime_ns = -1;
        """)
  }

  /// The people of every photo the catalog holds, with their faces. People no photo names
  /// any more are dropped first.
  public func photoPeople() throws -> PhotoPeople {
    try write { db in
      try db.execute(
        sql: "DELETE FROM people WHERE id NOT IN (SELECT person_id FROM asset_people)")
    }
    return try read { db in
      var index: [Int64: Int] = [:]
      var names: [String] = []
      for row in try Row.fetchAll(db, sql: "SELECT id, name FROM people ORDER BY id") {
        index[row[0]] = names.count
        names.append(row[1])
      }
      var ids: [AssetID] = []
      var people: [UInt32] = []
      var faces: [FaceArea] = []
      let statement = try db.makeStatement(
        sql: "SELECT asset_id, person_id, face_x, face_y, face_w, face_h FROM asset_people")
      let s = statement.sqliteStatement
      let cursor = try Row.fetchCursor(statement)
      while try cursor.next() != nil {
        guard let person = index[sqlite3_column_int64(s, 1)] else { continue }
        ids.append(AssetID(sqlite3_column_int64(s, 0)))
        people.append(UInt32(person))
        if sqlite3_column_type(s, 4) == SQLITE_NULL {
          faces.append(.none)
        } else {
          faces.append(
            FaceArea(
              left: sqlite3_column_double(s, 2), top: sqlite3_column_double(s, 3),
              width: sqlite3_column_double(s, 4), height: sqlite3_column_double(s, 5)))
        }
      }
      return PhotoPeople(names: names, sortedPhotoIDs: ids, personIndices: people, faces: faces)
    }
  }

  /// The titles and captions of every photo that has one.
  public func photoCaptions() throws -> PhotoCaptions {
    try read { db in
      var captions = PhotoCaptions()
      let rows = try Row.fetchCursor(
        db, sql: "SELECT asset_id, title, caption FROM asset_captions ORDER BY asset_id")
      while let row = try rows.next() {
        captions.append(AssetID(row[0] as Int64), title: row[1], caption: row[2])
      }
      return captions
    }
  }

  /// Replaces the people, title and caption of the photo `id` by those of `entry`.
  static func storePeople(
    _ db: Database, id: Int64, _ entry: CatalogEntry, cache: inout [String: Int64]
  ) throws {
    try db.execute(sql: "DELETE FROM asset_people WHERE asset_id = ?", arguments: [id])
    try db.execute(sql: "DELETE FROM asset_captions WHERE asset_id = ?", arguments: [id])
    if entry.title != nil || entry.caption != nil {
      try db.execute(
        sql: "INSERT INTO asset_captions (asset_id, title, caption) VALUES (?, ?, ?)",
        arguments: [id, entry.title, entry.caption])
    }
    guard !entry.people.isEmpty else { return }
    let insert = try db.cachedStatement(
      sql: """
        INSERT OR IGNORE INTO asset_people (asset_id, person_id, face_x, face_y, face_w, face_h)
        VALUES (?, ?, ?, ?, ?, ?)
        """)
    for person in entry.people {
      let face = person.face
      try insert.execute(arguments: [
        id, try personID(db, person.name, cache: &cache), face.map(\.x), face.map(\.y),
        face.map(\.width), face.map(\.height),
      ])
    }
  }

  /// The id of the person `name`, added when new.
  static func personID(_ db: Database, _ name: String, cache: inout [String: Int64]) throws
    -> Int64
  {
    if let id = cache[name] { return id }
    try db.execute(
      sql: "INSERT INTO people (name) VALUES (?) ON CONFLICT(name) DO NOTHING", arguments: [name])
    let id =
      try Int64.fetchOne(db, sql: "SELECT id FROM people WHERE name = ?", arguments: [name]) ?? 0
    cache[name] = id
    return id
  }
}
