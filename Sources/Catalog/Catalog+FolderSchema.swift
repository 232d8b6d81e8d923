import Foundation
import GRDB

extension Catalog {
  /// The name of the migration that stores paths as folder + name (v11).
  static let folderMigration = "v11: paths as folder and name, the capture date once"

  /// Migration v11 (issue 32 §6: at most 200 bytes a photo, down from 374 at a million).
  ///
  /// - A path is a folder (a row of the new `folders`) and a name (`FilePlace`): the folder's
  ///   bytes once, not in every row and again in two indexes.
  /// - `assets_timeline` is over `capture_sort_key` alone (each entry carries the row id):
  ///   photos of the same instant are put in path order as they are read (`AssetRowReader`).
  /// - `assets_hidden`, like `assets_favorite`, holds only the flagged rows.
  /// - Gone: `capture_local`, `capture_day` (both the sort key written again), the EXIF
  ///   date as text (never read back; the file keeps it) and `indexed_at` (`added_at`, now
  ///   always set, is the date a photo joined the library).
  ///
  /// Every row keeps its id, flags, rotation, trash state and album memberships; the tables
  /// are rebuilt (SQLite cannot change a column in place) with foreign keys off, as GRDB runs
  /// every migration.
  static func moveToFolders(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE folders (
          id INTEGER PRIMARY KEY,
          path BLOB NOT NULL UNIQUE         -- exact bytes up to and with the last '/'
        );
        \(assetsTable("assets_v11"))
        CREATE TABLE other_files_v11 (
          folder_id INTEGER NOT NULL,
          name BLOB NOT NULL,
          size INTEGER NOT NULL,
          mtime_ns INTEGER NOT NULL,
          reason TEXT,
          PRIMARY KEY (folder_id, name)
        ) WITHOUT ROWID;
        """)
    var folders = FilePlace.IDs()
    let asset = try db.makeStatement(
      sql: """
        INSERT INTO assets_v11 (
          id, folder_id, name, size, mtime_ns, format, width, height, orientation,
          capture_sort_key, capture_offset, capture_source, make, model, lens,
          exposure_time_num, exposure_time_den, f_number, iso, focal_length, latitude,
          longitude, altitude, thumbnail_offset, thumbnail_length, favorite, hidden, trashed_at,
          original_path, trash_info_path, trash_pending, restore_path, added_at, animated,
          duration, content_identifier, rotation, video_format, truncated)
        SELECT
          id, ?, ?, size, mtime_ns, format, width, height, orientation,
          capture_sort_key, capture_offset, capture_source, make, model, lens,
          exposure_time_num, exposure_time_den, f_number, iso, focal_length, latitude,
          longitude, altitude, thumbnail_offset, thumbnail_length, favorite, hidden, trashed_at,
          original_path, trash_info_path, trash_pending, restore_path,
          coalesce(added_at, indexed_at), animated,
          duration, content_identifier, rotation, video_format, truncated
        FROM assets WHERE id = ?
        """)
    // In id order, so the new table is written as an append.
    let assets = try Row.fetchCursor(db, sql: "SELECT id, path FROM assets ORDER BY id")
    while let row = try assets.next() {
      let (folder, name) = FilePlace.split([UInt8](row[1] as Data))
      try asset.execute(
        arguments: [try folders.id(db, folder), Data(name), row[0] as Int64])
    }
    let other = try db.makeStatement(
      sql: """
        INSERT INTO other_files_v11 (folder_id, name, size, mtime_ns, reason)
        SELECT ?, ?, size, mtime_ns, reason FROM other_files WHERE path = ?
        """)
    for path in try Data.fetchAll(db, sql: "SELECT path FROM other_files") {
      let (folder, name) = FilePlace.split([UInt8](path))
      try other.execute(arguments: [try folders.id(db, folder), Data(name), path])
    }
    try db.execute(
      sql: """
        -- A membership whose photo or album is gone (written while foreign keys were off)
        -- would fail the foreign key check that ends the migration.
        DELETE FROM album_assets
        WHERE asset_id NOT IN (SELECT id FROM assets) OR album_id NOT IN (SELECT id FROM albums);
        DROP TABLE assets;
        DROP TABLE other_files;
        ALTER TABLE assets_v11 RENAME TO assets;
        ALTER TABLE other_files_v11 RENAME TO other_files;
        \(assetIndexes)
        """)
  }

  /// The v11 `assets` table named `name`.
  private static func assetsTable(_ name: String) -> String {
    """
    CREATE TABLE \(name) (
      id INTEGER PRIMARY KEY,           -- AssetID
      folder_id INTEGER NOT NULL,       -- folders.id
      name BLOB NOT NULL,               -- exact bytes: non-UTF-8 names round-trip
      size INTEGER NOT NULL,
      mtime_ns INTEGER NOT NULL,        -- with size: tells a changed file
      format TEXT NOT NULL,             -- MediaFormat raw value, from content
      width INTEGER,                    -- stored pixel size (before orientation)
      height INTEGER,
      orientation INTEGER NOT NULL DEFAULT 1,
      capture_sort_key INTEGER NOT NULL, -- local wall clock in ms, as if UTC
      capture_offset INTEGER,           -- seconds east of UTC, when recorded
      capture_source TEXT NOT NULL,     -- CaptureDateSource raw value
      make TEXT,
      model TEXT,
      lens TEXT,
      exposure_time_num INTEGER,
      exposure_time_den INTEGER,
      f_number REAL,
      iso INTEGER,
      focal_length REAL,
      latitude REAL,
      longitude REAL,
      altitude REAL,
      thumbnail_offset INTEGER,         -- EXIF embedded JPEG thumbnail in the file
      thumbnail_length INTEGER,
      favorite INTEGER NOT NULL DEFAULT 0,
      hidden INTEGER NOT NULL DEFAULT 0,
      trashed_at INTEGER,               -- seconds since the epoch, when in the bin
      -- A trashed row keeps its id; its folder and name are then the file in the Trash.
      original_path BLOB,               -- where it was (trashed only), whole
      trash_info_path BLOB,             -- its .trashinfo
      trash_pending INTEGER NOT NULL DEFAULT 0, -- 0 none, 1 to the Trash, 2 restoring
      restore_path BLOB,                -- the restore's destination
      added_at INTEGER NOT NULL,        -- first index (Imports)
      animated INTEGER NOT NULL DEFAULT 0,
      duration REAL,
      content_identifier TEXT,
      rotation INTEGER NOT NULL DEFAULT 0, -- the user's quarter turns clockwise
      video_format TEXT,
      truncated INTEGER NOT NULL DEFAULT 0
    );
    """
  }

  /// The v11 indexes of `assets`.
  private static let assetIndexes = """
    CREATE UNIQUE INDEX assets_file ON assets(folder_id, name);
    CREATE INDEX assets_timeline ON assets(capture_sort_key);
    CREATE INDEX assets_favorite ON assets(favorite) WHERE favorite = 1;
    -- The Hidden album's rows without a pass over the whole table (which, through the
    -- reader's memory map, kept every page of it resident while the re-scan ran).
    CREATE INDEX assets_hidden ON assets(hidden) WHERE hidden = 1;
    CREATE INDEX assets_trashed ON assets(trashed_at) WHERE trashed_at IS NOT NULL;
    CREATE INDEX assets_trash_pending ON assets(trash_pending) WHERE trash_pending != 0;
    """
}
