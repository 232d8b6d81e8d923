import Foundation
import GRDB
import PhotoModel

extension Catalog {
  /// Migration v13 (issue 35): the merge journal. A merge's catalog half (the keeper takes
  /// the others' favorite, hidden state, rotation and albums) is written in the same
  /// transaction as its row, before any file moves; the row keeps what the keeper had, for
  /// the undo, and says whether the others' move to the Trash finished.
  static let mergesMigration = "v13-duplicates-merge: the merge journal"

  static func createMerges(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE merges (
          id INTEGER PRIMARY KEY,
          keeper INTEGER NOT NULL,
          others TEXT NOT NULL,             -- asset ids, comma-separated
          keeper_favorite INTEGER NOT NULL, -- the keeper's before the merge
          keeper_hidden INTEGER NOT NULL,
          keeper_rotation INTEGER NOT NULL,
          added_albums TEXT NOT NULL,       -- album ids the merge put the keeper in
          done INTEGER NOT NULL DEFAULT 0,  -- 1 once the others are in the Trash
          created_at INTEGER NOT NULL
        );
        """)
  }

  /// Journals a merge and gives the keeper what the others have, in one transaction:
  /// favorite if any is, hidden if any is, the keeper's rotation or else the first other's,
  /// and every album any of them is in. `sidecar`, the keeper's sidecar edit the caller
  /// makes next, is journaled with them. Returns the journal row's id (`finishMerge` after
  /// the others are in the Trash, `undoMerge` to take it back).
  public func beginMerge(
    keeper: AssetID, others: [AssetID], now: Int64, sidecar: MergeSidecarEdit? = nil
  ) throws -> Int64 {
    try write { db in
      let ids = [keeper] + others
      let list = ids.map { String($0.rawValue) }.joined(separator: ",")
      var flags: [AssetID: (favorite: Bool, hidden: Bool, rotation: Int)] = [:]
      for row in try Row.fetchAll(
        db, sql: "SELECT id, favorite, hidden, rotation FROM assets WHERE id IN (\(list))")
      {
        flags[AssetID(row[0])] = (row[1], row[2], row[3])
      }
      guard let before = flags[keeper] else {
        throw CatalogError("the keeper is not in the catalog")
      }
      let members = others.compactMap { flags[$0] }
      let favorite = before.favorite || members.contains { $0.favorite }
      let hidden = before.hidden || members.contains { $0.hidden }
      let rotation =
        before.rotation != 0 ? before.rotation : members.first { $0.rotation != 0 }?.rotation ?? 0
      let keeperAlbums = Set(
        try Int64.fetchAll(
          db, sql: "SELECT album_id FROM album_assets WHERE asset_id = ?",
          arguments: [keeper.rawValue]))
      let othersList = others.map { String($0.rawValue) }.joined(separator: ",")
      let theirAlbums = try Int64.fetchAll(
        db,
        sql: """
          SELECT DISTINCT album_id FROM album_assets WHERE asset_id IN (\(othersList))
          ORDER BY album_id
          """)
      let added = theirAlbums.filter { !keeperAlbums.contains($0) }
      let values: [(any DatabaseValueConvertible)?] = [
        keeper.rawValue, othersList, before.favorite, before.hidden, before.rotation,
        added.map(String.init).joined(separator: ","), now,
      ]
      try db.execute(
        sql: """
          INSERT INTO merges
            (keeper, others, keeper_favorite, keeper_hidden, keeper_rotation, added_albums,
             created_at, keeper_photo, sidecar, sidecar_before, add_tags, set_rating,
             set_label)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: StatementArguments(values + Self.journalValues(sidecar)))
      let id = db.lastInsertedRowID
      try db.execute(
        sql: "UPDATE assets SET favorite = ?, hidden = ?, rotation = ? WHERE id = ?",
        arguments: [favorite, hidden, rotation, keeper.rawValue])
      for album in added {
        try Self.add(db, [keeper], to: AlbumID(album), now: now)
      }
      return id
    }
  }

  /// Marks a merge's others as moved to the Trash.
  public func finishMerge(_ id: Int64) throws {
    try write { db in
      try db.execute(sql: "UPDATE merges SET done = 1 WHERE id = ?", arguments: [id])
    }
  }

  /// Merges whose others may not all be in the Trash yet (a process killed in between):
  /// the caller moves them there and finishes the merge.
  public func pendingMerges() throws -> [MergeRecord] {
    try merges(where: "done = 0")
  }

  /// The newest merge of `keeper` with exactly `others`, if it is in the journal.
  public func merge(keeper: AssetID, others: [AssetID]) throws -> MergeRecord? {
    try merges(where: "keeper = \(keeper.rawValue)").last { Set($0.others) == Set(others) }
  }

  /// Takes a merge's catalog half back (the keeper's favorite, hidden state and rotation as
  /// they were, out of the albums the merge put it in) and drops its journal row, in one
  /// transaction. The caller restores the others from the Trash and the keeper's sidecar
  /// first.
  public func undoMerge(_ record: MergeRecord) throws {
    try write { db in
      try db.execute(
        sql: "UPDATE assets SET favorite = ?, hidden = ?, rotation = ? WHERE id = ?",
        arguments: [
          record.keeperFavorite, record.keeperHidden, record.keeperRotation,
          record.keeper.rawValue,
        ])
      let statement = try db.makeStatement(
        sql: "DELETE FROM album_assets WHERE album_id = ? AND asset_id = ?")
      for album in record.addedAlbums {
        try statement.execute(arguments: [album.rawValue, record.keeper.rawValue])
      }
      try db.execute(sql: "DELETE FROM merges WHERE id = ?", arguments: [record.id])
    }
  }

  private func merges(where condition: String) throws -> [MergeRecord] {
    try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT id, keeper, others, keeper_favorite, keeper_hidden, keeper_rotation,
            added_albums, done, keeper_photo, sidecar, sidecar_before, add_tags, set_rating,
            set_label
          FROM merges WHERE \(condition) ORDER BY id
          """
      ).map { row in
        func ids(_ text: String) -> [Int64] { text.split(separator: ",").compactMap { Int64($0) } }
        return MergeRecord(
          id: row[0], keeper: AssetID(row[1]), others: ids(row[2]).map(AssetID.init),
          keeperFavorite: row[3], keeperHidden: row[4], keeperRotation: row[5],
          addedAlbums: ids(row[6]).map(AlbumID.init), done: row[7],
          sidecar: Self.sidecarEdit(row, from: 8))
      }
    }
  }
}
