import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// Golden frames of burst stacks in the Library: a shut stack is one tile with "×4" under
/// it, the open stack's frames are numbered "1/4" to "4/4", in All and in Days.
final class BurstStackSnapshotTests: XCTestCase {
  let size = TerminalSize(columns: 80, rows: 30)

  /// Ten photos, 3 to 6 one burst; every wanted image drawn.
  func library() -> AppState {
    var state = AppState(roots: ["/photos"], terminal: size)
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: Fixtures.assets(10), problems: [])))
    state.arrange(.library(.indexFinished))
    state.arrange(
      .library(
        .duplicatesFound(
          groups: [],
          bursts: [PhotoGroup(kind: .burst, members: [3, 4, 5, 6].map { AssetID(Int64($0)) })])))
    state.settleImages()
    return state
  }

  func testAShutStackIsOneTileWithItsCountAndEnterOpensIt() {
    var state = library()
    state.selectedIndex = 2
    var text = LibraryView.render(state).snapshotText
    Snapshot.assert(text, named: "burst-stack-shut-80x30")
    XCTAssertTrue(text.contains("\(Glyphs.stack)4"), text)
    XCTAssertFalse(text.contains("1/4"), text)
    state.send(.open)
    state.settleImages()
    text = LibraryView.render(state).snapshotText
    Snapshot.assert(text, named: "burst-stack-open-80x30")
    XCTAssertFalse(text.contains("\(Glyphs.stack)4"), text)
    for n in 1...4 { XCTAssertTrue(text.contains("\(n)/4"), text) }
  }

  func testTheHelpSaysWhatEnterDoesOnAStack() {
    var state = library()
    state.send(.panel(.help))
    let text = LibraryView.render(state).snapshotText
    XCTAssertTrue(text.contains("open; a burst's stack (\(Glyphs.stack)N): open / shut it"), text)
  }

  func testDaysShowTheStackToo() {
    var state = library()
    state.selectedIndex = 2
    state.send(.nextSegment)
    state.send(.nextSegment)
    state.send(.nextSegment)
    state.settleImages()
    XCTAssertEqual(state.library.segment, .days)
    let text = LibraryView.render(state).snapshotText
    Snapshot.assert(text, named: "burst-stack-days-80x30")
    XCTAssertTrue(text.contains("\(Glyphs.stack)4"), text)
    // The headers count the day's photos, the stack's frames too (14 August has photos 4
    // and 5, one tile).
    let header = text.split(separator: "\n").first { $0.contains("Wednesday, 14 August 2024") }
    XCTAssertTrue(header?.hasSuffix("2 photos   ") ?? false, text)
  }
}
