import XCTest

@testable import PhotoModel

final class TimelineTests: XCTestCase {
  func asset(_ n: Int, _ y: Int, _ m: Int, _ d: Int, _ h: Int = 12, offset: Int? = nil) -> Asset {
    Asset(
      id: AssetID(Int64(n)), path: "/p/\(n).jpg", byteSize: 1, modificationTime: 0, format: .jpeg,
      storedPixelSize: nil, orientation: .up,
      captureDate: CaptureDate(
        year: y, month: m, day: d, hour: h, minute: 30, utcOffsetSeconds: offset, source: .exif))
  }

  func testGroupsYearsMonthsDaysAsContiguousRanges() {
    let assets = [
      asset(1, 2023, 12, 31), asset(2, 2024, 1, 1), asset(3, 2024, 1, 1), asset(4, 2024, 1, 5),
      asset(5, 2024, 8, 13), asset(6, 2024, 8, 13), asset(7, 2024, 8, 13),
    ]
    let t = Timeline(assets: assets)
    XCTAssertEqual(t.years.map(\.year), [2023, 2024])
    XCTAssertEqual(t.years.map(\.assets), [0..<1, 1..<7])
    XCTAssertEqual(t.months.map { "\($0.year)-\($0.month)" }, ["2023-12", "2024-1", "2024-8"])
    XCTAssertEqual(t.months.map(\.assets), [0..<1, 1..<4, 4..<7])
    XCTAssertEqual(t.days.map(\.assets), [0..<1, 1..<3, 3..<4, 4..<7])
    XCTAssertEqual(t.months[1].days, 1..<3)
    XCTAssertEqual(t.years[1].months, 1..<3)
    XCTAssertEqual(t.dayIndex(ofAsset: 5), 3)
    XCTAssertEqual(t.monthIndex(ofAsset: 3), 1)
    XCTAssertEqual(t.yearIndex(ofAsset: 0), 0)
    XCTAssertNil(t.dayIndex(ofAsset: 7))
    XCTAssertEqual(Timeline.keyAsset(of: 4..<7), 5)
  }

  func testLateEveningAtPlusNineBelongsToItsLocalDay() {
    // 23:30 at +09:00 on 13 Aug is 14:30 UTC: still the 13th where it was taken.
    let late = asset(1, 2024, 8, 13, 23, offset: 9 * 3600)
    let next = asset(2, 2024, 8, 14, 0, offset: 9 * 3600)
    XCTAssertEqual(late.captureDate.utcSeconds.map { $0 % 86_400 / 3600 }, 14)
    let t = Timeline(assets: [late, next])
    XCTAssertEqual(t.days.map(\.day), [13, 14])
    XCTAssertEqual(late.captureDate.longDayTitle, "Tuesday, 13 August 2024")
  }

  func testEmptyLibrary() {
    let t = Timeline(assets: [])
    XCTAssertTrue(t.years.isEmpty && t.months.isEmpty && t.days.isEmpty)
    XCTAssertNil(t.yearIndex(ofAsset: 0))
  }

  func testHundredThousandPhotosGroupInOnePass() {
    var assets: [Asset] = []
    assets.reserveCapacity(100_000)
    for n in 0..<100_000 {
      let day = n / 40
      let (y, m, d) = CaptureDate.civilFromDays(19_000 + day)
      assets.append(asset(n, y, m, d))
    }
    let t = Timeline(assets: assets)
    XCTAssertEqual(t.days.count, 2500)
    XCTAssertEqual(t.days.reduce(0) { $0 + $1.assets.count }, 100_000)
    XCTAssertEqual(t.dayIndex(ofAsset: 99_999), 2499)
  }
}
