import Foundation
import GRDB
import PhotoModel

extension Catalog {
  /// Trashed photos, oldest deletion first; asset.path is the file's path in the Trash.
  public func trashedPhotos() throws -> [TrashedPhoto] {
    try read { db in
      var assets = try AssetRowReader.fetch(
        db, places: placeNamer(), whereSQL: "trashed_at IS NOT NULL",
        orderSQL: "trashed_at, capture_sort_key")
      var extra: [AssetID: (original: LibraryPath, deletedAt: Int64)] = [:]
      for row in try Row.fetchAll(
        db,
        sql: "SELECT id, original_path, trashed_at FROM assets WHERE trashed_at IS NOT NULL")
      {
        let bytes: Data? = row["original_path"]
        extra[AssetID(row["id"])] = (LibraryPath(bytes: bytes.map(Array.init) ?? []), row[2])
      }
      // Deleted together (one selection): in timeline order, an instant's photos by path.
      assets.sort { a, b in
        let (x, y) = (extra[a.id]?.deletedAt ?? 0, extra[b.id]?.deletedAt ?? 0)
        if x != y { return x < y }
        let (k, l) = (a.captureDate.localSortKey, b.captureDate.localSortKey)
        return k != l ? k < l : AssetRowReader.pathPrecedes(a, b)
      }
      return assets.map { asset in
        let info = extra[asset.id]
        return TrashedPhoto(
          asset: asset, originalPath: info?.original.string ?? "",
          deletedAt: info?.deletedAt ?? 0)
      }
    }
  }

  /// Number of trashed photos.
  public var trashedCount: Int {
    get throws {
      try read { db in
        try Int.fetchOne(db, sql: "SELECT count(*) FROM assets WHERE trashed_at IS NOT NULL") ?? 0
      }
    }
  }

  // MARK: - Rows as LibraryTrash sees them

  /// What the trash bookkeeping needs of one row.
  struct TrashRow: Sendable {
    enum Pending: Int64, Sendable {
      case idle = 0, trashing = 1, restoring = 2
    }
    var id: AssetID
    var path: LibraryPath
    var originalPath: LibraryPath?
    var infoPath: LibraryPath?
    var trashedAt: Int64?
    var pending: Pending
    var restorePath: LibraryPath?
    var size: Int64
    var mtimeNanoseconds: Int64
  }

  static let trashRowColumns = """
    id, \(FilePlace.pathSQL), original_path, trash_info_path, trashed_at, trash_pending,
    restore_path, size, mtime_ns
    """

  static func trashRow(_ row: Row) -> TrashRow {
    func path(_ column: Int) -> LibraryPath? {
      (row[column] as Data?).map { LibraryPath(bytes: Array($0)) }
    }
    return TrashRow(
      id: AssetID(row[0]), path: path(1) ?? LibraryPath(bytes: []), originalPath: path(2),
      infoPath: path(3), trashedAt: row[4],
      pending: TrashRow.Pending(rawValue: row[5]) ?? .idle, restorePath: path(6),
      size: row[7], mtimeNanoseconds: row[8])
  }

  /// The row of `id`, or nil.
  func trashRow(_ id: AssetID) throws -> TrashRow? {
    try read { db in
      try Row.fetchOne(
        db, sql: "SELECT \(Self.trashRowColumns) FROM assets WHERE id = ?",
        arguments: [id.rawValue]
      ).map(Self.trashRow)
    }
  }

  /// Rows that are trashed or in the middle of a move, found through the two partial indexes
  /// (an OR of the two conditions read the whole table, at every start).
  func trashRows() throws -> [TrashRow] {
    try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT \(Self.trashRowColumns) FROM assets
          WHERE id IN (
            SELECT id FROM assets WHERE trashed_at IS NOT NULL
            UNION ALL SELECT id FROM assets WHERE trash_pending != 0)
          ORDER BY trashed_at, id
          """
      ).map(Self.trashRow)
    }
  }
}
