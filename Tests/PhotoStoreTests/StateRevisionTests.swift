import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The browser draws a frame when the state's revision moved: every change moves it, and a
/// key that changes nothing leaves it, so it draws nothing.
final class StateRevisionTests: XCTestCase {
  func loaded(_ count: Int) -> AppState {
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24))
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: Fixtures.assets(count), problems: [])))
    _ = Reducer.reduce(&state, .library(.indexFinished))
    return state
  }

  func testEveryChangeMovesTheRevision() {
    var state = loaded(30)
    for action: Action in [.move(.left), .edit(.toggleFavorite), .nextSegment, .open, .back] {
      let before = (state.revision.count, state)
      _ = Reducer.reduce(&state, action)
      XCTAssertNotEqual(state, before.1, "\(action) changes the state")
      XCTAssertNotEqual(state.revision.count, before.0, "\(action) moves the revision")
    }
  }

  func testAKeyThatChangesNothingLeavesTheRevision() {
    var state = loaded(30)
    _ = Reducer.reduce(&state, .move(.first))
    let before = (state.revision.count, state)
    _ = Reducer.reduce(&state, .move(.first))
    XCTAssertEqual(state, before.1, "nothing changed")
    XCTAssertEqual(state.revision.count, before.0, "so no frame is drawn")
  }

  func testTwoStatesAreEqualWhateverTheirRevisions() {
    var a = loaded(3)
    let b = a
    a.message = "x"
    a.message = nil
    XCTAssertNotEqual(a.revision.count, b.revision.count)
    XCTAssertEqual(a, b)
  }
}
