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
