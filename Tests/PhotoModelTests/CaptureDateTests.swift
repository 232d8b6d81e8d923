import Foundation
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

  func testItIsStoredNarrowAndCodedUnderItsFieldsNames() throws {
    // Seven Ints and an Int? were 80 bytes in every asset of the library.
    XCTAssertLessThanOrEqual(MemoryLayout<CaptureDate>.stride, 24)
    let date = CaptureDate(
      year: 2024, month: 8, day: 13, hour: 23, minute: 30, second: 59, millisecond: 999,
      utcOffsetSeconds: -12 * 3600, source: .exif)
    let json = try JSONEncoder().encode(date)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [String: Any])
    XCTAssertEqual(
      Set(object.keys),
      [
        "year", "month", "day", "hour", "minute", "second", "millisecond", "utcOffsetSeconds",
        "source",
      ])
    XCTAssertEqual(try JSONDecoder().decode(CaptureDate.self, from: json), date)
    var noOffset = date
    noOffset.utcOffsetSeconds = nil
    XCTAssertNil(noOffset.utcOffsetSeconds)
    XCTAssertNotEqual(noOffset, date)
    XCTAssertEqual(
      try JSONDecoder().decode(CaptureDate.self, from: JSONEncoder().encode(noOffset)), noOffset)
    // A value past a field's range (only a crafted file has one) is clamped, never trapped on,
    // and such a date stays invalid.
    let hostile = CaptureDate(
      year: Int.max, month: Int.min, day: 40_000, utcOffsetSeconds: Int.min, source: .exif)
    XCTAssertEqual(hostile.year, Int(Int32.max))
    XCTAssertEqual(hostile.month, Int(Int16.min))
    XCTAssertEqual(hostile.day, Int(Int16.max))
    XCTAssertNotNil(hostile.utcOffsetSeconds, "a recorded offset is not lost by clamping")
    XCTAssertFalse(hostile.isValid)
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
