import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// Years → Months → Days → All: Tab, drilling in with Enter, zooming out with Esc, moving in
/// Days across day boundaries. The image effects are checked by `ReducerTests`; here the test
/// states every state change and checks the effects are exactly the wanted set's.
final class SegmentTests: XCTestCase {
  let size = TerminalSize(columns: 120, rows: 40)
  let assets = Fixtures.spread()
  /// 120×40: tiles of 14×7 cells (14×14 pixels), 7 to a row, 4 rows on screen; year cards
  /// of 30×12 cells (30×24 pixels), 3 to a row; month cards of 20×8 (20×16), 5 to a row.
  let tile = PixelSize(width: 14, height: 14)
  let yearCard = PixelSize(width: 30, height: 24)
  let monthCard = PixelSize(width: 20, height: 16)

  /// The 36 photos of 2022–2024 loaded, the newest selected: All shows rows 2…5 (photos
  /// 14…35) and asks for row 1 (7…13) ahead.
  func loaded() -> TestStore {
    let store = TestStore(AppState(roots: ["/photos"], terminal: size))
    store.arrange(.start, .library(.loaded(assets: assets, problems: [])))
    XCTAssertEqual(store.state.images, loading(allTiles))
    XCTAssertEqual(store.state.gridTopRow, 2)
    return store
  }

  /// Tiles of photos `indices`.
  func tiles(_ indices: Range<Int>, _ priority: ImagePriority = .visible) -> [ImageRequest] {
    indices.map { Expected.request(assets[$0], tile, .fill, priority) }
  }

  /// What All asks for with the newest photos on screen.
  var allTiles: [ImageRequest] { tiles(14..<36) + tiles(7..<14, .prefetch) }

  /// A card per year (2022, 2023, 2024), each the middle of the year's 12 photos.
  var yearCards: [ImageRequest] { [5, 17, 29].map { Expected.request(assets[$0], yearCard) } }

  /// A card per month (every third month), each the middle of the month's 3 photos.
  var monthCards: [ImageRequest] {
    stride(from: 1, to: 36, by: 3).map { Expected.request(assets[$0], monthCard) }
  }

  func load(_ requests: [ImageRequest]) -> [Effect] { requests.map { .loadImage($0) } }

  func cancel(_ requests: [ImageRequest]) -> [Effect] { requests.map { .cancelImage($0.key) } }

  func loading(_ requests: [ImageRequest]) -> [ImageKey: ImageStatus] {
    Dictionary(uniqueKeysWithValues: requests.map { ($0.key, .loading) })
  }

  func testTabCyclesTheFourSegmentsAndKeepsTheSelection() {
    let store = loaded()
    XCTAssertEqual(store.state.library.segment, .all)
    XCTAssertEqual(store.state.selectedIndex, 35)
    // Days at the end of the list (entry 42, the header of 11 October 2024): the last
    // three days, photos 32…35.
    let days = tiles(32..<36)
    XCTAssertEqual(store.state.library.daysTopEntry, 42)
    var seen: [LibrarySegment] = []
    store.send(.nextSegment, effects: cancel(tiles(7..<36)) + load(yearCards)) {
      $0.library.segment = .years
      $0.images = self.loading(self.yearCards)
      $0.prefetching = []
    }
    seen.append(store.state.library.segment)
    store.send(.nextSegment, effects: cancel(yearCards) + load(monthCards)) {
      $0.library.segment = .months
      $0.images = self.loading(self.monthCards)
    }
    seen.append(store.state.library.segment)
    store.send(.nextSegment, effects: cancel(monthCards) + load(days)) {
      $0.library.segment = .days
      $0.images = self.loading(days)
    }
    seen.append(store.state.library.segment)
    // Back in All: the days' tiles are All's too; the rest is asked for again.
    store.send(.nextSegment, effects: load(tiles(14..<32)) + load(tiles(7..<14, .prefetch))) {
      $0.library.segment = .all
      $0.images = self.loading(self.allTiles)
      $0.prefetching = Set(self.tiles(7..<14).map(\.key))
    }
    seen.append(store.state.library.segment)
    XCTAssertEqual(store.state.selectedIndex, 35)
    XCTAssertEqual(seen, [.years, .months, .days, .all])
    store.send(.previousSegment, effects: cancel(tiles(7..<32))) {
      $0.library.segment = .days
      $0.images = self.loading(days)
      $0.prefetching = []
    }
    XCTAssertEqual(store.state.library.segment, .days)
  }

