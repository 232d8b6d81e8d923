import Catalog
import Digests
import Foundation
import LibraryImport
import PhotoModel
import XCTest

/// Planning and copying: dates as the index reads them, skip rules, groups that travel
/// together, name clashes, failures, --delete-after, leftovers of a killed run.
final class ImporterTests: XCTestCase {
  private var fixtures = ImportFixtures("unused")

  override func setUp() { fixtures = ImportFixtures("importer") }
  override func tearDown() { fixtures.remove() }

  private func runImport(deleteAfter: Bool = false, template: String = ImportTemplate.defaultText)
    throws -> ImportSummary
  {
    let importer = try fixtures.importer(template: template, deleteAfter: deleteAfter)
    return importer.run(importer.plan(sources: [fixtures.source]))
  }

  private func outcome(_ summary: ImportSummary, _ name: String) -> ImportOutcome? {
    summary.files.first { $0.source.hasSuffix("/" + name) }
  }

  /// EXIF first, then a date in the file name, then the mtime (local), as the index does.
  func testDatesFallBackAsTheIndexDoes() throws {
    try fixtures.writeJPEG("a.jpg", date: "2024:08:13 10:22:01", tag: "a")
    try fixtures.writeJPEG("IMG_20230102_030405.jpg", tag: "b")
    let plain = try fixtures.writeJPEG("plain.jpg", tag: "c")
    var times = [
      timespec(tv_sec: 1_500_000_000, tv_nsec: 0), timespec(tv_sec: 1_500_000_000, tv_nsec: 0),
    ]
    XCTAssertEqual(utimensat(AT_FDCWD, plain, &times, 0), 0)
    let local = CaptureDateFallback.localDate(epochSeconds: 1_500_000_000)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let summary = try runImport()
    XCTAssertTrue(summary.isComplete)
    XCTAssertEqual(outcome(summary, "a.jpg")?.destination, "2024/2024-08-13/a.jpg")
    XCTAssertEqual(
      outcome(summary, "IMG_20230102_030405.jpg")?.destination,
      "2023/2023-01-02/IMG_20230102_030405.jpg")
    XCTAssertEqual(
      outcome(summary, "plain.jpg")?.destination,
      "\(local.year)/\(local.year)-\(two(local.month))-\(two(local.day))/plain.jpg")
    // The copy keeps the camera's mtime, so the library reads the same date again.
    var info = stat()
    XCTAssertEqual(
      stat(fixtures.library + "/" + outcome(summary, "plain.jpg")!.destination!, &info), 0)
    XCTAssertEqual(info.st_mtim.tv_sec, 1_500_000_000)
  }

  func testTheCameraTokenComesFromEXIFAndIsMadeSafe() throws {
    try fixtures.writeJPEG(
      "a.jpg", date: "2024:08:13 10:22:01", make: "Canon", model: "Canon EOS 40D")
    try fixtures.writeJPEG(
      "b.jpg", date: "2024:08:13 10:22:02", make: "Evil", model: "x/../\u{1B}]0;", tag: "b")
    let summary = try runImport(template: "{camera}/{seq}-{name}")
    XCTAssertEqual(outcome(summary, "a.jpg")?.destination, "Canon EOS 40D/0001-a.jpg")
    XCTAssertEqual(outcome(summary, "b.jpg")?.destination, "Evil x_..__]0;/0002-b.jpg")
  }

