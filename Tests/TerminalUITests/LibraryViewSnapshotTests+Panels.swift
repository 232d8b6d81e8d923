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
    state.arrange(.open)
    state.arrange(.panel(.info))
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
    state.arrange(.open)
    let lines = LibraryView.helpLines(state, keyMap: KeyMap())
    XCTAssertEqual(lines.first { $0.keys == "q" }?.what, "quit")
    XCTAssertEqual(lines.first { $0.keys == "Esc Backspace" }?.what, "back to the grid")
    state.arrange(.panel(.help))
    let frame = LibraryView.render(state)
    let text = (0..<frame.size.rows).map { row in
      (0..<frame.size.columns).map { frame[row, $0].text }.joined()
    }
    func has(_ pattern: String) -> Bool {
      text.contains { $0.range(of: pattern, options: .regularExpression) != nil }
    }
    XCTAssertTrue(has(#"│\s+q\s+quit\s"#), text.joined(separator: "\n"))
    XCTAssertFalse(has(#"│\s+q\s+back"#))
  }

  /// The grid's help has the screen-at-a-time keys (PgUp/PgDn and Space).
  func testGridHelpListsPagingKeys() {
    let state = loaded(5)
    let lines = LibraryView.helpLines(state, keyMap: KeyMap())
    let paging = lines.first { $0.what == "a screen up / down" }
    XCTAssertNotNil(paging, "\(lines)")
    for key in ["PgUp", "PgDn", "Space"] {
      XCTAssertTrue(paging?.keys.contains(key) ?? false, "\(key) in \(paging?.keys ?? "")")
    }
  }

  /// `?` on a photo opened from Search lists the photo's keys, not the query field's.
  func testHelpOverAPhotoFromSearchIsThePhotosHelp() {
    var state = loaded(5)
    state.arrange(.startSearch)
    state.arrange(.field(.typed("1")))
    let field = LibraryView.helpLines(state, keyMap: KeyMap())
    XCTAssertTrue(field.contains { $0.what == "earlier queries" }, "the results' help: \(field)")
    state.arrange(.open)  // Enter: from the field to the results
    state.arrange(.open)  // Enter: the result opens
    XCTAssertEqual(state.screen, .detail, "a result opened")
    let photo = LibraryView.helpLines(state, keyMap: KeyMap())
    XCTAssertFalse(photo.contains { $0.what == "earlier queries" }, "\(photo)")
    XCTAssertTrue(photo.contains { $0.what == "next photo" }, "\(photo)")
  }
}
