import Decoders
import Foundation
import LightboxCommands
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

/// Adjusting dates in place (issue 37, "Fixing dates"): three corpus JPEGs (and an iPhone
/// HEIC) moved +1 h 30 m
/// are read back by exiftool with the new times, every byte outside the date fields is the
/// same, and the undo gives the files back byte for byte.
final class DateShiftTests: XCTestCase {
  var work: URL!

  override func setUpWithError() throws {
    work = BuiltProduct.temporaryDirectory("date-shift")
  }

  override func tearDown() {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  /// A writable copy of the corpus file `relative`.
  func copy(_ relative: String) throws -> String {
    let target = try CorpusLocator.writableCopy(relative, into: work, mode: 0o644)
    return target
  }

  func exiftool() throws -> String { try CorpusLocator.exiftool() }

  /// exiftool's DateTimeOriginal, CreateDate and ModifyDate of `path`.
  func dates(_ path: String) throws -> [String] {
    let run = Subprocess.run(
      [
        try exiftool(), "-s3", "-EXIF:DateTimeOriginal", "-EXIF:CreateDate", "-EXIF:ModifyDate",
        path,
      ])
    XCTAssertEqual(run.status, 0, run.output)
    return run.output.split(separator: "\n").map(String.init)
  }

  func testThreeJPEGsMoveAndOnlyTheirDateBytesChangeAndUndoRestoresThem() throws {
    let files = try [
      "jpeg-exif/canon_hdr_NO.jpg", "jpeg-exif/Canon_40D.jpg", "jpeg-exif/Nikon_D70.jpg",
      "heif/IMG_5195.HEIC",  // an iPhone's: the Exif item, patched where it lies
    ].map(copy)
    for path in files {
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      let oldDates = try dates(path)
      XCTAssertGreaterThanOrEqual(oldDates.count, 2, path)
      let changes = try ExifDateShift.shiftFile(atPath: path, seconds: 5400).get()
      // Every date the file has (the Nikon D70 wrote no CreateDate).
      XCTAssertEqual(changes.count, oldDates.count, path)
      XCTAssertTrue(changes.contains { $0.kind == .dateTimeOriginal }, path)
      // exiftool reads each date 1 h 30 m later.
      let newDates = try dates(path)
      XCTAssertEqual(
        newDates,
        oldDates.map { ExifDateShift.dateText(ExifDateShift.localSeconds($0)! + 5400)! }, path)
      // Every byte outside the changed fields is the same.
      let after = try Data(contentsOf: URL(fileURLWithPath: path))
      XCTAssertEqual(before.count, after.count)
      let changed = changes.reduce(into: IndexSet()) { $0.insert(integersIn: $1.range) }
      var outside = 0
      for i in before.indices where !changed.contains(i) {
        if before[i] != after[i] { outside += 1 }
      }
      XCTAssertEqual(outside, 0, "\(path): \(outside) bytes outside the date fields changed")
      XCTAssertNotEqual(before, after)
      // Undo: the file byte for byte.
      _ = try ExifDateShift.changeFile(atPath: path, changes.reversed().map(\.reversed)).get()
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, path)
    }
  }

  func testTheTimeZoneIsSetWhereTheFileHasItsFields() throws {
    let path = try copy("jpeg-exif/Canon_40D.jpg")
    XCTAssertThrowsError(try ExifDateShift.shiftFile(atPath: path, seconds: 0, zone: 3600).get()) {
      XCTAssertTrue("\($0)".contains("no EXIF time-zone field"), "\($0)")
    }
    // exiftool adds the offset fields (growing the Exif IFD); Lightbox then changes them.
    let added = Subprocess.run(
      [try exiftool(), "-q", "-overwrite_original", "-OffsetTimeOriginal=+01:00", path])
    XCTAssertEqual(added.status, 0, added.output)
    let changes = try ExifDateShift.shiftFile(atPath: path, seconds: 0, zone: 9 * 3600).get()
    XCTAssertEqual(changes.map(\.kind), [.offsetTimeOriginal])
    let read = Subprocess.run([try exiftool(), "-s3", "-OffsetTimeOriginal", path])
    XCTAssertEqual(read.output.trimmingCharacters(in: .whitespacesAndNewlines), "+09:00")
  }

