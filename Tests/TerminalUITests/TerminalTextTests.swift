import XCTest

@testable import TerminalUI

final class TerminalTextTests: XCTestCase {
  func testControlsBecomeVisibleEscapes() {
    XCTAssertEqual(TerminalText.sanitize("a\u{1B}[2Jb"), "a\\e[2Jb")
    XCTAssertEqual(TerminalText.sanitize("bell\u{07}"), "bell\\x07")
    XCTAssertEqual(TerminalText.sanitize("csi\u{9B}31m"), "csi\\x9B31m")
    XCTAssertEqual(TerminalText.sanitize("del\u{7F}"), "del\\x7F")
    XCTAssertEqual(TerminalText.sanitize("rtl\u{202E}gpj.exe"), "rtl\\u202Egpj.exe")
    XCTAssertEqual(TerminalText.sanitize("line\nbreak\ttab"), "line\\x0Abreak\\x09tab")
    XCTAssertEqual(TerminalText.sanitize("서울 2024 ✓"), "서울 2024 ✓")
  }

  func testInvalidUTF8ShowsReplacementCharacter() {
    let bytes: [UInt8] = [0x49, 0x4D, 0x47, 0xFF, 0xFE, 0x2E, 0x6A, 0x70, 0x67]
    let name = String(decoding: bytes, as: UTF8.self)
    XCTAssertEqual(TerminalText.sanitize(name), "IMG\u{FFFD}\u{FFFD}.jpg")
  }

  func testWidths() {
    XCTAssertEqual(TerminalText.width(of: "abc"), 3)
    XCTAssertEqual(TerminalText.width(of: "서울"), 4)
    XCTAssertEqual(TerminalText.width(of: "e\u{301}"), 1)
    XCTAssertEqual(TerminalText.width(of: "📷"), 2)
  }

  func testTruncate() {
    XCTAssertEqual(TerminalText.truncate("IMG_2041.jpg", toWidth: 8), "IMG_204…")
    XCTAssertEqual(TerminalText.truncate("서울서울", toWidth: 5), "서울…")
    XCTAssertEqual(TerminalText.truncate("short", toWidth: 10), "short")
    XCTAssertEqual(TerminalText.truncate("x", toWidth: 0), "")
  }

  func testFramePutClipsWideCharactersAtTheEdge() {
    var frame = Frame(size: .init(columns: 5, rows: 1))
    frame.put("ab서울", row: 0, column: 0, role: .normal)
    XCTAssertEqual((0..<5).map { frame[0, $0].text }, ["a", "b", "서", "", "…"])
  }
}
