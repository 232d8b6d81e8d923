import Catalog
import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import PhotoStore
import XCTest

@testable import Catalog
@testable import LightboxApp
@testable import LightboxCommands

/// Moving a RAW's date (issue 37, "Fixing dates"): the RAW is never written; the moved date
/// goes to its XMP sidecar, where exiftool reads it, the index takes it over the file's own,
/// and u puts the sidecar back byte for byte.
final class RAWDateSidecarTests: XCTestCase {
  var work: URL!

  override func setUpWithError() throws {
    work = BuiltProduct.temporaryDirectory("raw-date")
  }

  override func tearDown() {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  /// A writable copy of the corpus file `relative`, its mtime set (CR3 and RAF are dated by
  /// it: Lightbox reads no EXIF date from them).
  func copy(_ relative: String) throws -> String {
    let target = try CorpusLocator.writableCopy(relative, into: work, mode: 0o644)
    var times = [
      timespec(tv_sec: 1_600_000_000, tv_nsec: 0), timespec(tv_sec: 1_600_000_000, tv_nsec: 0),
    ]
    utimensat(AT_FDCWD, target, &times, 0)
    return target
  }

  func exiftool() throws -> String { try CorpusLocator.exiftool() }

  /// exiftool's XMP dates of the sidecar at `path`.
  func sidecarDates(_ path: String) throws -> [String] {
    let run = Subprocess.run(
      [try exiftool(), "-s3", "-XMP-exif:DateTimeOriginal", "-XMP-xmp:CreateDate", path])
    XCTAssertEqual(run.status, 0, run.output)
    return run.output.split(separator: "\n").map(String.init)
  }

  /// The date the index gives the photo at `path`.
  func indexedDate(_ path: String) -> CaptureDate? {
    var info = stat()
    stat(path, &info)
    return FileIndexing.entry(path: LibraryPath(bytes: Array(path.utf8)), stamp: FileStamp(info))
      .captureDate
  }

  func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  func testRAWDatesMoveInTheirSidecarsAndUndoPutsThemBack() throws {
    let files = try [
      "raw/Canon_EOS_R6_pruned.CR3", "raw/FujiFilm_S5Pro.raf",
      "malformed/raw_canon_350d_stripped.cr2", "malformed/raw_nikon_d70_stripped.nef",
    ].map(copy)
    let raws = try files.map(bytes)
    let before = files.map(indexedDate)
    let ids = files.indices.map { AssetID(Int64($0 + 1)) }
    let outcome = DateShifter.run(DateShiftJob(ids: ids, paths: files, seconds: 5400))
    XCTAssertEqual(outcome.failures, [])
    XCTAssertEqual(outcome.moved, ids)
    XCTAssertEqual(outcome.sidecars.map(\.sidecar), files.map { $0 + ".xmp" })
    XCTAssertEqual(outcome.sidecars.map(\.bytes), files.map { _ in nil }, "sidecars created")
    for (i, path) in files.enumerated() {
      XCTAssertEqual(try bytes(path), raws[i], "\(path): the RAW is not written")
      let old = try XCTUnwrap(before[i])
      let new = try XCTUnwrap(indexedDate(path), path)
      XCTAssertEqual(new.localSortKey, old.localSortKey + 5_400_000, path)
      XCTAssertEqual(new.utcOffsetSeconds, old.utcOffsetSeconds, path)
      XCTAssertEqual(new.source, .xmpSidecar)
      // exiftool reads the moved date in the sidecar, in both properties.
      var expected = XMPReader.dateText(new).replacingOccurrences(of: "-", with: ":")
      expected = expected.replacingOccurrences(of: "T", with: " ")
      if let offset = new.utcOffsetSeconds, offset < 0 {
        // Only the date part's dashes are colons in exiftool's form.
        expected = String(expected.dropLast(6)) + XMPReader.dateText(new).suffix(6)
      }
      XCTAssertEqual(try sidecarDates(path + ".xmp"), [expected, expected], path)
    }
    // u: the sidecars put back (removed: they were made), the dates the files' own again.
    var undo = DateShiftJob(ids: ids, paths: files, seconds: -5400, isUndo: true)
    undo.restoring = outcome.sidecars
    let back = DateShifter.run(undo)
    XCTAssertEqual(back.failures, [])
    XCTAssertEqual(back.moved, ids)
    for (i, path) in files.enumerated() {
      XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".xmp"), path)
      XCTAssertEqual(indexedDate(path), before[i], path)
      XCTAssertEqual(try bytes(path), raws[i])
    }
  }

  func testADarktableSidecarKeepsItsHistoryAndItsDateStyle() throws {
    let raw = try copy("malformed/raw_nikon_d70_stripped.nef")
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let sidecar = raw + ".xmp"
    try FileManager.default.copyItem(
      atPath: corpus.appendingPathComponent("xmp/darktable-DSC_9034.NEF.xmp").path,
      toPath: sidecar)
    chmod(sidecar, 0o644)
    let original = try bytes(sidecar)
    let listing = { (path: String) throws -> [String] in
      let run = Subprocess.run([try self.exiftool(), "-X", "-XMP:all", path])
      return run.output.split(separator: "\n").map(String.init).filter {
        !$0.contains("DateTimeOriginal") && !$0.contains("rdf:about")
      }
    }
    let historyBefore = try listing(sidecar)
    XCTAssertEqual(try sidecarDates(sidecar).first, "2021:06:19 12:22:10.790")
    // The date the library shows is the sidecar's (darktable's copy of the camera's).
    let outcome = DateShifter.run(DateShiftJob(ids: [AssetID(1)], paths: [raw], seconds: -3600))
    XCTAssertEqual(outcome.failures, [])
    XCTAssertTrue(outcome.sidecars.first?.bytes == original, "the sidecar as it was, for u")
    // Written as darktable writes it (EXIF's colons), moved an hour back; the rest the same.
    XCTAssertEqual(try sidecarDates(sidecar).first, "2021:06:19 11:22:10.790")
    XCTAssertTrue(
      String(decoding: try bytes(sidecar), as: UTF8.self).contains(
        #"exif:DateTimeOriginal="2021:06:19 11:22:10.790""#))
    XCTAssertEqual(
      try listing(sidecar).filter { !$0.contains("CreateDate") }, historyBefore,
      "the edit history as exiftool reads it")
    let undo = DateShiftJob(
      ids: [AssetID(1)], paths: [raw], seconds: 3600, isUndo: true, restoring: outcome.sidecars)
    XCTAssertEqual(DateShifter.run(undo).failures, [])
    XCTAssertTrue(try bytes(sidecar) == original, "byte for byte")
  }

  func testLightboxDateWritesARAWsSidecar() throws {
    let raw = try copy("malformed/raw_canon_350d_stripped.cr2")
    let outcomes = DateCommand.run(paths: [raw], adjustment: .shift(5400), zone: nil)
    let line = DateCommand.line(outcomes[0])
    XCTAssertTrue(line.hasSuffix(" (in its sidecar raw_canon_350d_stripped.cr2.xmp)\n"), line)
    XCTAssertTrue(line.contains("2005-08-03T18:59:18 → 2005-08-03T20:29:18"), line)
    XCTAssertEqual(try sidecarDates(raw + ".xmp").first, "2005:08:03 20:29:18")
    let zoned = DateCommand.run(paths: [raw], adjustment: .none, zone: 3600)
    guard case .failure(let error) = zoned[0].result else { return XCTFail("zone set") }
    XCTAssertTrue(error.reason.contains("time zone"), error.reason)
  }
}
