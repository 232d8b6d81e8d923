import TerminalUI
import XCTest

@testable import TerminalBackend

/// Keys as curses hands them over, turned into input events.
final class CursesKeyTests: XCTestCase {
  func testCursesKeyDecoding() {
    XCTAssertEqual(CursesTerminal.characterKey(27), .escape)
    XCTAssertEqual(CursesTerminal.characterKey(13), .enter)
    XCTAssertEqual(CursesTerminal.characterKey(3), .interrupt)
    XCTAssertEqual(CursesTerminal.characterKey(0x71), .character("q"))
    XCTAssertNil(CursesTerminal.characterKey(0xD800))
  }
}
