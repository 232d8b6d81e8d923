import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

extension LibraryViewSnapshotTests {
  /// Days scrolled into a long day: that day's header stays pinned at the top while its
  /// photos scroll under it, and a click lands on the tile drawn under the header.
  func testDaysHeaderStaysPinned() {
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 100, rows: 36))
    state.arrange(.start)
    // The 11th of each third month has 14 photos: three rows of six tiles.
    let assets = Fixtures.spread(perMonth: 16)
    state.arrange(.library(.loaded(assets: assets, problems: [])))
    state.arrange(.library(.indexFinished))
    while state.library.segment != .days { state.arrange(.nextSegment) }
    let lastDay = state.timeline.days.count - 1
    // Scrolled so the day's second row of photos is the first entry in view.
    state.library.daysTopEntry = state.daysLayout.headerEntry[lastDay] + 2
    state.arrange(.resized(state.terminal))
    XCTAssertEqual(state.library.daysTopEntry, state.daysLayout.headerEntry[lastDay] + 2)
    settle(&state, assets: assets)
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "days-pinned-100x36")
    let area = state.grid.area
    let header = (0..<100).map { frame[area.row + 1, $0].text }.joined()
    XCTAssertTrue(header.contains("Friday, 11 October 2024"), header)
    XCTAssertTrue(header.contains("14 photos"), header)
    // The first tile under the pinned header is the day's seventh photo.
    let first = state.timeline.days[lastDay].assets.lowerBound + 6
    let tile = frame.images.first { $0.key == state.imageKey(forIndex: first) }
    XCTAssertEqual(tile?.rect.row, area.row + 3)
    state.arrange(
      .pointer(.click(row: area.row + 4, column: tile?.rect.column ?? 0, double: false)))
    XCTAssertEqual(state.selectedIndex, first)
  }
}