  /// Imported once: the ledger skips it next time, even when the user removed the copy; the
  /// same bytes already in the library (not from the ledger) are skipped too.
  func testSkipRules() throws {
    try fixtures.writeJPEG("a.jpg", date: "2024:08:13 10:22:01", tag: "a")
    try fixtures.writeJPEG("b.jpg", date: "2024:08:13 10:22:02", tag: "b")
    // The same bytes as b.jpg already in the library under another name and folder.
    try FileManager.default.createDirectory(
      atPath: fixtures.library + "/old", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: fixtures.source + "/b.jpg", toPath: fixtures.library + "/old/renamed.jpg")
    let first = try runImport()
    XCTAssertEqual(first.imported, 1, "\(first.files)")
    XCTAssertEqual(first.inLibrary, 1)
    XCTAssertEqual(outcome(first, "b.jpg")?.destination, "old/renamed.jpg")
    XCTAssertEqual(outcome(first, "b.jpg")?.result, .inLibrary)

    // The user deletes the imported copy: the ledger keeps it from coming back.
    let landed = try XCTUnwrap(first.files.first { $0.result == .imported })
    let landedPath = fixtures.library + "/" + (landed.destination ?? "?")
    try FileManager.default.removeItem(atPath: landedPath)
    let second = try runImport()
    XCTAssertEqual(second.imported, 0)
    XCTAssertEqual(second.files.first { $0.source == landed.source }?.result, .importedBefore)
    XCTAssertFalse(FileManager.default.fileExists(atPath: landedPath))

    // Without the ledger, the bytes in the library are what count.
    try FileManager.default.removeItem(atPath: fixtures.ledger)
    let third = try runImport()
    XCTAssertEqual(third.imported, 1)
    XCTAssertEqual(third.inLibrary, 1)
  }

  /// The same bytes twice on the card (a copy under another name): copied once.
  func testTheSameBytesTwiceInTheSourceAreCopiedOnce() throws {
    try fixtures.writeJPEG("a.jpg", date: "2024:08:13 10:22:01", tag: "a")
    try FileManager.default.copyItem(
      atPath: fixtures.source + "/a.jpg", toPath: fixtures.source + "/b.jpg")
    let summary = try runImport()
    XCTAssertEqual(summary.imported, 1)
    XCTAssertEqual(summary.inLibrary, 1)
    XCTAssertEqual(outcome(summary, "b.jpg")?.destination, "2024/2024-08-13/a.jpg")
  }

  /// A name taken by another photo gets a suffix; the other photo is untouched.
  func testNameClashesGetASuffixNeverAnOverwrite() throws {
    try fixtures.writeJPEG("IMG_0001.JPG", date: "2024:08:13 10:22:01", tag: "new")
    try fixtures.writeJPEG("sub/IMG_0001.JPG", date: "2024:08:13 11:00:00", tag: "second card")
    let existing = try fixtures.write(
      "2024/2024-08-13/IMG_0001.JPG", "someone else's photo", under: fixtures.library)
    let summary = try runImport()
    XCTAssertEqual(summary.imported, 2)
    XCTAssertEqual(
      String(decoding: ImportFixtures.bytes(existing)!, as: UTF8.self), "someone else's photo")
    XCTAssertEqual(
      Set(summary.files.compactMap(\.destination)),
      ["2024/2024-08-13/IMG_0001 (2).JPG", "2024/2024-08-13/IMG_0001 (3).JPG"])
    for file in summary.files {
      XCTAssertEqual(
        ImportFixtures.bytes(file.source),
        ImportFixtures.bytes(fixtures.library + "/" + file.destination!))
    }
  }

