import Foundation
import GRDB
import PhotoModel

extension Catalog {
  /// Names the Albums tab already uses for its own albums; a user album may not take them.
  public static let builtInAlbumNames = [
    "Recents", "Favorites", "Hidden", "Recently Deleted", "Imports",
  ]

  /// Longest album name accepted, in characters (a title bar has to show it).
  public static let maxAlbumNameLength = 200

  /// User albums sorted by name (case-insensitive), members in the order added.
  ///
  /// Trashed and hidden members stay in `assetIDs`: a restore brings them back, and the
  /// views filter what they show.
  public func albums() throws -> [Album] {
    try read { db in try Self.fetchAlbums(db) }
  }

  /// The album `id`, or nil.
  public func album(_ id: AlbumID) throws -> Album? {
    try read { db in try Self.fetchAlbums(db, only: id).first }
  }

  /// Refuses (CatalogError with a one-line reason) an empty/blank name or one already used
  /// (case-insensitive, also the built-in names Recents, Favorites, Hidden, Recently Deleted,
  /// Imports). Creates and adds in one transaction.
  public func createAlbum(named name: String, adding ids: [AssetID], now: Int64) throws -> Album {
    let name = try Self.checkedAlbumName(name)
    return try write { db in
      try Self.refuseTakenName(db, name, except: nil)
      try db.execute(
        sql: "INSERT INTO albums (name, created_at) VALUES (?, ?)", arguments: [name, now])
      let id = AlbumID(db.lastInsertedRowID)
      try Self.add(db, ids, to: id, now: now)
      guard let album = try Self.fetchAlbums(db, only: id).first else {
        throw CatalogError("the new album “\(name)” could not be read back")
      }
      return album
    }
  }

  /// Renames an album; the same name rules as `createAlbum` (its own name in another case
  /// is allowed).
  public func renameAlbum(_ id: AlbumID, to name: String) throws {
    let name = try Self.checkedAlbumName(name)
    try write { db in
      try Self.requireAlbum(db, id)
      try Self.refuseTakenName(db, name, except: id)
      try db.execute(
        sql: "UPDATE albums SET name = ? WHERE id = ?", arguments: [name, id.rawValue])
    }
  }

  /// Deletes an album; its photos stay in the library (and in other albums).
  public func deleteAlbum(_ id: AlbumID) throws {
    try write { db in
      try Self.requireAlbum(db, id)
      // Explicit rather than relying on ON DELETE CASCADE, which needs foreign keys on.
      try db.execute(sql: "DELETE FROM album_assets WHERE album_id = ?", arguments: [id.rawValue])
      try db.execute(sql: "DELETE FROM albums WHERE id = ?", arguments: [id.rawValue])
    }
  }

  /// Adds photos to an album, after its current members; photos already in it, repeated
  /// ids and ids the catalog does not hold are skipped.
  public func addAssets(_ ids: [AssetID], toAlbum id: AlbumID, now: Int64) throws {
    try write { db in
      try Self.requireAlbum(db, id)
      try Self.add(db, ids, to: id, now: now)
    }
  }

  /// Removes photos from an album (not from the library).
  public func removeAssets(_ ids: [AssetID], fromAlbum id: AlbumID) throws {
    try write { db in
      try Self.requireAlbum(db, id)
      let statement = try db.makeStatement(
        sql: "DELETE FROM album_assets WHERE album_id = ? AND asset_id = ?")
      for asset in ids { try statement.execute(arguments: [id.rawValue, asset.rawValue]) }
    }
  }

  /// Hidden photos that are not trashed, oldest first (capture date, then path).
  public func hiddenAssets() throws -> [Asset] {
    try read { db in
      try AssetRowReader.timeline(
        db, places: placeNamer(), whereSQL: "hidden = 1 AND trashed_at IS NULL")
    }
  }

  /// Favorite photos not hidden or trashed, oldest first (the Favorites album).
  public func favoriteAssets() throws -> [Asset] {
    try read { db in
      try AssetRowReader.timeline(
        db, places: placeNamer(), whereSQL: "favorite = 1 AND hidden = 0 AND trashed_at IS NULL")
    }
  }

  /// The album name with surrounding white space trimmed, or why it cannot be one.
  public static func checkedAlbumName(_ name: String) throws -> String {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw CatalogError("an album needs a name") }
    guard trimmed.count <= maxAlbumNameLength else {
      throw CatalogError("an album name has at most \(maxAlbumNameLength) characters")
    }
    // A newline or escape in a title would break the one-line rows of the Albums tab.
    guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw CatalogError("an album name cannot contain control characters") }
    let key = trimmed.lowercased()
    if let builtIn = builtInAlbumNames.first(where: { $0.lowercased() == key }) {
      throw CatalogError("“\(builtIn)” is a built-in album")
    }
    return trimmed
  }

  // MARK: - Inside a transaction

  private static func refuseTakenName(_ db: Database, _ name: String, except: AlbumID?) throws {
    let key = name.lowercased()
    // Unicode case folding in Swift, not SQLite's NOCASE (ASCII only): "Été" = "été".
    for row in try Row.fetchAll(db, sql: "SELECT id, name FROM albums") {
      let other: String = row["name"]
      if AlbumID(row["id"]) != except, other.lowercased() == key {
        throw CatalogError("an album named “\(other)” already exists")
      }
    }
  }

  private static func requireAlbum(_ db: Database, _ id: AlbumID) throws {
    guard
      try Bool.fetchOne(
        db, sql: "SELECT 1 FROM albums WHERE id = ?", arguments: [id.rawValue]) == true
    else { throw CatalogError("there is no album \(id.rawValue)") }
  }

  static func add(_ db: Database, _ ids: [AssetID], to id: AlbumID, now: Int64) throws {
    var position =
      try Int64.fetchOne(
        db, sql: "SELECT max(position) FROM album_assets WHERE album_id = ?",
        arguments: [id.rawValue]) ?? 0
    // Only ids that have a row: a stale id from the UI must not fail the whole batch.
    let statement = try db.makeStatement(
      sql: """
        INSERT INTO album_assets (album_id, asset_id, added_at, position)
        SELECT ?, id, ?, ? FROM assets WHERE id = ?
        ON CONFLICT(album_id, asset_id) DO NOTHING
        """)
    for asset in ids {
      position &+= 1
      try statement.execute(arguments: [id.rawValue, now, position, asset.rawValue])
    }
  }

  static func fetchAlbums(_ db: Database, only: AlbumID? = nil) throws -> [Album] {
    let filter = only.map { "WHERE id = \($0.rawValue)" } ?? ""
    var albums = try Row.fetchAll(
      db, sql: "SELECT id, name, created_at FROM albums \(filter)"
    ).map { row in
      Album(id: AlbumID(row["id"]), name: row["name"], createdAt: row["created_at"], assetIDs: [])
    }
    var index: [AlbumID: Int] = [:]
    for (i, album) in albums.enumerated() { index[album.id] = i }
    let members = try Row.fetchCursor(
      db,
      sql: """
        SELECT album_id, asset_id FROM album_assets
        \(only.map { "WHERE album_id = \($0.rawValue)" } ?? "")
        ORDER BY album_id, position, added_at, asset_id
        """)
    while let row = try members.next() {
      if let i = index[AlbumID(row[0])] { albums[i].assetIDs.append(AssetID(row[1])) }
    }
    albums.sort {
      let a = $0.name.lowercased()
      let b = $1.name.lowercased()
      return a != b ? a < b : $0.id < $1.id
    }
    return albums
  }
}
