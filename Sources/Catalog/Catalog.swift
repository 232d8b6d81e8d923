import Foundation
import GRDB
import PhotoModel
import Places
import Synchronization

/// The library database (SQLite through GRDB, WAL, one writer).
///
/// Holds the library roots, one row per photo (`assets`), the files seen that are not
/// photos (so a re-scan does not read them again), albums and album membership. Every
/// change of several rows is one transaction, so a process killed at any moment leaves a
/// consistent catalog.
public final class Catalog: Sendable {
  /// The database file.
  public let path: String
  /// The duplicate finder's database beside it (`Catalog+SimilarityDatabase`).
  public let similarityPath: String
  let pool: DatabasePool
  /// The place table the photos' places are looked up in and named from; nil: no places
  /// (the table is not installed), and the codes stored stay for a later run that has one.
  public let places: PlaceFinder?
  /// True while the stored place codes are this table's (`Catalog+Places`): until then they
  /// are neither named nor written.
  let placesCurrent = Mutex(false)

  /// How long a statement waits for another connection's lock before it fails.
  static let busyMilliseconds = 10_000

  /// Bytes of the file SQLite maps into memory for reading (its `mmap_size`) unless told:
  /// none. At a million photos the browser's load through a 256 MB map kept the whole
  /// catalog's pages resident (177 MB) until its re-scan ended, and read them no faster than
  /// SQLite's own cache does (1.4–1.5 s against 1.5–1.7 s for SQLite's part, issue 32 §6).
  public static let defaultMemoryMapBytes = 0