  /// RAW+JPEG and its sidecars (NAME.xmp, NAME.EXT.xmp, .THM, .AAE) go to one folder under one
  /// stem; when the stem is taken, the whole group takes the suffix.
  func testPairsAndSidecarsTravelTogether() throws {
    try fixtures.writeJPEG("DCIM/IMG_0001.JPG", date: "2024:08:13 10:22:01", tag: "front")
    try fixtures.copyCorpus("raw/Canon_EOS_R6_pruned.CR3", to: "DCIM/IMG_0001.CR3")
    try fixtures.copyCorpus("xmp/darktable-DSC_9034.NEF.xmp", to: "DCIM/IMG_0001.CR3.xmp")
    try fixtures.write("DCIM/IMG_0001.xmp", "<x:xmpmeta/>")
    try fixtures.write("DCIM/IMG_0001.THM", "thumbnail")
    try fixtures.write("DCIM/IMG_0001.AAE", "<plist/>")
    try fixtures.write("DCIM/ORPHAN.xmp", "<x:xmpmeta/>")
    try fixtures.write("DCIM/MISC.CTG", "camera file")
    try fixtures.write("2024/2024-08-13/IMG_0001.CR3", "taken", under: fixtures.library)
    let summary = try runImport()
    XCTAssertTrue(summary.isComplete, "\(summary)")
    XCTAssertEqual(summary.imported, 6)
    XCTAssertEqual(summary.notPhotos, 2)
    XCTAssertEqual(
      Set(summary.files.compactMap(\.destination)),
      [
        "2024/2024-08-13/IMG_0001 (2).JPG", "2024/2024-08-13/IMG_0001 (2).CR3",
        "2024/2024-08-13/IMG_0001 (2).CR3.xmp", "2024/2024-08-13/IMG_0001 (2).xmp",
        "2024/2024-08-13/IMG_0001 (2).THM", "2024/2024-08-13/IMG_0001 (2).AAE",
      ])
  }

  /// A Live Photo's still and movie (same name, within seconds) go together: the corpus's
  /// iPhone movie was shot 2019-07-24 11:25:40 +03:00.
  func testLivePhotoPairsTravelTogether() throws {
    try fixtures.copyCorpus("video/iPhone6_with-gps.mov", to: "IMG_0042.MOV")
    try fixtures.writeJPEG("IMG_0042.JPG", date: "2019:07:24 11:25:41", offset: "+03:00")
    try fixtures.write("2019/2019-07-24/IMG_0042.MOV", "taken", under: fixtures.library)
    let summary = try runImport()
    XCTAssertEqual(
      Set(summary.files.compactMap(\.destination)),
      ["2019/2019-07-24/IMG_0042 (2).JPG", "2019/2019-07-24/IMG_0042 (2).MOV"])
  }

  /// Real files of every kind from the corpus land byte-identical, and a second run copies
  /// nothing.
  func testCorpusFilesOfEveryKind() throws {
    for path in [
      "jpeg-exif/Canon_40D.jpg", "jpeg-exif/DSCN0010.jpg", "raw/FujiFilm_S5Pro.raf",
      "heif/IMG_5195.HEIC", "heif/Stonehenge.heic", "video/small_video.mp4",
      "video/MacBookPro_fixture.mov",
    ] {
      try fixtures.copyCorpus(path, to: (path as NSString).lastPathComponent)
    }
    let summary = try runImport()
    XCTAssertTrue(summary.isComplete)
    XCTAssertEqual(summary.imported, 7)
    for file in summary.files {
      XCTAssertEqual(
        ImportFixtures.bytes(file.source),
        ImportFixtures.bytes(fixtures.library + "/" + (file.destination ?? "?")), file.source)
    }
    XCTAssertTrue(
      ImportFixtures.files(under: fixtures.library).allSatisfy { !$0.contains(".lightbox-import-") }
    )
    let again = try runImport()
    XCTAssertEqual(again.imported, 0)
    XCTAssertEqual(again.importedBefore, 7)
  }

  /// A source file that vanishes between the plan and the copy is one failure; the rest land.
  func testAVanishedSourceFailsAloneAndTheSummarySaysSo() throws {
    try fixtures.writeJPEG("a.jpg", date: "2024:08:13 10:22:01", tag: "a")
    let gone = try fixtures.writeJPEG("b.jpg", date: "2024:08:13 10:22:02", tag: "b")
    try fixtures.writeJPEG("c.jpg", date: "2024:08:13 10:22:03", tag: "c")
    let importer = try fixtures.importer(deleteAfter: true)
    let plan = importer.plan(sources: [fixtures.source])
    try FileManager.default.removeItem(atPath: gone)
    let summary = importer.run(plan)
    XCTAssertFalse(summary.isComplete)
    XCTAssertEqual(summary.imported, 2)
    XCTAssertEqual(summary.failed, 1)
    let reason = try XCTUnwrap(outcome(summary, "b.jpg")?.reason)
    XCTAssertEqual(reason, "b.jpg: gone from the source before it was copied")
    // --delete-after removed exactly the verified ones.
    XCTAssertEqual(summary.sourcesDeleted, 2)
    XCTAssertEqual(ImportFixtures.files(under: fixtures.source), [])
  }

