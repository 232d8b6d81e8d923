import Foundation
import GRDB
import PhotoModel
import XCTest

@testable import Catalog

/// Schema v11: paths stored as folder + name, the capture date once (issue 32 §6).
final class FolderSchemaTests: XCTestCase {
  var library: TestLibrary!

  override func setUp() { library = TestLibrary("folder-schema") }
  override func tearDown() { library.remove() }

  /// A file's stamp as the indexer records it.
  private func stamp(_ path: [UInt8]) -> (size: Int64, mtime: Int64) {
    var info = stat()
    XCTAssertEqual(LibraryPath(bytes: path).withCString { stat($0, &info) }, 0)
    let seconds = Int64(info.st_mtim.tv_sec)
    return (Int64(info.st_size), seconds * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
  }

  /// A v10 catalog (whole paths) with a favorite, a hidden photo, a turned one, a trashed one,
  /// two albums, a non-UTF-8 name and a file that is not a photo, brought forward: every row
  /// keeps its id and state, and a re-scan finds every file unchanged.
  func testAVersion10CatalogKeepsEveryPhotoFlagAlbumAndTrashedPhoto() throws {
    let a = try library.writeJPEG("2024/a.jpg", date: "2024:01:01 10:00:00")
    let b = try library.writeJPEG("2024/b.jpg", date: "2024:01:02 10:00:00")
    let c = try library.writeJPEG("c.jpg", date: "2024:01:03 10:00:00")
    // "f\xE9te.jpg" in Latin-1 in a folder "\xE9t\xE9": neither is UTF-8.
    let latinFolder = LibraryPath(library.root).appending([0xE9, 0x74, 0xE9])
    let latin = latinFolder.appending([0x66, 0xE9, 0x74, 0x65, 0x2E, 0x6A, 0x70, 0x67])
    XCTAssertEqual(latinFolder.withCString { mkdir($0, 0o755) }, 0)
    let jpeg = Data(
      TestLibrary.jpeg(
        date: "2024:01:04 10:00:00", offset: nil, orientation: nil, width: 8, height: 6))
    let written = latin.withCString { path in
      let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      defer { close(fd) }
      return jpeg.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
    XCTAssertEqual(written, jpeg.count)
    let notes = try library.write("2024/notes.txt", "not a photo")
    let trashFile = library.folder.appendingPathComponent("Trash/files/d.jpg").path
    let trashInfo = library.folder.appendingPathComponent("Trash/info/d.jpg.trashinfo").path

    try FileManager.default.createDirectory(
      atPath: (library.catalogPath as NSString).deletingLastPathComponent,
      withIntermediateDirectories: true)
    do {
      let queue = try DatabaseQueue(path: library.catalogPath, configuration: .waitingForLocks)
      try Catalog.migrator.migrate(queue, upTo: "v10: files cut short")
      try queue.write { db in
        try db.execute(
          sql: "INSERT INTO roots (path, added_at) VALUES (?, 0)",
          arguments: [Data(library.root.utf8)])
        let insert = """
          INSERT INTO assets (id, path, size, mtime_ns, format, width, height,
            date_time_original, capture_local, capture_day, capture_sort_key, capture_source,
            favorite, hidden, rotation, trashed_at, original_path, trash_info_path,
            indexed_at, added_at)
          VALUES (?, ?, ?, ?, 'jpeg', 8, 6, '2024:01:01 10:00:00', 'x', 0, ?, 'exif',
            ?, ?, ?, ?, ?, ?, 500, ?)
          """
        func row(
          _ id: Int, _ path: [UInt8], day: Int, favorite: Int = 0, hidden: Int = 0,
          rotation: Int = 0, trashedAt: Int? = nil, original: String? = nil,
          info: String? = nil, addedAt: Int? = 700
        ) throws {
          // A trashed photo's file is not there (nor read): any stamp will do.
          let onDisk = original == nil ? stamp(path) : (99, 1)
          try db.execute(
            sql: insert,
            arguments: [
              id, Data(path), onDisk.0, onDisk.1, 1_704_067_200_000 + day * 86_400_000,
              favorite, hidden, rotation, trashedAt, original.map { Data($0.utf8) },
              info.map { Data($0.utf8) }, addedAt,
            ])
        }
        try row(3, Array(a.utf8), day: 0, favorite: 1)
        try row(5, Array(b.utf8), day: 1, hidden: 1, addedAt: nil)
        try row(8, Array(c.utf8), day: 2, rotation: 3)
        try row(9, latin.bytes, day: 3, favorite: 1)
        try row(
          12, Array(trashFile.utf8), day: 4, favorite: 1, trashedAt: 1_800, original: a + "x",
          info: trashInfo)
        let (size, mtime) = stamp(Array(notes.utf8))
        try db.execute(
          sql: "INSERT INTO other_files (path, size, mtime_ns, reason) VALUES (?, ?, ?, 'text')",
          arguments: [Data(notes.utf8), size, mtime])
        try db.execute(
          sql: "INSERT INTO albums (id, name, created_at) VALUES (1, 'Trip', 0), (2, 'Ice', 0)")
        for (album, asset, position) in [(1, 8, 1), (1, 3, 2), (1, 12, 3), (2, 9, 1)] {
          try db.execute(
            sql: """
              INSERT INTO album_assets (album_id, asset_id, added_at, position)
              VALUES (?, ?, 0, ?)
              """, arguments: [album, asset, position])
        }
      }
      try queue.close()
    }

    let catalog = try Catalog(path: library.catalogPath)
    XCTAssertTrue(try catalog.appliedMigrations().contains(Catalog.folderMigration))
    XCTAssertEqual(try catalog.appliedMigrations(), Catalog.migrator.migrations)
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
    try catalog.read { db in
      XCTAssertEqual(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count, 0)
      XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA freelist_count"), 0, "compacted")
      let columns = try db.columns(in: "assets").map(\.name)
      for gone in ["path", "capture_local", "capture_day", "date_time_original", "indexed_at"] {
        XCTAssertFalse(columns.contains(gone), gone)
      }
    }

    let shown = try catalog.allAssets()
    XCTAssertEqual(shown.map(\.id.rawValue), [3, 8, 9])
    XCTAssertEqual(shown.map(\.path), [a, c, latin.string])
    XCTAssertEqual(shown.map(\.isFavorite), [true, false, true])
    XCTAssertEqual(shown.map(\.userRotation), [0, 3, 0])
    XCTAssertEqual(shown[2].pathBytes, latin.bytes, "the exact bytes of a non-UTF-8 path")
    XCTAssertEqual(shown.map(\.addedAt), [700, 700, 700])
    XCTAssertEqual(shown.map(\.captureDate.day), [1, 3, 4])
    let hidden = try catalog.hiddenAssets()
    XCTAssertEqual(hidden.map(\.path), [b])
    XCTAssertEqual(hidden.first?.addedAt, 500, "a row without added_at takes its index time")
    XCTAssertEqual(try catalog.favoriteAssets().map(\.id.rawValue), [3, 9])
    let trashed = try catalog.trashedPhotos()
    XCTAssertEqual(trashed.map(\.asset.id.rawValue), [12])
    XCTAssertEqual(trashed.first?.asset.path, trashFile)
    XCTAssertEqual(trashed.first?.originalPath, a + "x")
    XCTAssertEqual(trashed.first?.deletedAt, 1_800)
    XCTAssertEqual(try catalog.trashRow(AssetID(12))?.infoPath?.string, trashInfo)
    let albums = try catalog.albums()
    XCTAssertEqual(albums.map(\.name), ["Ice", "Trip"])
    XCTAssertEqual(albums.map { $0.assetIDs.map(\.rawValue) }, [[9], [8, 3, 12]])
    XCTAssertEqual(try catalog.asset(path: latin)?.id.rawValue, 9)

    // Every stamp and path came through: nothing goes, nothing is new; the photos are read
    // again once for their tags (migration v14), the text file is not.
    let summary = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual([summary.read, summary.changed, summary.new, summary.removed], [4, 4, 0, 0])
    XCTAssertEqual(summary.unchanged, 1, "the text file")
    XCTAssertEqual(try catalog.favoriteAssets().map(\.id.rawValue), [3, 9], "flags kept")
  }

  /// Each folder is stored once; a folder emptied of files leaves `folders`.
  func testFoldersAreStoredOnceAndGoWithTheirLastFile() throws {
    for n in 1...3 {
      try library.writeJPEG("one/p\(n).jpg", date: "2024:01:0\(n) 10:00:00")
      try library.writeJPEG("two/q\(n).jpg", date: "2024:02:0\(n) 10:00:00")
    }
    let catalog = try Catalog(path: library.catalogPath)
    let indexer = Indexer(catalog: catalog)
    _ = try indexer.index(roots: [library.root])
    func folders() throws -> [String] {
      try catalog.read { db in
        try Data.fetchAll(db, sql: "SELECT path FROM folders ORDER BY path").map {
          String(decoding: $0, as: UTF8.self)
        }
      }
    }
    XCTAssertEqual(try folders(), [library.root + "/one/", library.root + "/two/"])
    try FileManager.default.removeItem(atPath: library.root + "/two")
    let summary = try indexer.index()
    XCTAssertEqual(summary.removed, 3)
    XCTAssertEqual(try folders(), [library.root + "/one/"])
    XCTAssertEqual(
      try catalog.allAssets().map(\.fileName), ["p1.jpg", "p2.jpg", "p3.jpg"])
  }

  /// Photos of one instant come in path order, in the whole timeline and in the newest ones
  /// when the limit cuts that instant: the timeline index holds no path any more.
  func testPhotosOfOneInstantAreInPathOrder() throws {
    for name in ["c", "a", "d", "b"] {
      try library.writeJPEG("\(name).jpg", date: "2024:01:02 10:00:00")
    }
    try library.writeJPEG("z.jpg", date: "2024:01:01 10:00:00")
    try library.writeJPEG("e.jpg", date: "2024:01:03 10:00:00")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let all = try catalog.allAssets()
    XCTAssertEqual(all.map(\.fileName), ["z.jpg", "a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"])
    for limit in 1...7 {
      XCTAssertEqual(try catalog.newestAssets(limit: limit), Array(all.suffix(limit)), "\(limit)")
    }
  }

  func testSplittingAPathKeepsEveryByte() {
    XCTAssertEqual(FilePlace.split(Array("/a/b/c.jpg".utf8)).folder, Array("/a/b/".utf8))
    XCTAssertEqual(FilePlace.split(Array("/a/b/c.jpg".utf8)).name, Array("c.jpg".utf8))
    XCTAssertEqual(FilePlace.split(Array("/c.jpg".utf8)).folder, Array("/".utf8))
    XCTAssertEqual(FilePlace.split(Array("c.jpg".utf8)).folder, [])
    XCTAssertEqual(FilePlace.split(Array("c.jpg".utf8)).name, Array("c.jpg".utf8))
  }
}
