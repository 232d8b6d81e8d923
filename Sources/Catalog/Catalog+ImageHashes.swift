import Foundation
import GRDB
import PhotoModel

/// The duplicate finder's hashes of a photo, kept beside its catalog row (issue 35): the
/// SHA-256 of its image data and its perceptual hashes, with the size and mtime of the file
/// they were computed from (an index that sees the file change keeps the row; a reader
/// compares the stamp and ignores a stale one).
public struct StoredImageHashes: Sendable, Equatable {
  public var assetID: AssetID
  public var size: Int64
  public var mtimeNanoseconds: Int64
  /// The 32 bytes of the image-data digest.
  public var digest: [UInt8]
  /// dHash and pHash, nil when the picture could not be decoded or is flat.
  public var dHash: UInt64?
  public var pHash: UInt64?
  /// A flat picture's mean colour, 0xRRGGBB.
  public var flatColour: UInt32?

  public init(
    assetID: AssetID, size: Int64, mtimeNanoseconds: Int64, digest: [UInt8],
    dHash: UInt64? = nil, pHash: UInt64? = nil, flatColour: UInt32? = nil
  ) {
    self.assetID = assetID
    self.size = size
    self.mtimeNanoseconds = mtimeNanoseconds
    self.digest = digest
    self.dHash = dHash
    self.pHash = pHash
    self.flatColour = flatColour
  }
}

extension Catalog {
  /// Migration v12 (issue 35): a table of its own, so the assets' rows stay as compact as
  /// they are (60 bytes a hashed photo live only here), and a photo's hashes go with it when
  /// its row is deleted. v16 moves it into the similarity database
  /// (`Catalog+SimilarityDatabase`), where the same unqualified name finds it.
  static let imageHashesMigration = "v12-duplicates: image and perceptual hashes"

  static func createImageHashes(_ db: Database) throws {
    try db.execute(
      sql: imageHashesTable(
        "image_hashes", assetID: "INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE"))
  }

  /// The hashes' table named `name`, its `asset_id` column declared `assetID` (v12's had a
  /// foreign key; the similarity database's cannot).
  static func imageHashesTable(_ name: String, assetID: String) -> String {
    """
    CREATE TABLE \(name) (
      asset_id \(assetID),
      size INTEGER NOT NULL,            -- the file's, when hashed
      mtime_ns INTEGER NOT NULL,
      digest BLOB NOT NULL,             -- SHA-256 of the image data (32 bytes)
      dhash INTEGER,                    -- 64-bit perceptual hashes, as signed integers
      phash INTEGER,
      flat_colour INTEGER               -- 0xRRGGBB of a flat picture
    );
    """
  }

  /// Stores (or replaces) the hashes of photos in the catalog; rows of photos that are not
  /// in it are left out, the others kept.
  public func storeImageHashes(_ rows: [StoredImageHashes]) throws {
    try write { db in
      // New hashes, new groups: the stored ones are not read again.
      try db.execute(
        sql: "DELETE FROM similarity_keys WHERE key = ?", arguments: [Self.duplicateGroupsKey])
      let statement = try db.makeStatement(
        sql: """
          INSERT OR REPLACE INTO image_hashes
            (asset_id, size, mtime_ns, digest, dhash, phash, flat_colour)
          SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM assets WHERE id = ?)
          """)
      for row in rows {
        try statement.execute(arguments: [
          row.assetID.rawValue, row.size, row.mtimeNanoseconds, Data(row.digest),
          row.dHash.map { Int64(bitPattern: $0) }, row.pHash.map { Int64(bitPattern: $0) },
          row.flatColour.map { Int64($0) }, row.assetID.rawValue,
        ])
      }
    }
  }

  /// Every stored row whose size and mtime still match its photo's row (stale ones, of files
  /// changed since, are left out: they are hashed again).
  public func imageHashes() throws -> [StoredImageHashes] {
    try read { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT h.asset_id, h.size, h.mtime_ns, h.digest, h.dhash, h.phash, h.flat_colour
          FROM image_hashes h JOIN assets a ON a.id = h.asset_id
          WHERE a.size = h.size AND a.mtime_ns = h.mtime_ns
          ORDER BY h.asset_id
          """)
      return rows.map { row in
        let digest: Data = row[3]
        let dHash: Int64? = row[4]
        let pHash: Int64? = row[5]
        let flat: Int64? = row[6]
        return StoredImageHashes(
          assetID: AssetID(row[0]), size: row[1], mtimeNanoseconds: row[2], digest: Array(digest),
          dHash: dHash.map { UInt64(bitPattern: $0) }, pHash: pHash.map { UInt64(bitPattern: $0) },
          flatColour: flat.map { UInt32(truncatingIfNeeded: $0) })
      }
    }
  }

  /// The size and mtime of every photo whose hashes are missing or stale (its file changed
  /// since they were made), by id: what the hashes made now are stored with. Videos, hidden
  /// and trashed photos are never hashed and never listed (a library of them would
  /// otherwise look unhashed at every start).
  public func imageHashStampsMissing() throws -> [AssetID: ImageHashStamp] {
    try read { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT a.id, a.size, a.mtime_ns FROM assets a
          LEFT JOIN image_hashes h
            ON h.asset_id = a.id AND h.size = a.size AND h.mtime_ns = a.mtime_ns
          WHERE h.asset_id IS NULL AND a.format != 'video' AND a.hidden = 0
            AND a.trashed_at IS NULL
          """)
      var stamps: [AssetID: ImageHashStamp] = [:]
      while let row = try rows.next() {
        stamps[AssetID(row[0])] = ImageHashStamp(size: row[1], mtimeNanoseconds: row[2])
      }
      return stamps
    }
  }
}
