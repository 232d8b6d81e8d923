import PhotoStore
import XCTest

@testable import TerminalUI

final class KeyMapTests: XCTestCase {
  func testArrowsAndViKeysMove() {
    let map = KeyMap()
    XCTAssertEqual(map.action(for: .up), .move(.up))
    XCTAssertEqual(map.action(for: .character("k")), .move(.up))
    XCTAssertEqual(map.action(for: .character("j")), .move(.down))
    XCTAssertEqual(map.action(for: .character("h")), .move(.left))
    XCTAssertEqual(map.action(for: .character("l")), .move(.right))
    XCTAssertEqual(map.action(for: .pageDown), .move(.pageDown))
    XCTAssertEqual(map.action(for: .home), .move(.first))
    XCTAssertEqual(map.action(for: .character("g")), .move(.first))
    XCTAssertEqual(map.action(for: .character("G")), .move(.last))
    XCTAssertEqual(map.action(for: .end), .move(.last))
  }

  func testOpenBackQuit() {
    let map = KeyMap()
    XCTAssertEqual(map.action(for: .enter), .open)
    XCTAssertEqual(map.action(for: .escape), .back)
    XCTAssertEqual(map.action(for: .character("q")), .quit)
    XCTAssertEqual(map.action(for: .interrupt), .terminate)
    XCTAssertNil(map.action(for: .character("Z")))
  }
}

extension KeyMapTests {
  /// In a text field Ctrl-U and Ctrl-W edit, and the arrows, Home and End move the cursor.
  func testTextFieldEditingKeys() {
    let map = KeyMap()
    XCTAssertEqual(map.action(for: .character("\u{15}"), mode: .text), .field(.clear))
    XCTAssertEqual(map.action(for: .character("\u{17}"), mode: .text), .field(.deleteWordBackward))
    XCTAssertEqual(map.action(for: .left, mode: .text), .move(.left))
    XCTAssertEqual(map.action(for: .right, mode: .text), .move(.right))
    XCTAssertEqual(map.action(for: .home, mode: .text), .move(.first))
    XCTAssertEqual(map.action(for: .end, mode: .text), .move(.last))
    XCTAssertEqual(map.action(for: .up, mode: .text), .move(.up))
    // Outside a field Ctrl-U is not bound and ← moves the selection.
    XCTAssertNil(map.action(for: .character("\u{15}"), mode: .normal))
    XCTAssertEqual(map.action(for: .left, mode: .normal), .move(.left))
  }
}
