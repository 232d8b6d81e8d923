import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

final class LibraryViewSnapshotTests: XCTestCase {
  /// The state after loading `count` fixture photos into an 80×24 terminal, with every
  /// requested image marked ready except the ones named.
  func loaded(
    _ count: Int, size: TerminalSize = TerminalSize(columns: 80, rows: 24),
    failing: Set<Int> = [], loading: Set<Int> = []
  ) -> AppState {
    var state = AppState(roots: ["/photos"], terminal: size)
    state.arrange(.start)
    let assets = Fixtures.assets(count)
    state.arrange(.library(.loaded(assets: assets, problems: [])))
    state.arrange(.library(.indexFinished))
    settle(&state, assets: assets, failing: failing, loading: loading)
    return state
  }

  func settle(
    _ state: inout AppState, assets: [Asset], failing: Set<Int> = [], loading: Set<Int> = []
  ) {
    for key in state.images.keys {
      let index = assets.firstIndex { $0.id == key.asset }!
      if failing.contains(index) {
        state.arrange(.image(.failed(key, reason: "not a JPEG file (truncated at byte 4096)")))
      } else if !loading.contains(index) {
        state.arrange(.image(.loaded(key)))
      }
    }
  }

  func testGrid() {
    let state = loaded(23, failing: [19], loading: [18])
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "grid-80x24")
    // Rows 3 and 4 (photos 15…22) are visible; one failed and one loading: 6 pictures.
    XCTAssertEqual(frame.images.count, 6)
  }

  func testGridWide() {
    let frame = LibraryView.render(loaded(40, size: TerminalSize(columns: 120, rows: 40)))
    Snapshot.assert(frame.snapshotText, named: "grid-120x40")
  }

  func testGridFailedSelectionShowsTheReason() {
    var state = loaded(23, failing: [22])
    XCTAssertEqual(state.selectedIndex, 22)
    let frame = LibraryView.render(state)
    let status = (0..<80).map { frame[23, $0].text }.joined()
    XCTAssertTrue(status.contains("IMG_1022.jpg: not a JPEG file (truncated"), status)
    state.arrange(.move(.left))
    let moved = LibraryView.render(state)
    XCTAssertTrue(
      (0..<80).map { moved[23, $0].text }.joined().contains(
        "IMG_1021.jpg · 4032×3024 · 3.1 MB · 21 Aug 2024 18:22"))
  }

  func testDetail() {
    var state = loaded(12)
    state.arrange(.move(.left))
    state.arrange(.open)
    settle(&state, assets: Array(state.assets))
    Snapshot.assert(LibraryView.render(state).snapshotText, named: "detail-80x24")
  }

  func testDetailLoadingAndFailed() {
    var state = loaded(12)
    state.arrange(.open)
    Snapshot.assert(LibraryView.render(state).snapshotText, named: "detail-loading-80x24")
    settle(&state, assets: Array(state.assets), failing: [11])
    let frame = LibraryView.render(state)
    // No picture where the photo goes (the filmstrip below still has its thumbnails).
    let area = DetailGeometry.imageArea(terminal: state.terminal)
    XCTAssertFalse(frame.images.contains { $0.rect == area })
    Snapshot.assert(frame.snapshotText, named: "detail-failed-80x24")
  }

  /// The spread fixture (2022–2024) in a segment, with every image ready.
  func segment(_ segment: LibrarySegment, size: TerminalSize = TerminalSize(columns: 100, rows: 36))
    -> AppState
  {
    var state = AppState(roots: ["/photos"], terminal: size)
    state.arrange(.start)
    let assets = Fixtures.spread()
    state.arrange(.library(.loaded(assets: assets, problems: [])))
    state.arrange(.library(.indexFinished))
    while state.library.segment != segment { state.arrange(.nextSegment) }
    settle(&state, assets: assets)
    return state
  }

  func testYears() {
    let frame = LibraryView.render(segment(.years))
    Snapshot.assert(frame.snapshotText, named: "years-100x36")
    XCTAssertEqual(frame.images.count, 3)
  }

  func testMonths() {
    Snapshot.assert(LibraryView.render(segment(.months)).snapshotText, named: "months-100x36")
  }

  func testDays() {
    Snapshot.assert(LibraryView.render(segment(.days)).snapshotText, named: "days-100x36")
  }

  func testSegmentsInATinyTerminal() {
    for s in LibrarySegment.allCases {
      let frame = LibraryView.render(segment(s, size: TerminalSize(columns: 20, rows: 6)))
      XCTAssertEqual(frame.cells.count, 120)
    }
    Snapshot.assert(
      LibraryView.render(segment(.years, size: TerminalSize(columns: 20, rows: 6))).snapshotText,
      named: "years-20x6")
  }

  func testEmptyLibrary() {
    var state = AppState(
      roots: ["/home/ana/Pictures"], terminal: TerminalSize(columns: 80, rows: 24))
    state.arrange(.start)
    Snapshot.assert(LibraryView.render(state).snapshotText, named: "scanning-80x24")
    state.arrange(.library(.loaded(assets: [], problems: [])))
    state.arrange(.library(.indexFinished))
    Snapshot.assert(LibraryView.render(state).snapshotText, named: "empty-80x24")
  }

  func testTinyTerminal() {
    let state = loaded(23, size: TerminalSize(columns: 20, rows: 6))
    Snapshot.assert(LibraryView.render(state).snapshotText, named: "grid-20x6")
    var detail = state
    detail.arrange(.open)
    Snapshot.assert(LibraryView.render(detail).snapshotText, named: "detail-20x6")
  }

  func testDegenerateSizesDoNotCrash() {
    for (columns, rows) in [(0, 0), (1, 1), (2, 2), (5, 3), (80, 1), (1, 40), (3, 24)] {
      var state = loaded(7, size: TerminalSize(columns: columns, rows: rows))
      let frame = LibraryView.render(state)
      XCTAssertEqual(frame.cells.count, columns * rows)
      state.arrange(.open)
      _ = LibraryView.render(state)
      state.arrange(.move(.left))
      XCTAssertEqual(LibraryView.render(state).cells.count, columns * rows)
    }
  }

  func testIndexingProgressShowsInTheStatusLine() {
    var state = loaded(5)
    state.arrange(.library(.indexProgress(done: 1234, total: 10000)))
    let frame = LibraryView.render(state)
    let status = (0..<80).map { frame[23, $0].text }.joined()
    XCTAssertTrue(status.hasSuffix("Indexing 1,234 of 10,000 "), status)
    XCTAssertTrue(status.contains("IMG_1004.jpg"), status)
  }

  func testHostileFileNameIsShownEscaped() {
    var state = loaded(3)
    var hostile = Array(state.assets)
    hostile[2].path = "/photos/\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}1m.jpg"
    state.assets = PhotoList(hostile)
    let frame = LibraryView.render(state)
    let status = (0..<80).map { frame[23, $0].text }.joined()
    XCTAssertTrue(status.contains("\\e]0;pwned\\x07\\e[2J\\x9B1m.jpg"), status)
    for cell in frame.cells {
      XCTAssertFalse(cell.text.unicodeScalars.contains { TerminalText.isUnsafe($0) })
    }
  }
}