  func testYearsShowsOneCardPerYearAndEnterDrillsToItsMonths() {
    let store = loaded()
    store.send(.nextSegment, effects: cancel(tiles(7..<36)) + load(yearCards)) {
      $0.library.segment = .years
      $0.images = self.loading(self.yearCards)
      $0.prefetching = []
    }
    XCTAssertEqual(store.state.timeline.years.map(\.year), [2022, 2023, 2024])
    XCTAssertEqual(store.state.selectedYear, 2)
    XCTAssertEqual(store.state.wantedImages.count, 3)
    XCTAssertEqual(
      store.state.wantedImages.map(\.key.size),
      Array(repeating: PixelSize(width: 30, height: 24), count: 3))
    store.send(.move(.left)) { $0.selectedIndex = Timeline.keyAsset(of: 12..<24) }
    XCTAssertEqual(store.state.selectedYear, 1)
    XCTAssertEqual(store.state.selectedIndex, 17)
    store.send(.open, effects: cancel(yearCards) + load(monthCards)) {
      $0.library.segment = .months
      $0.selectedIndex = 12  // January 2023, the year's first month
      $0.images = self.loading(self.monthCards)
    }
    XCTAssertEqual(store.state.selectedMonth, 4)
    store.send(.move(.right)) {
      $0.selectedIndex = 16  // April 2023's card: its middle photo
      $0.scrollDirection = 1
    }
    XCTAssertEqual(store.state.selectedMonth, 5)
    // April 2023 in Days, its header at the top: its two days and the next month's first.
    let days = tiles(15..<20)
    store.send(.open, effects: cancel(monthCards) + load(days)) {
      $0.library.segment = .days
      $0.selectedIndex = 15  // April 2023's first photo
      $0.library.daysTopEntry = 20
      $0.images = self.loading(days)
    }
    XCTAssertEqual(
      store.state.daysLayout.entries[store.state.library.daysTopEntry],
      .header(day: store.state.timeline.dayIndex(ofAsset: 15)!))
    // The detail view: the photo at 120×33 cells (120×66 pixels) and its neighbours, then
    // the filmstrip's 15 thumbnails of 6×6 pixels, nearest first, asked for ahead.
    let photo = PixelSize(width: 120, height: 66)
    let detail = [
      Expected.request(assets[15], photo, .fit),
      Expected.request(assets[16], photo, .fit, .neighbour),
      Expected.request(assets[14], photo, .fit, .neighbour),
    ]
    let strip = [15, 16, 14, 17, 13, 18, 12, 19, 11, 20, 10, 21, 9, 22, 8].map {
      Expected.request(assets[$0], PixelSize(width: 6, height: 6), .fill, .prefetch)
    }
    store.send(.open, effects: cancel(days) + load(detail) + load(strip)) {
      $0.screen = .detail
      $0.images = self.loading(detail + strip)
      $0.prefetching = Set(strip.map(\.key))
    }
    XCTAssertEqual(store.state.screen, .detail)
    // Leaving it: each photo's thumbnail (6 pixels wide) and its picture, photo by photo.
    let leaving = (8..<23).flatMap { i in
      [strip.first { $0.key.asset == assets[i].id }!]
        + detail.filter { $0.key.asset == assets[i].id }
    }
    store.send(.back, effects: cancel(leaving) + load(days)) {
      $0.screen = .grid
      $0.images = self.loading(days)
      $0.prefetching = []
    }
    XCTAssertEqual(store.state.screen, .grid)
    XCTAssertEqual(store.state.library.segment, .days)
    store.send(.back, effects: cancel(days) + load(monthCards)) {
      $0.library.segment = .months
      $0.images = self.loading(self.monthCards)
    }
    XCTAssertEqual(store.state.library.segment, .months)
    store.send(.back, effects: cancel(monthCards) + load(yearCards)) {
      $0.library.segment = .years
      $0.images = self.loading(self.yearCards)
    }
    XCTAssertEqual(store.state.library.segment, .years)
    store.send(.back)  // nothing further out
    XCTAssertEqual(store.state.library.segment, .years)
  }

  func testDaysMovesByRowsAcrossDays() {
    let store = loaded()
    // All's tiles of the last three days are Days' too.
    store.send(.previousSegment, effects: cancel(tiles(7..<32))) {
      $0.library.segment = .days
      $0.images = self.loading(self.tiles(32..<36))
      $0.prefetching = []
    }
    XCTAssertEqual(store.state.library.segment, .days)
    // Each month has a day with 2 photos (the 10th) and a day with 1 (the 11th).
    // Home: the first three days from the top, photos 0…4.
    store.send(.move(.first), effects: cancel(tiles(32..<36)) + load(tiles(0..<5))) {
      $0.selectedIndex = 0
      $0.library.daysTopEntry = 0
      $0.images = self.loading(self.tiles(0..<5))
    }
    store.send(.move(.right)) {
      $0.selectedIndex = 1
      $0.scrollDirection = 1
    }
    store.send(.move(.down)) { $0.selectedIndex = 2 }  // to the 11th's only photo: clamped
    XCTAssertEqual(store.state.timeline.dayIndex(ofAsset: store.state.selectedIndex), 1)
    store.send(.move(.up)) {
      $0.selectedIndex = 0
      $0.scrollDirection = -1
    }
    XCTAssertEqual(store.state.timeline.dayIndex(ofAsset: store.state.selectedIndex), 0)
    store.send(.move(.last), effects: cancel(tiles(0..<5)) + load(tiles(32..<36))) {
      $0.selectedIndex = 35
      $0.scrollDirection = 1
      $0.library.daysTopEntry = 42
      $0.images = self.loading(self.tiles(32..<36))
    }
    let entry = store.state.daysLayout.entryIndex(ofAsset: 35, timeline: store.state.timeline)!
    XCTAssertTrue(
      store.state.daysLayout.visibleEntries(
        from: store.state.library.daysTopEntry, height: store.state.grid.area.height,
        tileRows: 7
      ).contains(entry))
    // Page up: three rows of tiles up, to 10 October 2024's first photo, its header on top.
    store.send(.move(.pageUp), effects: cancel(tiles(35..<36)) + load(tiles(30..<32))) {
      $0.selectedIndex = 30
      $0.scrollDirection = -1
      $0.library.daysTopEntry = 40
      $0.images = self.loading(self.tiles(30..<35))
    }
    XCTAssertLessThan(store.state.selectedIndex, 35)
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
