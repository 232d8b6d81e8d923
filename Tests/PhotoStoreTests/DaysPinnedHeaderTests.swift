import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The Days list keeps the header of the day at the top pinned; the rows it takes are
/// counted by every user of the layout (the view, requests, clicks, scrolling).
final class DaysPinnedHeaderTests: XCTestCase {
  /// Days of 2 and 14 photos in turn (entries: header, tiles, header, tiles ×3, …), in
  /// rows of six.
  let layout = DaysLayout(timeline: Timeline(assets: Fixtures.spread(perMonth: 16)), columns: 6)

  func testAHeaderIsPinnedOnlyWhenTheListStartsInsideADay() {
    XCTAssertNil(layout.pinnedDay(top: 0, height: 32, tileRows: 7), "a header is at the top")
    XCTAssertEqual(layout.pinnedDay(top: 1, height: 32, tileRows: 7), 0)
    XCTAssertNil(layout.pinnedDay(top: 2, height: 32, tileRows: 7))
    XCTAssertEqual(layout.pinnedDay(top: 4, height: 32, tileRows: 7), 1)
    XCTAssertEqual(layout.pinnedRows(top: 4, height: 32, tileRows: 7), 2)
    XCTAssertEqual(layout.pinnedRows(top: 2, height: 32, tileRows: 7), 0)
    // Too short for the header and a row of tiles: no pinned header.
    XCTAssertNil(layout.pinnedDay(top: 4, height: 10, tileRows: 7))
  }

  func testVisibleEntriesLeaveRoomForThePinnedHeader() {
    // From a header: 2 + 8 + 8 + 8 + 2 rows, and one kept for the frame.
    XCTAssertEqual(layout.visibleEntries(from: 2, height: 32, tileRows: 7), 2..<7)
    // From the day's second row: the pinned header (2), two rows (16), the next header (2);
    // its tiles (8) and the frame's row would need 29.
    XCTAssertEqual(layout.visibleEntries(from: 4, height: 27, tileRows: 7), 4..<7)
    XCTAssertEqual(layout.visibleEntries(from: 4, height: 29, tileRows: 7), 4..<8)
  }
}
