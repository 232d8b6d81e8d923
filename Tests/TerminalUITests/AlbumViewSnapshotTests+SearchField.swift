import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

extension AlbumViewSnapshotTests {
  /// The query field: the cursor is the inverted cell inside the text after ←; / again on
  /// the Search tab shows the old query selected (inverted as a whole).
  func testSearchFieldCursorAndSelection() {
    var state = library()
    send(
      &state, .startSearch, .field(.typed("T")), .field(.typed("i")), .field(.typed("p")),
      .move(.left), .move(.left))
    send(&state, .field(.typed("r")))
    XCTAssertEqual(state.search.text, "Trip")
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "search-cursor-100x30")
    // " Search: " then the field: the cursor is on the i, drawn the other way round.
    let field = 9
    XCTAssertEqual((0..<4).map { frame[1, field + $0].text }.joined(), "Trip")
    XCTAssertEqual(
      (0..<5).map { frame[1, field + $0].role },
      [.panelSelected, .panelSelected, .panel, .panelSelected, .panelSelected])
    send(&state, .open, .startSearch)
    let selected = LibraryView.render(state)
    Snapshot.assert(selected.snapshotText, named: "search-selected-100x30")
    XCTAssertEqual(
      (0..<5).map { selected[1, field + $0].role },
      [.panel, .panel, .panel, .panel, .panelSelected])
  }
}
