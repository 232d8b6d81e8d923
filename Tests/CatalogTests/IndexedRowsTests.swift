import Foundation
import GRDB
import LightboxTestSupport
import XCTest

@testable import Catalog

/// The rows an index writes, compared column by column with a golden dump recorded before
/// the indexer was made faster (issue 19): a cold index, a re-scan that sees a changed, a
/// new and a deleted file, and the same library indexed in pieces, must all give the rows
/// the old indexer gave.
final class IndexedRowsTests: XCTestCase {
  var library: TestLibrary!

  override func setUp() { library = TestLibrary("indexed-rows") }
  override func tearDown() { library.remove() }

  /// A fixed tree: dated and undated JPEGs in nested folders, names with dates, a
  /// non-UTF-8 name, text files and an empty file; every mtime set.
  private func makeTree() throws {
    var mtime = 1_500_000_000
    func stamp(_ path: String) {
      mtime += 3_601
      library.setMTime(path, mtime)
    }
    for year in 2019...2021 {
      for month in [1, 7, 12] {
        for n in 0..<7 {
          let folder = String(format: "%04d/%02d", year, month)
          let name = String(
            format: "IMG_%04d%02d%02d_%02d%02d%02d.jpg", year, month, n + 1, n, n * 7, n * 5)
          let date: String? =
            n % 3 == 0 ? String(format: "%04d:%02d:%02d 1%d:00:00", year, month, n + 2, n) : nil
          let offset: String? = n == 3 ? "+02:00" : nil
          let path = try library.writeJPEG(
            "\(folder)/\(name)", date: date, offset: offset, orientation: n % 2 == 0 ? 6 : nil,
            width: 8 + n, height: 6 + year % 3)
          stamp(path)
        }
        stamp(try library.write(String(format: "%04d/%02d/notes.txt", year, month), "notes"))
      }
    }
    stamp(try library.writeJPEG("undated/photo.bin", width: 12, height: 9))
    stamp(try library.write("undated/empty.jpg", ""))
    stamp(try library.writeJPEG("undated/deep/er/x.jpg", date: "2001:02:03 04:05:06"))
    // "café" in Latin-1: a name that is not UTF-8.
    try library.writeJPEG("undated/cafe.jpg")
    let latin1 = Array((library.root + "/undated/caf").utf8) + [0xE9] + Array(".jpg".utf8) + [0]
    var times = [
      timespec(tv_sec: 1_600_000_000, tv_nsec: 5), timespec(tv_sec: 1_600_000_000, tv_nsec: 5),
    ]
    latin1.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        XCTAssertEqual(rename(library.root + "/undated/cafe.jpg", $0.baseAddress!), 0)
        XCTAssertEqual(utimensat(AT_FDCWD, $0.baseAddress!, &times, 0), 0)
      }
    }
  }

  /// Every column of both tables but the row id and the index time, paths relative to the
  /// root, sorted by path; a path that is not UTF-8 as hex.
  private func dump(_ catalog: Catalog) throws -> String {
    let prefix = Array((library.root + "/").utf8)
    func relative(_ value: DatabaseValue) -> String {
      guard case .blob(let data) = value.storage else { return "\(value)" }
      let bytes = [UInt8](data)
      let rest = bytes.starts(with: prefix) ? Array(bytes.dropFirst(prefix.count)) : bytes
      return String(validating: rest, as: UTF8.self)
        ?? rest.map { String(format: "%02x", $0) }.joined()
    }
    return try catalog.read { db in
      var lines: [String] = []
      for table in ["assets", "other_files"] {
        let rows = try Row.fetchAll(
          db, sql: "SELECT \(FilePlace.pathSQL) AS path, * FROM \(table) ORDER BY path")
        lines.append("\(table): \(rows.count) rows")
        for row in rows {
          var fields: [String] = []
          // A date taken from the mtime is on the wall clock of the zone the test runs in.
          let source: String? = row.hasColumn("capture_source") ? row["capture_source"] : nil
          let zoned: Set<String> = source == "fileModification" ? ["capture_sort_key"] : []
          // The path once, whole (not its folder and name).
          let skipped = ["id", "added_at", "folder_id", "name"]
          for (column, value) in row where !skipped.contains(column) && !zoned.contains(column) {
            fields.append("\(column)=\(column.hasSuffix("path") ? relative(value) : "\(value)")")
          }
          lines.append(fields.joined(separator: " "))
        }
      }
      return lines.joined(separator: "\n") + "\n"
    }
  }

  func testColdIndexAndRescanGiveTheRecordedRows() throws {
    try makeTree()
    let catalog = try Catalog(path: library.catalogPath)
    let indexer = Indexer(catalog: catalog)
    let first = try indexer.index(roots: [library.root])
    XCTAssertEqual([first.new, first.errors], [66, 1])
    Snapshot.assert(try dump(catalog), named: "indexed-rows-cold")

    // A changed file (same size, other mtime and date), a new one, a deleted one.
    let changed = try library.writeJPEG(
      "2020/07/IMG_20200701_000000.jpg", date: "2020:07:09 09:09:09", width: 8, height: 7)
    library.setMTime(changed, 1_700_000_000)
    library.setMTime(
      try library.writeJPEG("2020/07/IMG_20200731_235959.jpg", width: 30, height: 20),
      1_700_000_100)
    try FileManager.default.removeItem(atPath: library.root + "/2021/12/IMG_20211203_021410.jpg")
    let second = try indexer.index()
    XCTAssertEqual(
      [second.new, second.changed, second.removed, second.read], [1, 1, 1, 2])
    Snapshot.assert(try dump(catalog), named: "indexed-rows-rescan")
  }

  func testBulkRunCheckpointsLessOftenThenGoesBackToTheUsualInterval() throws {
    for folder in 0..<10 {
      try FileManager.default.createDirectory(
        atPath: library.root + "/bulk/\(folder)", withIntermediateDirectories: true)
    }
    for i in 0..<Indexer.bulkRows {
      XCTAssertTrue(
        FileManager.default.createFile(
          atPath: library.root + "/bulk/\(i % 10)/n\(i).txt", contents: Data("\(i)".utf8)))
    }
    try library.writeJPEG("bulk/p.jpg", date: "2024:01:01 10:00:00")
    let catalog = try Catalog(path: library.catalogPath)
    let summary = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual([summary.new, summary.read], [1, Indexer.bulkRows + 1])
    let interval = try catalog.pool.write { db in
      try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint")
    }
    XCTAssertEqual(interval, Catalog.defaultCheckpointPages)
    // The bulk run's WAL was copied and emptied, not left at its largest on disk.
    let wal = try FileManager.default.attributesOfItem(atPath: library.catalogPath + "-wal")
    XCTAssertLessThan((wal[.size] as? Int) ?? .max, 64 << 10)
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
    let others = try catalog.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM other_files")
    }
    XCTAssertEqual(others, Indexer.bulkRows)
  }

  func testLibraryIndexedInPiecesGivesTheSameRowsAsAtOnce() throws {
    try makeTree()
    let whole = try Catalog(path: library.folder.appendingPathComponent("whole.sqlite").path)
    _ = try Indexer(catalog: whole, batchSize: 7).index(roots: [library.root])
    // The same library grown into a catalog that already has rows: the incremental path.
    let pieces = try Catalog(path: library.folder.appendingPathComponent("pieces.sqlite").path)
    _ = try Indexer(catalog: pieces).index(roots: [library.root + "/2020"])
    _ = try Indexer(catalog: pieces).index(roots: [library.root + "/2019"])
    _ = try Indexer(catalog: pieces).index(roots: [library.root])
    let a = try dump(whole)
    let b = try dump(pieces)
    XCTAssertEqual(a, b)
    XCTAssertTrue(a.contains("assets: 66 rows"), a)
  }
}
