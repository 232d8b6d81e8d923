import PhotoMetadata
import PhotoModel
import XCTest

/// Date texts from metadata and dates in file names.
final class DateParsingTests: XCTestCase {
  private func fields(_ d: CaptureDate?) -> [Int]? {
    d.map { [$0.year, $0.month, $0.day, $0.hour, $0.minute, $0.second, $0.millisecond] }
  }

  func testEXIFDateWithSubSecondsAndOffset() {
    let d = DateTextParser.exifDate("2024:08:13 10:22:01", subSec: "5", offset: "-05:30")
    XCTAssertEqual(fields(d), [2024, 8, 13, 10, 22, 1, 500])
    XCTAssertEqual(d?.utcOffsetSeconds, -(5 * 3600 + 1800))
    XCTAssertEqual(d?.source, .exif)
    XCTAssertEqual(DateTextParser.milliseconds(fromSubSec: "123456"), 123)
    XCTAssertEqual(DateTextParser.milliseconds(fromSubSec: " 07 "), 70)
    XCTAssertNil(DateTextParser.milliseconds(fromSubSec: "abc"))
    // A blank or broken offset is "unknown", not UTC.
    XCTAssertNil(DateTextParser.exifDate("2024:08:13 10:22:01", offset: "   :  ")?.utcOffsetSeconds)
    XCTAssertEqual(DateTextParser.utcOffset("+0900"), 32_400)
    XCTAssertEqual(DateTextParser.utcOffset("Z"), 0)
    XCTAssertNil(DateTextParser.utcOffset("+25:00"))
    XCTAssertNil(DateTextParser.utcOffset(""))
  }

  func testInvalidEXIFDates() {
    for text in [
      "0000:00:00 00:00:00", "    :  :     :  :  ", "", "2024:13:01 00:00:00",
      "2023:02:29 12:00:00", "2024:08:13 24:00:00", "2024:08:13 10:61:00", "20240813 102201",
      "2024:08:13 10:22:01 garbage", "1799:12:31 23:59:59",
    ] {
      XCTAssertNil(DateTextParser.exifDate(text), text)
    }
    XCTAssertEqual(
      fields(DateTextParser.exifDate("2024:02:29 00:00:00")), [2024, 2, 29, 0, 0, 0, 0])
    XCTAssertEqual(
      fields(DateTextParser.exifDate("2024:08:13 10:22:01\0\0")), [2024, 8, 13, 10, 22, 1, 0])
  }

  func testPNGCreationTimeFormats() {
    let cases: [(String, [Int], Int?)] = [
      ("2024:08:13 10:22:01", [2024, 8, 13, 10, 22, 1, 0], nil),
      ("Tue, 13 Aug 2024 10:22:01 +0900", [2024, 8, 13, 10, 22, 1, 0], 32_400),
      ("13 Aug 2024 10:22 GMT", [2024, 8, 13, 10, 22, 0, 0], 0),
      ("Sat, 3 February 2001 04:05:06 -0800", [2001, 2, 3, 4, 5, 6, 0], -28_800),
      ("2024-08-13T10:22:01", [2024, 8, 13, 10, 22, 1, 0], nil),
      ("2024-08-13T10:22:01.5+05:45", [2024, 8, 13, 10, 22, 1, 500], 20_700),
      ("2024-08-13 10:22:01Z", [2024, 8, 13, 10, 22, 1, 0], 0),
      ("2024-08-13", [2024, 8, 13, 0, 0, 0, 0], nil),
    ]
    for (text, expected, offset) in cases {
      let d = DateTextParser.creationTime(text)
      XCTAssertEqual(fields(d), expected, text)
      XCTAssertEqual(d?.utcOffsetSeconds, offset, text)
      XCTAssertEqual(d?.source, .pngText, text)
    }
    for text in ["yesterday", "Tue, 32 Aug 2024 10:22:01", "13 Foo 2024 10:22:01", "2024-08"] {
      XCTAssertNil(DateTextParser.creationTime(text), text)
    }
  }

  func testFileNamePatterns() {
    let cases: [(String, [Int])] = [
      ("IMG_20240813_102201.jpg", [2024, 8, 13, 10, 22, 1, 0]),
      ("PXL_20240813_102201123.jpg", [2024, 8, 13, 10, 22, 1, 123]),
      ("PXL_20240813_102201123.MP.jpg", [2024, 8, 13, 10, 22, 1, 123]),
      ("Screenshot 2024-08-13 at 10.22.01.png", [2024, 8, 13, 10, 22, 1, 0]),
      ("Screen Shot 2019-08-13 at 10.22.01 PM.png", [2019, 8, 13, 22, 22, 1, 0]),
      ("Screenshot 2024-08-13 at 12.05.09\u{202F}AM.png", [2024, 8, 13, 0, 5, 9, 0]),
      ("Screenshot_20240813-102201.png", [2024, 8, 13, 10, 22, 1, 0]),
      ("Screenshot_2024-08-13-10-22-01-123_com.android.chrome.jpg", [2024, 8, 13, 10, 22, 1, 123]),
      ("KakaoTalk_20240813_102201123.jpg", [2024, 8, 13, 10, 22, 1, 123]),
      ("2024-08-13 10.22.01.jpg", [2024, 8, 13, 10, 22, 1, 0]),
      ("photo_2024-08-13_10-22-01.jpg", [2024, 8, 13, 10, 22, 1, 0]),
      ("IMG-20240813-WA0001.jpg", [2024, 8, 13, 0, 0, 0, 0]),
      ("VID_20240813_102201.mp4", [2024, 8, 13, 10, 22, 1, 0]),
      ("20240813_102201.jpg", [2024, 8, 13, 10, 22, 1, 0]),
      ("20240813102201.jpg", [2024, 8, 13, 10, 22, 1, 0]),
      ("/photos/2023/IMG_20240813_102201.jpg", [2024, 8, 13, 10, 22, 1, 0]),
      ("IMG_0001_20240229_000000.jpg", [2024, 2, 29, 0, 0, 0, 0]),
    ]
    for (name, expected) in cases {
      let d = FileNameDateParser.captureDate(fromFileName: name)
      XCTAssertEqual(fields(d), expected, name)
      XCTAssertEqual(d?.source, .fileName, name)
      XCTAssertNil(d?.utcOffsetSeconds, name)
    }
  }

  func testFileNameNonDates() {
    for name in [
      "IMG_4032.jpg", "DSC01234.JPG", "holiday.jpg", "", "IMG_20241313_102201.jpg",
      "IMG_20230230_102201.jpg", "IMG_18991231_102201.jpg", "IMG_21010101_000000.jpg",
      "IMG_20240813_256101.jpg", "IMG_20240813_106101.jpg", "1234567890.jpg",
      "photo_123456789012.jpg", "00000000_000000.jpg", "IMG_99999999.jpg",
      "2024-13-01 10.00.00.jpg", "Screenshot 2024-08-13 at 25.22.01.png",
      "Screen Shot 2019-08-13 at 13.22.01 PM.png", "scan-2024-8-13.png", "12-08-2024.jpg",
      "P1010001.JPG", "DJI_0042.JPG", "IMG_120240813_102201.jpg",
    ] {
      XCTAssertNil(FileNameDateParser.captureDate(fromFileName: name), name)
    }
  }
}
