import XCTest

@testable import PhotoModel

final class CaptureDateTests: XCTestCase {
  func testCivilDaysRoundTrip() {
    for days in stride(from: -800_000, through: 800_000, by: 997) {
      let (y, m, d) = CaptureDate.civilFromDays(days)
      XCTAssertEqual(CaptureDate.daysFromCivil(year: y, month: m, day: d), days)
    }
    XCTAssertEqual(CaptureDate.daysFromCivil(year: 1970, month: 1, day: 1), 0)
    XCTAssertEqual(CaptureDate.daysFromCivil(year: 2000, month: 3, day: 1), 11_017)
  }

  func testWeekdayAndFormatting() {
    let date = CaptureDate(
      year: 2024, month: 8, day: 13, hour: 10, minute: 22, second: 1,
      utcOffsetSeconds: -5 * 3600 - 1800, source: .exif)
    XCTAssertEqual(date.longDayTitle, "Tuesday, 13 August 2024")
    XCTAssertEqual(date.shortDateTime, "13 Aug 2024 10:22")
    XCTAssertEqual(date.offsetText, "-05:30")
    XCTAssertEqual(date.exifText, "2024:08:13 10:22:01")
  }

  func testValidity() {
    XCTAssertTrue(CaptureDate(year: 2024, month: 2, day: 29, source: .exif).isValid)
    XCTAssertFalse(CaptureDate(year: 2023, month: 2, day: 29, source: .exif).isValid)
    XCTAssertFalse(CaptureDate(year: 0, month: 0, day: 0, source: .exif).isValid)
    XCTAssertFalse(CaptureDate(year: 2024, month: 1, day: 1, hour: 24, source: .exif).isValid)
  }

  func testEpochConversionInAZone() {
    // 2024-08-13 14:30:00 UTC read at +09:00 is 23:30 local.
    let date = CaptureDate(
      epochSeconds: 1_723_559_400, utcOffsetSeconds: 9 * 3600, recordOffset: true,
      source: .fileModification)
    XCTAssertEqual(
      [date.year, date.month, date.day, date.hour, date.minute], [2024, 8, 13, 23, 30])
    XCTAssertEqual(date.utcSeconds, 1_723_559_400)
  }

  func testByteCounts() {
    XCTAssertEqual(ByteCountText.format(1), "1 byte")
    XCTAssertEqual(ByteCountText.format(812), "812 bytes")
    XCTAssertEqual(ByteCountText.format(3_100_000), "3.1 MB")
    XCTAssertEqual(ByteCountText.format(45_000), "45 KB")
    XCTAssertEqual(ByteCountText.format(9_960_000), "10 MB")
  }

  func testPixelSizeFitting() {
    XCTAssertEqual(
      PixelSize(width: 4000, height: 3000).fitting(in: PixelSize(width: 80, height: 80)),
      PixelSize(width: 80, height: 60))
    XCTAssertEqual(
      PixelSize(width: 3000, height: 4000).fitting(in: PixelSize(width: 80, height: 80)),
      PixelSize(width: 60, height: 80))
    XCTAssertEqual(Orientation(exifValue: 9), .up)
    XCTAssertEqual(
      Orientation.right.displaySize(ofStored: PixelSize(width: 4, height: 3)),
      PixelSize(width: 3, height: 4))
  }
}
