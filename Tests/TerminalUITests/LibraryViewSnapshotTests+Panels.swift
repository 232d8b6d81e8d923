import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

extension LibraryViewSnapshotTests {
  /// `i` in the detail view: the info column on the right, the photo placed in the cells
  /// left of it (never removed), the filmstrip below as before.
  func testDetailInfoSitsBesideThePhoto() {
    var state = loaded(12, size: TerminalSize(columns: 100, rows: 30))
    _ = Reducer.reduce(&state, .open)
    _ = Reducer.reduce(&state, .panel(.info))
    settle(&state, assets: Array(state.assets))
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "detail-info-100x30")
    let photo = DetailGeometry.imageArea(terminal: state.terminal, showsInfo: true)
    XCTAssertEqual(photo.width, 100 - DetailGeometry.infoPanel(terminal: state.terminal).width)
    let key = state.imageKey(forIndex: state.selectedIndex)
    XCTAssertTrue(
      frame.images.contains { $0.rect == photo && $0.key == key },
      "the photo is placed beside the panel: \(frame.images)")
    XCTAssertEqual(key?.size.width, photo.width * state.cellPixelSize.width)
  }

  /// The help of the detail view says what q does there: quit, as everywhere; Esc and
  /// Backspace go back.
  func testDetailHelpSaysQQuits() {
    var state = loaded(5)
    _ = Reducer.reduce(&state, .open)
    let lines = LibraryView.helpLines(state, keyMap: KeyMap())
    XCTAssertEqual(lines.first { $0.keys == "q" }?.what, "quit")
    XCTAssertEqual(lines.first { $0.keys == "Esc Backspace" }?.what, "back to the grid")
    _ = Reducer.reduce(&state, .panel(.help))
    let frame = LibraryView.render(state)
    let text = (0..<frame.size.rows).map { row in
      (0..<frame.size.columns).map { frame[row, $0].text }.joined()
    }
    XCTAssertTrue(
      text.contains { $0.contains("│ q") && $0.contains(" quit ") }, text.joined(separator: "\n"))
    XCTAssertFalse(text.contains { $0.contains("│ q") && $0.contains(" back ") })
  }
}