  func testReadOnlyRAWAndOtherFormatsAreRefusedUntouched() throws {
    let readOnly = try copy("jpeg-exif/canon_hdr_NO.jpg")
    chmod(readOnly, 0o444)
    let before = try Data(contentsOf: URL(fileURLWithPath: readOnly))
    XCTAssertThrowsError(try ExifDateShift.shiftFile(atPath: readOnly, seconds: 60).get()) {
      XCTAssertTrue("\($0)".contains("read-only"), "\($0)")
    }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: readOnly)), before)
    let png = work.appendingPathComponent("plain.png").path
    try Data(TestImages.png(rgba: TestImages.checkerboard(width: 4, height: 4))).write(
      to: URL(fileURLWithPath: png))
    XCTAssertThrowsError(try ExifDateShift.shiftFile(atPath: png, seconds: 60).get()) {
      XCTAssertTrue("\($0)".contains("cannot be changed in place"), "\($0)")
    }
    for raw in try ["raw/Canon_EOS_R6_pruned.CR3", "raw/FujiFilm_S5Pro.raf"].map(copy) {
      let original = try Data(contentsOf: URL(fileURLWithPath: raw))
      XCTAssertThrowsError(try ExifDateShift.shiftFile(atPath: raw, seconds: 60).get()) {
        XCTAssertTrue("\($0)".contains("RAW"), "\(raw): \($0)")
      }
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: raw)), original)
    }
  }

  func testAmountsTimesAndZonesAreRead() {
    XCTAssertEqual(DateCommand.duration("+1h30m"), 5400)
    XCTAssertEqual(DateCommand.duration("-2d"), -172_800)
    XCTAssertEqual(DateCommand.duration("45m"), 2700)
    XCTAssertEqual(DateCommand.duration("1d2h3m4s"), 93_784)
    for bad in ["", "+", "1", "1x", "h", "1h1h", "--1h", "1.5h", "99999999999d"] {
      XCTAssertNil(DateCommand.duration(bad), bad)
    }
    XCTAssertEqual(
      DateCommand.wallClock("2024-08-13 10:22"), ExifDateShift.localSeconds("2024:08:13 10:22:00"))
    XCTAssertEqual(
      DateCommand.wallClock("2024-08-13T10:22:01"),
      ExifDateShift.localSeconds("2024:08:13 10:22:01"))
    XCTAssertNil(DateCommand.wallClock("2024-02-30 10:00"))
    XCTAssertEqual(DateCommand.zone("+09:00"), 32_400)
    XCTAssertEqual(DateCommand.zone("-03:30"), -12_600)
    XCTAssertEqual(DateCommand.zone("UTC"), 0)
    XCTAssertNil(DateCommand.zone("+15:00"))
    XCTAssertNil(DateCommand.zone("0900"))
    XCTAssertEqual(
      ExifDateShift.dateText(ExifDateShift.localSeconds("2024:12:31 23:59:59")! + 1),
      "2025:01:01 00:00:00")
    XCTAssertNil(ExifDateShift.localSeconds("0000:00:00 00:00:00"))
    XCTAssertEqual(ExifDateShift.zoneText(-12_600), "-03:30")
  }

  func testAFileChangedSinceItWasReadIsNotWritten() {
    let fields = [
      ExifDateField(kind: .dateTimeOriginal, range: 2..<21, text: "2024:08:13 10:22:01")
    ]
    let changes = ExifDateShift.changes(fields, seconds: 60)
    XCTAssertEqual(changes.first?.new, "2024:08:13 10:23:01")
    var bytes = Array("xx2024:08:13 10:22:01\0yy".utf8)
    XCTAssertEqual(
      ExifDateShift.apply(changes, to: bytes), Array("xx2024:08:13 10:23:01\0yy".utf8))
    bytes[5] = UInt8(ascii: "9")
    XCTAssertNil(ExifDateShift.apply(changes, to: bytes), "the old text is not there")
  }
}
