import GRDB
import PhotoMetadata
import PhotoModel
import Places

/// Each photo's place: a `PlaceCode` in the `place` column, looked up while indexing from
/// the position already read, and named from the table when photos are loaded.
///
/// The codes are the table's record numbers, so they belong to one table: the
/// `places-table` key names it (`PlaceTable.identity`). A catalog opened with another table
/// neither names nor writes codes until `refreshPlaces` has looked every place up again.
extension Catalog {
  /// The `catalog_keys` key naming the table the stored codes belong to.
  static let placesTableKey = "places-table"

  /// How many photos `refreshPlaces` looks up per transaction.
  static let placeBatch = 5_000

  /// The namer for one read, or nil when there is no table or the stored codes are another
  /// table's (the photos then load without places until `refreshPlaces` ran).
  func placeNamer() -> PlaceNamer? {
    guard let places, placesCurrent.withLock({ $0 }) else { return nil }
    return PlaceNamer(finder: places)
  }

  /// What the indexer writes in `place` for a photo at `gps`: NULL (nil) when it has no
  /// position or cannot be looked up now (no table, or the stored codes are another
  /// table's: `refreshPlaces` does it), else the code, or 0 for a position with no place.
  func placeValue(_ gps: GPSCoordinate?) -> Int64? {
    guard let gps, let places, placesCurrent.withLock({ $0 }) else { return nil }
    return places.code(latitude: gps.latitude, longitude: gps.longitude)?.rawValue ?? 0
  }

  /// Called when the catalog opens: the stored codes are the table's when the key names it,
  /// or when there are none yet (a new catalog, or one just brought to v12): the key then
  /// names it from now on.
  func adoptPlaceTable() throws {
    guard let places else { return }
    let identity = places.table.identity
    let key = Self.placesTableKey
    let stored = try read { db in
      try String.fetchOne(db, sql: "SELECT value FROM catalog_keys WHERE key = ?", arguments: [key])
    }
    if stored == identity {
      placesCurrent.withLock { $0 = true }
      return
    }
    let adopted = try write { db -> Bool in
      let anyCode =
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM assets WHERE place IS NOT NULL)")
        ?? false
      guard !anyCode else { return false }
      try Self.storePlacesKey(db, identity)
      return true
    }
    placesCurrent.withLock { $0 = adopted }
  }

  /// Looks up the place of every photo with a position that has none yet (indexed without
  /// a table, or just after the table changed, when every code is dropped first), a batch
  /// at a time; returns how many photos were looked up. Off the first frame's path: the
  /// browser runs it on the library's queue after indexing.
  @discardableResult
  public func refreshPlaces() throws -> Int {
    guard let places else { return 0 }
    if !placesCurrent.withLock({ $0 }) {
      try write { db in
        try db.execute(sql: "UPDATE assets SET place = NULL WHERE place IS NOT NULL")
        try Self.storePlacesKey(db, places.table.identity)
      }
      placesCurrent.withLock { $0 = true }
    }
    var looked = 0
    while true {
      let pending = try read { db in
        try Row.fetchAll(
          db,
          sql: """
            SELECT id, latitude, longitude FROM assets INDEXED BY assets_place_pending
            WHERE place IS NULL AND latitude IS NOT NULL LIMIT \(Self.placeBatch)
            """)
      }
      if pending.isEmpty { return looked }
      let codes = pending.map { row -> Int64 in
        let latitude: Double? = row[1]
        let longitude: Double? = row[2]
        guard let latitude, let longitude else { return 0 }
        return places.code(latitude: latitude, longitude: longitude)?.rawValue ?? 0
      }
      try write { db in
        let update = try db.cachedStatement(sql: "UPDATE assets SET place = ? WHERE id = ?")
        for (row, code) in zip(pending, codes) {
          try update.execute(arguments: [code, row[0] as Int64])
        }
      }
      looked += pending.count
    }
  }

  /// The table the stored codes belong to, or nil before any was adopted.
  public func placesTableIdentity() throws -> String? {
    try read { db in
      try String.fetchOne(
        db, sql: "SELECT value FROM catalog_keys WHERE key = ?", arguments: [Self.placesTableKey])
    }
  }

  private static func storePlacesKey(_ db: Database, _ identity: String) throws {
    try db.execute(
      sql: """
        INSERT INTO catalog_keys (key, value) VALUES (?, ?)
        ON CONFLICT(key) DO UPDATE SET value = excluded.value
        """,
      arguments: [placesTableKey, identity])
  }
}