  /// Temporary files a killed import left are deleted by the next one, wherever its journal
  /// says it was writing; the library walker never lists them.
  func testLeftoversOfAKilledRunAreCleanedUp() throws {
    let leftover = try fixtures.write(
      "1999/1999-01-01/.lightbox-import-0123456789abcdef", "half a photo", under: fixtures.library)
    try fixtures.write(".lightbox-import.folders", "1999/1999-01-01\n", under: fixtures.library)
    XCTAssertEqual(LibraryFileList.files(under: [fixtures.library]).files, [])
    try fixtures.writeJPEG("a.jpg", date: "2024:08:13 10:22:01")
    let summary = try runImport()
    XCTAssertEqual(summary.imported, 1)
    XCTAssertFalse(FileManager.default.fileExists(atPath: leftover))
    XCTAssertEqual(
      ImportFixtures.files(under: fixtures.library),
      [".lightbox-import.lock", "2024/2024-08-13/a.jpg"])
  }

  /// A record says v2 and holds the XXH3-128 of the bytes the copy matched; a v1 record
  /// (a SHA-256, as written before) still reads, and a v2 one with a SHA-256's length does not.
  func testTheLedgerRecordsTheVerifiedChecksumAndReadsOlderRecords() throws {
    try fixtures.writeJPEG("a.jpg", date: "2024:08:13 10:22:01")
    XCTAssertEqual(try runImport().imported, 1)
    let text = try String(contentsOfFile: fixtures.ledger, encoding: .utf8)
    let fields = try XCTUnwrap(text.split(separator: "\n").first).split(separator: "\t")
    XCTAssertEqual(fields.count, 6)
    XCTAssertEqual(fields.first, "v2")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: fixtures.source + "/a.jpg"))
    let checksum = XXH128Stream()
    bytes.withUnsafeBytes { checksum.update($0) }
    let hex = checksum.finish().map { String(format: "%02x", $0) }.joined()
    XCTAssertEqual(String(fields[5]), hex)

    let sha = String(repeating: "ab", count: 32)
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: fixtures.ledger))
    handle.seekToEndOfFile()
    handle.write(Data("v1\t/x\told.jpg\t12\t0\t\(sha)\nv2\t/x\tbad.jpg\t12\t0\t\(sha)\n".utf8))
    try handle.close()
    let ledger = ImportLedger(path: fixtures.ledger)
    XCTAssertTrue(ledger.contains(.init(library: "/x", name: "old.jpg", size: 12, captureTime: 0)))
    XCTAssertFalse(ledger.contains(.init(library: "/x", name: "bad.jpg", size: 12, captureTime: 0)))
  }

  func testTheLedgerIgnoresATornLastLine() throws {
    try fixtures.writeJPEG("a.jpg", date: "2024:08:13 10:22:01")
    _ = try runImport()
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: fixtures.ledger))
    handle.seekToEndOfFile()
    handle.write(Data("v1\t/x\tb.jpg\t12\t0\tdeadbeef".utf8))
    try handle.close()
    let ledger = ImportLedger(path: fixtures.ledger)
    XCTAssertFalse(ledger.contains(.init(library: "/x", name: "b.jpg", size: 12, captureTime: 0)))
    try fixtures.writeJPEG("b.jpg", date: "2024:08:13 10:22:09", tag: "b")
    let summary = try runImport()
    XCTAssertEqual(summary.imported, 1)
    // The record after the torn line starts on a line of its own and reads back.
    XCTAssertEqual(try runImport().importedBefore, 2)
  }
}
