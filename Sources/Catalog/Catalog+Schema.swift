import GRDB

extension Catalog {
  /// The schema, one migration per version. Applied migrations are never edited: a change
  /// is a new migration, so an older catalog file is brought forward in place.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: roots, assets, other files, albums") { db in
      try db.execute(
        sql: """
          CREATE TABLE roots (
            id INTEGER PRIMARY KEY,
            path BLOB NOT NULL UNIQUE,        -- exact file-system bytes
            added_at INTEGER NOT NULL,        -- seconds since the epoch
            indexed_at INTEGER                -- last complete index of this root
          );

          CREATE TABLE assets (
            id INTEGER PRIMARY KEY,           -- AssetID
            path BLOB NOT NULL UNIQUE,        -- exact bytes: non-UTF-8 names round-trip
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,        -- with size: tells a changed file
            format TEXT NOT NULL,             -- MediaFormat raw value, from content
            width INTEGER,                    -- stored pixel size (before orientation)
            height INTEGER,
            orientation INTEGER NOT NULL DEFAULT 1,
            date_time_original TEXT,          -- EXIF DateTimeOriginal as written
            capture_local TEXT NOT NULL,      -- local wall clock 'YYYY-MM-DDTHH:MM:SS.mmm'
            capture_day INTEGER NOT NULL,     -- local day number (days since 1970-01-01)
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
            indexed_at INTEGER NOT NULL
          );
          CREATE INDEX assets_timeline ON assets(capture_sort_key, path);
          CREATE INDEX assets_favorite ON assets(favorite) WHERE favorite = 1;
          CREATE INDEX assets_trashed ON assets(trashed_at) WHERE trashed_at IS NOT NULL;

          -- Files seen under a root that are not photos (or could not be read): remembered
          -- with their stamp so that a re-scan reads only what changed.
          CREATE TABLE other_files (
            path BLOB PRIMARY KEY,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            reason TEXT                       -- why it is not in assets
          ) WITHOUT ROWID;

          CREATE TABLE albums (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            sort_order INTEGER NOT NULL DEFAULT 0
          );
          CREATE TABLE album_assets (
            album_id INTEGER NOT NULL REFERENCES albums(id) ON DELETE CASCADE,
            asset_id INTEGER NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
            added_at INTEGER NOT NULL,
            PRIMARY KEY (album_id, asset_id)
          ) WITHOUT ROWID;
          CREATE INDEX album_assets_asset ON album_assets(asset_id);
          """)
    }
    migrator.registerMigration("v2: trash bookkeeping, added_at, album order") { db in
      try db.execute(
        sql: """
          -- A trashed row keeps its id (favorite, albums); `path` is then the file in the
          -- Trash so a new file at the old place never collides with it.
          ALTER TABLE assets ADD COLUMN original_path BLOB;   -- where it was (trashed only)
          ALTER TABLE assets ADD COLUMN trash_info_path BLOB; -- its .trashinfo
          -- A move in progress, journaled before the file moves so a killed process is
          -- repaired on the next operation: 0 none, 1 moving to the Trash, 2 restoring.
          ALTER TABLE assets ADD COLUMN trash_pending INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE assets ADD COLUMN restore_path BLOB;    -- the restore's destination
          ALTER TABLE assets ADD COLUMN added_at INTEGER;     -- first index (Imports)
          ALTER TABLE assets ADD COLUMN animated INTEGER NOT NULL DEFAULT 0;
          UPDATE assets SET added_at = indexed_at;
          CREATE INDEX assets_trash_pending ON assets(trash_pending) WHERE trash_pending != 0;
          -- Members in the order added (added_at alone ties within one batch).
          ALTER TABLE album_assets ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
          """)
    }
    migrator.registerMigration("v3: read the added kinds again") { db in
      // HEIF/AVIF sizes are now the displayed ones (irot, clap) with orientation 1, RAW
      // files report their largest preview, CR3 and RAF their EXIF: the next scan reads
      // those files again (an impossible mtime never matches the file's).
      try db.execute(
        sql: """
          UPDATE assets SET mtime_ns = -1 WHERE format IN ('heic', 'raw', 'tiff', 'webp', 'gif');
          """)
    }
    migrator.registerMigration("v4: videos") { db in
      // Videos were other files ("video"); they are now assets with a duration (seconds)
      // and Apple's content identifier (for pairing Live Photos). The next scan reads them
      // again: an impossible mtime never matches the file's.
      try db.execute(
        sql: """
          ALTER TABLE assets ADD COLUMN duration REAL;
          ALTER TABLE assets ADD COLUMN content_identifier TEXT;
          UPDATE other_files SET mtime_ns = -1 WHERE reason = 'video';
          """)
    }
    migrator.registerMigration("v5: the user's rotation") { db in
      // Quarter turns clockwise the user added in the browser (< and >), on top of the
      // file's own orientation; the indexer's upsert never writes it, so a re-index keeps it.
      try db.execute(sql: "ALTER TABLE assets ADD COLUMN rotation INTEGER NOT NULL DEFAULT 0")
    }
    migrator.registerMigration("v6: Live Photo stills") { db in
      // An iPhone's JPEG and HEIF stills now give Apple's content identifier (MakerNote
      // 0x0011) into content_identifier, which joins a Live Photo's still and movie: the
      // next scan reads Apple's stills again (an impossible mtime never matches the file's).
      try db.execute(
        sql: """
          UPDATE assets SET mtime_ns = -1 WHERE make = 'Apple' AND format IN ('jpeg', 'heic');
          """)
    }
    migrator.registerMigration("v7: one root a library, whatever its spelling") { db in
      // Roots added as `/x/Pictures/.`, through a link or inside another root, and the
      // photos indexed under those spellings, are merged into one canonical root (issue 33).
      // The merge as it was written against v1–v10's `path` column (frozen with them).
      _ = try LegacyRootMerge.mergeSpelledRoots(db)
    }
    migrator.registerMigration("v8: AVIF") { db in
      // AVIF stills were stored as "heic" and AVIF sequences as HEIF stills that libheif
      // could not decode; they are now "avif" and "avifSequence" (issue 33): the next scan
      // reads HEIF files again (an impossible mtime never matches the file's).
      try db.execute(sql: "UPDATE assets SET mtime_ns = -1 WHERE format = 'heic'")
    }
    migrator.registerMigration("v9: a video's container and codec") { db in
      // The info panel said "VIDEO" (issue 33): the container and codec are read from the
      // file; videos are read again on the next scan (an impossible mtime never matches).
      try db.execute(sql: "ALTER TABLE assets ADD COLUMN video_format TEXT")
      try db.execute(sql: "UPDATE assets SET mtime_ns = -1 WHERE format = 'video'")
    }
    migrator.registerMigration("v10: files cut short") { db in
      // A PNG without its IEND (a broken download) is in no media type (issue 33): PNGs
      // are read again for their ends on the next scan.
      try db.execute(sql: "ALTER TABLE assets ADD COLUMN truncated INTEGER NOT NULL DEFAULT 0")
      try db.execute(sql: "UPDATE assets SET mtime_ns = -1 WHERE format = 'png'")
    }
    migrator.registerMigration(folderMigration) { db in try moveToFolders(db) }
    migrator.registerMigration(placesMigration) { db in
      // Each photo's place (issue 34) as a code into the place table (`PlaceCode`: the
      // town's and the city's records, a few bytes), not names: NULL not looked up yet, 0
      // looked up and none (no position, 0,0, open sea). The codes belong to the table named
      // by the `places-table` key (`PlaceTable.identity`); another table looks them up anew.
      // The pending index holds only the photos with a position still to look up.
      try db.execute(
        sql: """
          ALTER TABLE assets ADD COLUMN place INTEGER;
          CREATE INDEX assets_place_pending ON assets(id)
            WHERE place IS NULL AND latitude IS NOT NULL;
          CREATE TABLE catalog_keys (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
          ) WITHOUT ROWID;
          """)
    }
    migrator.registerMigration(imageHashesMigration) { db in try createImageHashes(db) }
    migrator.registerMigration(mergesMigration) { db in try createMerges(db) }
    migrator.registerMigration(tagsMigration) { db in try createTags(db) }
    migrator.registerMigration(mergeTagsMigration) { db in try addMergeSidecars(db) }
    migrator.registerMigration(peopleMigration) { db in try createPeople(db) }
    migrator.registerMigration(similarityMigration) { db in try moveSimilarityApart(db) }
    migrator.registerMigration(camerasMigration) { db in try moveCamerasApart(db) }
    return migrator
  }

  /// The name of the migration that adds each photo's place (v12).
  static let placesMigration = "v12-places: each photo's place as a code into the place table"

  /// Names of the migrations applied to this catalog, oldest first.
  public func appliedMigrations() throws -> [String] {
    try read { db in try Self.migrator.appliedMigrations(db) }
  }
}
