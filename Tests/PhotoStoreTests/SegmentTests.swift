import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// Years → Months → Days → All: Tab, drilling in with Enter, zooming out with Esc, moving in
/// Days across day boundaries. The image effects are checked by `ReducerTests`; here the test
/// states every state change and checks the effects are exactly the wanted set's.
final class SegmentTests: XCTestCase {
  let size = TerminalSize(columns: 120, rows: 40)

  func loaded() -> AppState {
    var state = AppState(roots: ["/photos"], terminal: size)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: Fixtures.spread(), problems: [])))
    return state
  }

  /// Applies `action`; the effects must load exactly what became wanted.
  func send(
    _ state: inout AppState, _ action: Action, file: StaticString = #filePath, line: UInt = #line
  ) {
    let before = Set(state.images.keys)
    let effects = Reducer.reduce(&state, action)
    let wanted = Set(state.wantedImages.map(\.key))
    let loads = Set(
      effects.compactMap { if case .loadImage(let r) = $0 { return r.key } else { return nil } })
    XCTAssertEqual(loads, wanted.subtracting(before), file: file, line: line)
    XCTAssertEqual(Set(state.images.keys), wanted, file: file, line: line)
  }

  func testTabCyclesTheFourSegmentsAndKeepsTheSelection() {
    var state = loaded()
    XCTAssertEqual(state.library.segment, .all)
    XCTAssertEqual(state.selectedIndex, 35)
    var seen: [LibrarySegment] = []
    for _ in 0..<4 {
      send(&state, .nextSegment)
      seen.append(state.library.segment)
      XCTAssertEqual(state.selectedIndex, 35)
    }
    XCTAssertEqual(seen, [.years, .months, .days, .all])
    send(&state, .previousSegment)
    XCTAssertEqual(state.library.segment, .days)
  }

  func testYearsShowsOneCardPerYearAndEnterDrillsToItsMonths() {
    var state = loaded()
    send(&state, .nextSegment)  // Years
    XCTAssertEqual(state.timeline.years.map(\.year), [2022, 2023, 2024])
    XCTAssertEqual(state.selectedYear, 2)
    XCTAssertEqual(state.wantedImages.count, 3)
    XCTAssertEqual(
      state.wantedImages.map(\.key.size),
      Array(repeating: PixelSize(width: 30, height: 24), count: 3))
    send(&state, .move(.left))
    XCTAssertEqual(state.selectedYear, 1)
    XCTAssertEqual(state.selectedIndex, Timeline.keyAsset(of: 12..<24))
    send(&state, .open)
    XCTAssertEqual(state.library.segment, .months)
    XCTAssertEqual(state.selectedMonth, 4)  // January 2023, the year's first month
    XCTAssertEqual(state.selectedIndex, 12)
    send(&state, .move(.right))
    XCTAssertEqual(state.selectedMonth, 5)
    send(&state, .open)
    XCTAssertEqual(state.library.segment, .days)
    XCTAssertEqual(state.selectedIndex, 15)  // April 2023's first photo
    XCTAssertEqual(
      state.daysLayout.entries[state.library.daysTopEntry],
      .header(day: state.timeline.dayIndex(ofAsset: 15)!))
    send(&state, .open)
    XCTAssertEqual(state.screen, .detail)
    send(&state, .back)
    XCTAssertEqual(state.screen, .grid)
    XCTAssertEqual(state.library.segment, .days)
    send(&state, .back)
    XCTAssertEqual(state.library.segment, .months)
    send(&state, .back)
    XCTAssertEqual(state.library.segment, .years)
    send(&state, .back)  // nothing further out
    XCTAssertEqual(state.library.segment, .years)
  }

  func testDaysMovesByRowsAcrossDays() {
    var state = loaded()
    send(&state, .previousSegment)  // Days
    XCTAssertEqual(state.library.segment, .days)
    // Each month has a day with 2 photos (the 10th) and a day with 1 (the 11th).
    send(&state, .move(.first))
    XCTAssertEqual(state.selectedIndex, 0)
    send(&state, .move(.right))
    XCTAssertEqual(state.selectedIndex, 1)
    send(&state, .move(.down))  // to the 11th's only photo: the column is clamped
    XCTAssertEqual(state.selectedIndex, 2)
    XCTAssertEqual(state.timeline.dayIndex(ofAsset: state.selectedIndex), 1)
    send(&state, .move(.up))
    XCTAssertEqual(state.timeline.dayIndex(ofAsset: state.selectedIndex), 0)
    send(&state, .move(.last))
    XCTAssertEqual(state.selectedIndex, 35)
    let entry = state.daysLayout.entryIndex(ofAsset: 35, timeline: state.timeline)!
    XCTAssertTrue(
      state.daysLayout.visibleEntries(
        from: state.library.daysTopEntry, height: state.grid.area.height, tileRows: 7
      ).contains(entry))
    send(&state, .move(.pageUp))
    XCTAssertLessThan(state.selectedIndex, 35)
  }

  func testDaysLayoutHeadersAndRows() {
    let assets = Fixtures.assets(23)  // 13–22 Aug: 2–3 photos a day
    let timeline = Timeline(assets: assets)
    let layout = DaysLayout(timeline: timeline, columns: 2)
    XCTAssertEqual(layout.entries.first, .header(day: 0))
    XCTAssertEqual(layout.entries[1], .tiles(day: 0, first: 0, count: 2))
    XCTAssertEqual(layout.entries[2], .tiles(day: 0, first: 2, count: 1))
    XCTAssertEqual(layout.entryIndex(ofAsset: 2, timeline: timeline), 2)
    XCTAssertEqual(layout.entryIndex(ofAsset: 3, timeline: timeline), 4)
    // 20 rows: header (2) + tiles (8) + header (2) + … with one row kept for the last frame.
    XCTAssertEqual(layout.visibleEntries(from: 0, height: 20, tileRows: 7), 0..<3)
    // Entry 4 (the second day's photos) comes into view with its header (3) above it; from
    // entry 2 the first day's pinned header would leave no room for it.
    XCTAssertEqual(layout.top(keeping: 4, from: 0, height: 20, tileRows: 7), 3)
    let bottom = layout.bottomTop(height: 20, tileRows: 7)
    XCTAssertEqual(
      layout.visibleEntries(from: bottom, height: 20, tileRows: 7).upperBound, layout.entries.count)
  }
}