  /// Opens (creating the folders, the file and the tables when needed) the catalog at
  /// `path`, and brings its schema up to date.
  ///
  /// `memoryMapBytes`: how much of the file readers read through a memory map (writers
  /// never map). Every mapped page a read touches counts in the process's resident memory
  /// while the reader is open.
  ///
  /// `places`: the place table; the catalog's places are its codes once `refreshPlaces` has
  /// run (at once when the catalog holds none of another table's).
  public init(
    path: String, memoryMapBytes: Int = Catalog.defaultMemoryMapBytes, places: PlaceFinder? = nil
  ) throws {
    self.path = path
    self.places = places
    let similarityPath = Self.similarityPath(forCatalog: path)
    self.similarityPath = similarityPath
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw CatalogError("cannot create the folder \(folder): \(error.localizedDescription)")
      }
    }
    var configuration = Configuration()
    configuration.label = "lightbox-catalog"
    // WAL with synchronous=NORMAL: a committed transaction survives a killed process
    // (only a power cut may lose the last ones), and readers never block the writer.
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
      // Loading a million rows in timeline order visits the table in index order: a 16 MB
      // cache keeps what the next rows need (64 MB loaded no faster and was 45 MB of the
      // browser's peak at a million photos, 582 → 537 MB; 4 MB loaded a second slower:
      // `Benchmarks/scale/browse-rss.sh`). Only readers may map the file: the writer lives
      // as long as the catalog and would keep every page it ever read resident
      // (`releaseReaders` closes the readers, not it).
      let mapped = db.configuration.readonly ? max(0, memoryMapBytes) : 0
      try db.execute(sql: "PRAGMA mmap_size = \(mapped)")
      try db.execute(sql: "PRAGMA cache_size = -16384")
      // A WAL grown by a bulk index (see `setAutoCheckpoint`) is cut back to 4 MB once a
      // checkpoint has emptied it, instead of keeping its largest size on disk.
      try db.execute(sql: "PRAGMA journal_size_limit = 4194304")
      try Self.attachSimilarity(db, path: similarityPath)
    }
    // Another process (a second `lightbox index`) may hold the write lock for a while.
    configuration.busyMode = .timeout(Double(Self.busyMilliseconds) / 1000)
    pool = try Self.openMigrated(path: path, configuration: configuration)
    try adoptPlaceTable()
  }

  /// Opens the pool and migrates, again for up to ~10 s while another process is creating
  /// or migrating the same catalog: the migrator decides what to run before it takes the
  /// write lock, so the loser of that race fails at once ("table … already exists", a
  /// migration already recorded, or SQLITE_BUSY from a stale snapshot, which skips the busy
  /// timeout). On the next try the winner's migrations are committed and skipped.
  private static func openMigrated(path: String, configuration: Configuration) throws
    -> DatabasePool
  {
    var attempt = 0
    while true {
      do {
        let pool = try DatabasePool(path: path, configuration: configuration)
        let applied = try pool.read { db in try migrator.appliedIdentifiers(db) }
        try migrator.migrate(pool)
        if !applied.isEmpty,
          !applied.contains(folderMigration) || !applied.contains(similarityMigration)
            || !applied.contains(camerasMigration)
        {
          // v11 rebuilt the tables, v16 moved the hashes out and v17 the cameras: their old
          // pages are free,
          // and the file keeps its size until it is compacted, once (best effort: a failure
          // only leaves the file larger).
          try? pool.vacuum()
        }
        try joinSimilarity(pool)
        return pool
      } catch let error as DatabaseError {
        let racing: [ResultCode] = [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_ERROR]
        // A migration without DDL (v3's UPDATE) runs again in the loser and fails only
        // when it records itself: the winner's row is already in grdb_migrations.
        let recordedByWinner =
          error.resultCode == .SQLITE_CONSTRAINT
          && (error.message ?? "").contains("grdb_migrations")
        if attempt < 200 && (racing.contains(error.resultCode) || recordedByWinner) {
          attempt += 1
          usleep(50_000)
          continue
        }
        throw CatalogError("cannot open the catalog \(path): \(error.message ?? "\(error)")")
      }
    }
  }

  /// Every photo not trashed or hidden, oldest first (capture date, then path);
  /// `AssetID` is the row id, stable while the file stays at its path.
  public func allAssets() throws -> [Asset] {
    try read { db in
      try AssetRowReader.timeline(
        db, places: placeNamer(), whereSQL: "hidden = 0 AND trashed_at IS NULL", mostRows: true)
    }
  }

  /// Closes the reader connections once their reads are done, and with them the memory
  /// maps their reads touched.
  ///
  /// A mapped page the browser read counts in its resident memory as long as the map is
  /// open: after loading a million photos that was the whole catalog (260 MB of 750 MB at
  /// idle). Asynchronous, so a load while the indexer writes never waits for the writer; the
  /// next read opens a reader again.
  public func releaseReaders() {
    pool.releaseMemoryEventually()
  }

  /// The newest `limit` photos (not hidden or trashed), oldest first: what the first screen
  /// of the timeline shows, read through the timeline index in a few milliseconds while the
  /// whole library loads.
  public func newestAssets(limit: Int) throws -> [Asset] {
    let shown = "hidden = 0 AND trashed_at IS NULL"
    let limit = max(0, limit)
    return try read { db in
      var newest = Array(
        try AssetRowReader.fetch(
          db, places: placeNamer(), whereSQL: shown,
          orderSQL: "capture_sort_key DESC LIMIT \(limit)"
        ).reversed())
      // The oldest instant may go on past the limit: all its photos are read, so that the
      // limit cuts it in path order, as the whole timeline has it.
      if newest.count == limit, let first = newest.first {
        let key = first.captureDate.localSortKey
        let instant = try AssetRowReader.fetch(
          db, places: placeNamer(), whereSQL: "\(shown) AND capture_sort_key = ?", orderSQL: nil,
          arguments: [key])
        newest = instant + newest.drop(while: { $0.captureDate.localSortKey == key })
      }
      AssetRowReader.orderTies(&newest)
      return Array(newest.suffix(limit))
    }
  }

  /// The photo with row id `id` (hidden and trashed ones too), or nil.
  public func asset(id: AssetID) throws -> Asset? {
    try read { db in
      try AssetRowReader.fetch(
        db, places: placeNamer(), whereSQL: "id = \(id.rawValue)", orderSQL: nil
      ).first
    }
  }

  /// The photo at `path`, or nil.
  public func asset(path: LibraryPath) throws -> Asset? {
    try read { db in
      try AssetRowReader.fetch(
        db, places: placeNamer(), whereSQL: FilePlace.matchSQL, orderSQL: nil,
        arguments: FilePlace.arguments(path)
      ).first
    }
  }

  /// The library roots (folders or files), in the order they were added.
  public var roots: [String] {
    get throws { try rootPaths().map(\.string) }
  }

  /// The library roots as exact bytes.
  public func rootPaths() throws -> [LibraryPath] {
    try read { db in
      try Data.fetchAll(db, sql: "SELECT path FROM roots ORDER BY id").map {
        LibraryPath(bytes: [UInt8]($0))
      }
    }
  }

  /// Adds library roots (already present ones are kept as they are).
  public func addRoots(_ roots: [LibraryPath]) throws {
    let now = Int64(Date().timeIntervalSince1970)
    try write { db in
      let statement = try db.makeStatement(
        sql: "INSERT INTO roots (path, added_at) VALUES (?, ?) ON CONFLICT(path) DO NOTHING")
      for root in roots {
        try statement.execute(arguments: [Data(root.normalized.bytes), now])
      }
    }
  }

  /// Adds library roots given as text.
  public func addRoots(_ roots: [String]) throws {
    try addRoots(roots.map(LibraryPath.init))
  }

  /// Removes a root and the rows of the files only it holds, in one transaction.
  public func removeRoot(_ root: LibraryPath) throws {
    let root = root.normalized
    try write { db in
      try db.execute(sql: "DELETE FROM roots WHERE path = ?", arguments: [Data(root.bytes)])
      let others = try Data.fetchAll(db, sql: "SELECT path FROM roots").map {
        LibraryPath(bytes: [UInt8]($0))
      }
      // Files also under another root (nested roots) stay.
      if others.contains(where: { $0.contains(root) }) { return }
      for table in ["assets", "other_files"] {
        try CatalogWriter.deleteTree(db, table: table, root: root)
      }
      try FilePlace.dropUnusedFolders(db)
    }
  }

  /// Number of photos not trashed or hidden.
  public var assetCount: Int {
    get throws {
      try read { db in
        try Int.fetchOne(
          db, sql: "SELECT count(*) FROM assets WHERE hidden = 0 AND trashed_at IS NULL") ?? 0
      }
    }
  }

  /// Sets or clears the favorite flag of some photos (one transaction).
  public func setFavorite(_ favorite: Bool, for ids: [AssetID]) throws {
    try setFlag("favorite", favorite, ids)
  }

  /// Hides or shows some photos (one transaction).
  public func setHidden(_ hidden: Bool, for ids: [AssetID]) throws {
    try setFlag("hidden", hidden, ids)
  }

  /// Sets the user's rotation (quarter turns clockwise, 0…3) of some photos (one
  /// transaction).
  public func setRotation(_ quarterTurns: [AssetID: Int]) throws {
    try write { db in
      let statement = try db.makeStatement(sql: "UPDATE assets SET rotation = ? WHERE id = ?")
      for (id, turns) in quarterTurns {
        try statement.execute(arguments: [(turns % 4 + 4) % 4, id.rawValue])
      }
    }
  }

  private func setFlag(_ column: String, _ value: Bool, _ ids: [AssetID]) throws {
    try write { db in
      let statement = try db.makeStatement(sql: "UPDATE assets SET \(column) = ? WHERE id = ?")
      for id in ids { try statement.execute(arguments: [value, id.rawValue]) }
    }
  }

  /// SQLite's default: the WAL is copied into the database once it holds this many pages.
  static let defaultCheckpointPages = 1_000
  /// The interval while the indexer writes many rows (~40 MB of WAL).
  static let bulkCheckpointPages = 10_000

  /// Sets after how many WAL pages a commit copies the WAL into the database (and syncs
  /// both). Each checkpoint rewrites every page changed since the last and waits for two
  /// syncs: at 1,000 pages a million-row index spent seconds in them. How often it happens
  /// changes no promise: every committed transaction is in the WAL or the database.
  func setAutoCheckpoint(pages: Int) throws {
    do {
      try pool.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA wal_autocheckpoint = \(max(1, pages))")
      }
    } catch let error as DatabaseError {
      throw CatalogError("catalog write failed: \(error.message ?? "\(error)")")
    }
  }

  /// Copies the WAL into the database and cuts its file to nothing, unless a reader still
  /// holds an older snapshot (then it copies what it can and returns at once: never waits).
  ///
  /// After a bulk run the WAL held up to 40 MB of pages already copied, kept on disk until a
  /// later write reset it or the last connection closed; a catalog of 181 MB at a million
  /// photos then took 222 MB.
  func emptyWAL() {
    try? pool.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA busy_timeout = 0")
      defer { try? db.execute(sql: "PRAGMA busy_timeout = \(Self.busyMilliseconds)") }
      try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }
  }

  /// SQLite's `PRAGMA integrity_check`: `["ok"]` for a sound file.
  public func integrityCheck() throws -> [String] {
    try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
  }

  /// Number of asset rows sharing a path with another row (0 in a sound catalog).
  public func duplicatePathCount() throws -> Int {
    try read { db in
      try Int.fetchOne(
        db,
        sql: """
          SELECT count(*) - (SELECT count(*) FROM (SELECT DISTINCT folder_id, name FROM assets))
          FROM assets
          """) ?? 0
    }
  }

  /// Runs `body` in a read transaction, turning database errors into `CatalogError`.
  func read<T>(_ body: (Database) throws -> T) throws -> T {
    do { return try pool.read(body) } catch let error as DatabaseError {
      throw CatalogError("catalog read failed: \(error.message ?? "\(error)")")
    }
  }

  /// Runs `body` in one write transaction, turning database errors into `CatalogError`.
  func write<T>(_ body: (Database) throws -> T) throws -> T {
    do { return try pool.write(body) } catch let error as DatabaseError {
      throw CatalogError("catalog write failed: \(error.message ?? "\(error)")")
    }
  }
}