extension LibraryViewSnapshotTests {
  /// The detail view with its filmstrip: neighbour thumbnails centred on the current photo,
  /// the current one framed, a placeholder for one not decoded yet.
  func testDetailFilmstrip() {
    var state = loaded(30, size: TerminalSize(columns: 120, rows: 40))
    for _ in 0..<10 { state.arrange(.move(.left)) }
    state.arrange(.open)
    let loadingIndex = state.selectedIndex - 2
    settle(&state, assets: Array(state.assets), loading: [loadingIndex])
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "detail-filmstrip-120x40")
    guard let strip = state.filmstrip else { return XCTFail("no filmstrip at 120×40") }
    // Odd number of slots with the current photo in the middle.
    let middle = strip.slots.first { $0.index == state.selectedIndex }
    XCTAssertNotNil(middle)
    XCTAssertEqual(strip.slots.count % 2, 1)
    XCTAssertEqual(strip.slots[strip.slots.count / 2].index, state.selectedIndex)
    // The photo ends above the strip; the thumbnails are placed except the loading one.
    let area = DetailGeometry.imageArea(terminal: state.terminal)
    XCTAssertLessThanOrEqual(area.row + area.height, strip.area.row)
    let placed = Set(frame.images.map(\.rect))
    for slot in strip.slots {
      XCTAssertEqual(placed.contains(slot.rect), slot.index != loadingIndex, "slot \(slot.index)")
    }
    // The current thumbnail is framed.
    XCTAssertEqual(frame[middle!.rect.row - 1, middle!.rect.column - 1].text, "┌")
  }

  func testFilmstripAtTheEndsAndInSmallTerminals() {
    let size = TerminalSize(columns: 80, rows: 24)
    let first = Filmstrip(terminal: size, selected: 0, count: 3)!
    XCTAssertEqual(first.slots.map(\.index), [0, 1, 2])
    // The first photo still sits in the middle slot: the slots left of it are empty.
    let pitch = first.tile.columns + 1
    let slots = (80 - 1) / pitch - ((80 - 1) / pitch % 2 == 0 ? 1 : 0)
    let left = (80 - (slots * pitch + 1)) / 2 + 1
    XCTAssertEqual(first.slots[0].rect.column, left + (slots / 2) * pitch)
    XCTAssertNil(Filmstrip(terminal: TerminalSize(columns: 80, rows: 19), selected: 0, count: 3))
    XCTAssertEqual(Filmstrip.height(terminal: TerminalSize(columns: 80, rows: 19)), 0)
    XCTAssertNil(Filmstrip(terminal: size, selected: 5, count: 3))
    let wide = Filmstrip(terminal: TerminalSize(columns: 400, rows: 60), selected: 50, count: 100)!
    XCTAssertEqual(wide.slots.count, Filmstrip.maximumSlots)
    XCTAssertEqual(wide.tile, TileSize(columns: 8, rows: 4))
  }
}
