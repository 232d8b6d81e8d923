import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// Golden frames of On This Day: the memories leading the Albums tab and a memory open as a
/// grid ("today" is 14 August 2026).
final class MemoriesViewSnapshotTests: XCTestCase {
  let size = TerminalSize(columns: 100, rows: 30)
  let now = Int64(CaptureDate.daysFromCivil(year: 2026, month: 8, day: 14)) * 86_400 + 43_200

  /// Fourteen photos of 13–18 Aug 2024 (12 of them within three days of the 14th) and two of 12 Aug 2025, one a favourite; every
  /// wanted image drawn.
  func library() -> AppState {
    var assets = Fixtures.assets(14)
    for n in 0..<2 {
      var asset = assets[n]
      asset.id = AssetID(Int64(100 + n))
      asset.path = "/photos/2025/IMG_\(5000 + n).jpg"
      asset.captureDate = CaptureDate(
        year: 2025, month: 8, day: 12, hour: 18 + n, source: .exif)
      asset.isFavorite = n == 1
      assets.append(asset)
    }
    var state = AppState(roots: ["/photos"], terminal: size)
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: assets, problems: [])))
    state.arrange(.library(.indexFinished))
    state.arrange(.library(.collectionsLoaded(LibraryCollections(now: now))))
    settle(&state)
    return state
  }

  func settle(_ state: inout AppState) { state.settleImages() }

  func send(_ state: inout AppState, _ actions: Action...) {
    for action in actions { state.send(action) }
  }

  func testMemoriesLeadTheAlbumsTab() {
    var state = library()
    send(&state, .showTab(.albums), .move(.first))
    let text = LibraryView.render(state).snapshotText
    Snapshot.assert(text, named: "memories-albums-100x30")
    XCTAssertTrue(text.contains("On This Day"))
    XCTAssertTrue(text.contains("1 year ago"))
    XCTAssertTrue(text.contains("2 years ago"))
    XCTAssertTrue(text.contains("On this day · 1 year ago · 12 Aug 2025 · 2 photos"), text)
  }

  func testTheYearsViewAnnouncesTheMemories() {
    var state = library()
    send(&state, .nextSegment)
    XCTAssertEqual(state.library.segment, .years)
    let text = LibraryView.render(state).snapshotText
    XCTAssertTrue(text.contains("2 years · On this day: 2 memories (M)"), text)
    let help = LibraryView.helpLines(state, keyMap: KeyMap())
    XCTAssertTrue(help.contains { $0.keys == "M" && $0.what.contains("memories") }, "\(help)")
  }

  func testAMemoryOpensAsAGrid() {
    var state = library()
    send(&state, .showTab(.albums), .move(.first), .move(.right), .open)
    let text = LibraryView.render(state).snapshotText
    Snapshot.assert(text, named: "memory-grid-100x30")
    XCTAssertTrue(text.contains("‹ 2 years ago · 13–17 Aug 2024"), text)
  }
}
