import Catalog
@_spi(Decoders) import Decoders
import Foundation
import LightboxCommands
import LightboxTestSupport
import PhotoModel
import Pixels
import XCTest

/// `lightbox memories`: the catalog's photos of this week in earlier years, as text and
/// JSON, for a fixed "today" (28 November 2026).
final class MemoriesCommandTests: XCTestCase {
  var work: URL!
  var library: String { work.appendingPathComponent("Pictures").path }
  var catalogPath: String { work.appendingPathComponent("library.sqlite").path }
  /// 2026-11-28 12:00 UTC.
  let now = Int64(CaptureDate.daysFromCivil(year: 2026, month: 11, day: 28)) * 86_400 + 43_200

  override func setUpWithError() throws {
    work = BuiltProduct.temporaryDirectory("memories")
    try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    // Dated by their names (no EXIF): `IMG_YYYYMMDD_HHMMSS`.
    let jpeg = try JPEGEncoder.encode(TestImages.checkerboard(width: 16, height: 12), quality: 80)
      .get()
    for name in [
      "IMG_20191128_100000.jpg", "IMG_20231124_120000.jpg", "IMG_20231126_120000.jpg",
      "IMG_20231129_090000.jpg", "IMG_20261127_100000.jpg",
    ] {
      try Data(jpeg).write(to: URL(fileURLWithPath: library + "/" + name))
    }
    // A screenshot of the right week: never a memory.
    let png = TestImages.png(rgba: TestImages.checkerboard(width: 16, height: 12))
    try Data(png).write(to: URL(fileURLWithPath: library + "/Screenshot_20241128-101010.png"))
    let catalog = try Catalog(path: catalogPath)
    let summary = try Indexer(catalog: catalog).index(roots: [library])
    XCTAssertEqual(summary.total, 6, "\(summary)")
  }

  override func tearDown() {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  func testTodaysMemoriesAreEachEarlierYearsWeekMostRecentFirst() throws {
    let options = MemoriesCommand.Options(roots: [], catalogPath: catalogPath)
    let found = try MemoriesCommand.memories(options, now: now, utcOffsetSeconds: 0)
    XCTAssertEqual(found.memories.map(\.year), [2023, 2019])
    XCTAssertEqual(
      MemoriesCommand.text(found.memories, today: found.today),
      """
      On this day · 28 November
      3 years ago · 26–29 Nov 2023 · 2 photos
      7 years ago · 28 Nov 2019 · 1 photo

      """)
    let json = try MemoriesCommand.json(found.memories, today: found.today, assets: found.assets)
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    XCTAssertEqual(object["date"] as? String, "2026-11-28")
    let memories = try XCTUnwrap(object["memories"] as? [[String: Any]])
    XCTAssertEqual(memories.count, 2)
    XCTAssertEqual(memories[0]["year"] as? Int, 2023)
    XCTAssertEqual(memories[0]["yearsAgo"] as? Int, 3)
    XCTAssertEqual(memories[0]["firstDay"] as? String, "2023-11-26")
    XCTAssertEqual(memories[0]["lastDay"] as? String, "2023-11-29")
    XCTAssertEqual(memories[0]["count"] as? Int, 2)
    XCTAssertEqual(memories[0]["title"] as? String, "3 years ago · 26–29 Nov 2023 · 2 photos")
    XCTAssertEqual(
      memories[0]["photos"] as? [String],
      [library + "/IMG_20231126_120000.jpg", library + "/IMG_20231129_090000.jpg"])
    // Of two stills, the first of the middle pair is the cover.
    XCTAssertEqual(memories[0]["cover"] as? String, library + "/IMG_20231126_120000.jpg")
    XCTAssertEqual(memories[1]["photos"] as? [String], [library + "/IMG_20191128_100000.jpg"])
  }

  func testAnotherDayAndAFolderOutsideTheLibraryHaveNone() throws {
    var options = MemoriesCommand.Options(
      roots: [], catalogPath: catalogPath, monthDay: MemoriesCommand.monthDay("11-21"))
    var found = try MemoriesCommand.memories(options, now: now, utcOffsetSeconds: 0)
    XCTAssertEqual(found.memories.map(\.year), [2023], "24 November is within 3 days of the 21st")
    options.monthDay = MemoriesCommand.monthDay("06-01")
    found = try MemoriesCommand.memories(options, now: now, utcOffsetSeconds: 0)
    XCTAssertTrue(found.memories.isEmpty)
    XCTAssertEqual(
      MemoriesCommand.text(found.memories, today: found.today), "No memories for 1 June.\n")
    let json = try MemoriesCommand.json(found.memories, today: found.today, assets: found.assets)
    XCTAssertEqual(json, #"{"date":"2026-06-01","memories":[]}"# + "\n")
    let elsewhere = work.appendingPathComponent("Elsewhere").path
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    options = MemoriesCommand.Options(roots: [elsewhere], catalogPath: catalogPath)
    found = try MemoriesCommand.memories(options, now: now, utcOffsetSeconds: 0)
    XCTAssertTrue(found.memories.isEmpty)
  }

  func testDatesAreCheckedAndAMissingCatalogIsOneLine() {
    XCTAssertNil(MemoriesCommand.monthDay("13-01"))
    XCTAssertNil(MemoriesCommand.monthDay("02-30"))
    XCTAssertNil(MemoriesCommand.monthDay("2-3"))
    XCTAssertNil(MemoriesCommand.monthDay("1128"))
    XCTAssertEqual(MemoriesCommand.monthDay("02-29")?.day, 29)
    let options = MemoriesCommand.Options(
      roots: [], catalogPath: work.appendingPathComponent("none.sqlite").path)
    XCTAssertThrowsError(try MemoriesCommand.memories(options, now: now, utcOffsetSeconds: 0)) {
      XCTAssertTrue(TestImages.isOneLine("\($0)"), "\($0)")
      XCTAssertTrue("\($0)".contains("no catalog at"), "\($0)")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: options.catalogPath), "none created")
  }
}
