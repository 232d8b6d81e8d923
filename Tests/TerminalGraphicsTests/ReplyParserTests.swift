import XCTest

@testable import TerminalGraphics

final class ReplyParserTests: XCTestCase {
  func testXtermRepliesAreAllRecognisedAndNothingIsLeftOver() {
    let scan = ReplyParser.scan(RecordedTerminals.xterm, final: true)
    XCTAssertEqual(scan.leftover, [])
    XCTAssertEqual(scan.pending, [])
    XCTAssertEqual(
      scan.replies.map(\.reply),
      [
        .version("XTerm(379)"), .graphicsAttribute(item: 1, status: 0, values: [256]),
        .graphicsAttribute(item: 2, status: 0, values: [1000, 760]),
        .cellSize(width: 10, height: 19), .textAreaSize(width: 1000, height: 760),
        .modeReport(mode: 2026, value: 0),
        .deviceAttributes([63, 1, 2, 4, 6, 9, 15, 16, 22, 28]),
      ])
    // The bytes of the replies put together are exactly the input.
    XCTAssertEqual(scan.replies.flatMap(\.bytes), RecordedTerminals.xterm)
  }

  func testEveryRecordedTerminalParsesCleanly() {
    for (name, recorded) in [
      ("mlterm", RecordedTerminals.mlterm), ("foot", RecordedTerminals.foot),
      ("wezterm", RecordedTerminals.wezterm), ("kitty", RecordedTerminals.kitty),
      ("tmux", RecordedTerminals.tmux33), ("linux", RecordedTerminals.linuxConsole),
    ] {
      let scan = ReplyParser.scan(recorded, final: true)
      XCTAssertEqual(scan.leftover, [], name)
      XCTAssertEqual(scan.replies.flatMap(\.bytes), recorded, name)
      XCTAssertTrue(
        scan.replies.contains { if case .deviceAttributes = $0.reply { true } else { false } }, name
      )
      XCTAssertFalse(scan.replies.contains { $0.reply == .unrecognized }, name)
    }
  }

  func testTypedKeysBetweenRepliesComeOutAsLeftoverInOrder() {
    let up = Array("\u{1B}[A".utf8)
    let ctrlRight = Array("\u{1B}[1;5C".utf8)
    let f5 = Array("\u{1B}[15~".utf8)
    let text = Array("jk é".utf8)
    let r = RecordedTerminals.self
    let input =
      text + r.bytes("\u{1B}P>|XTerm(379)\u{1B}\\") + up + r.bytes("\u{1B}[?1;0;256S") + ctrlRight
      + r.bytes("\u{1B}[6;19;10t") + [0x0D, 0x03] + f5 + r.bytes("\u{1B}[?63;1;2;4c")
      + Array("q".utf8)
    let scan = ReplyParser.scan(input, final: true)
    XCTAssertEqual(scan.leftover, text + up + ctrlRight + [0x0D, 0x03] + f5 + Array("q".utf8))
    XCTAssertEqual(scan.replies.count, 4)
    // No byte of a reply leaks: nothing in the leftover looks like a reply.
    let leftoverText = String(decoding: scan.leftover, as: UTF8.self)
    XCTAssertFalse(leftoverText.contains("XTerm"))
    XCTAssertFalse(leftoverText.contains("?"))
    XCTAssertFalse(leftoverText.contains("t"))
  }

  func testAReplySplitAcrossReadsWaitsForTheRest() {
    let all = RecordedTerminals.xterm
    for cut in [1, 3, 10, 30, all.count - 1] {
      let first = ReplyParser.scan(Array(all[..<cut]), final: false)
      XCTAssertEqual(first.leftover, [], "cut \(cut)")
      let second = ReplyParser.scan(first.pending + all[cut...], final: true)
      XCTAssertEqual(first.replies.count + second.replies.count, 7, "cut \(cut)")
      XCTAssertEqual(second.leftover, [], "cut \(cut)")
    }
  }

  func testIncompleteSequencesAtTheTimeout() {
    // A lone ESC is the Escape key.
    XCTAssertEqual(ReplyParser.scan([0x1B], final: true).leftover, [0x1B])
    XCTAssertEqual(ReplyParser.scan([0x1B], final: false).pending, [0x1B])
    // A truncated reply is dropped, never handed to the application as keys.
    let truncated = ReplyParser.scan(Array("x\u{1B}[?63;1;2".utf8), final: true)
    XCTAssertEqual(truncated.leftover, Array("x".utf8))
    let truncatedDCS = ReplyParser.scan(Array("\u{1B}P>|XTer".utf8), final: true)
    XCTAssertEqual(truncatedDCS.leftover, [])
    // A DCS that never ends is cut off, not buffered forever.
    let flood = Array("\u{1B}P".utf8) + [UInt8](repeating: 0x41, count: 10_000)
    let scan = ReplyParser.scan(flood, final: false)
    XCTAssertEqual(scan.leftover.count + scan.pending.count < 10_000, true)
  }

  func testOtherRepliesAreKeptOutOfTheKeyStream() {
    let input = Array("\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}[?1u\u{1B}[?997;1n".utf8)
    let scan = ReplyParser.scan(input, final: true)
    XCTAssertEqual(scan.leftover, [])
    XCTAssertEqual(scan.replies.map(\.reply), [.unrecognized, .unrecognized, .unrecognized])
  }

  func testHugeParametersSaturateInsteadOfOverflowing() {
    let scan = ReplyParser.scan(Array("\u{1B}[?1;0;99999999999999999999999S".utf8), final: true)
    XCTAssertEqual(
      scan.replies.map(\.reply), [.graphicsAttribute(item: 1, status: 0, values: [1_000_000_000])])
  }

  func testDisplayTextEscapesControls() {
    XCTAssertEqual(
      ReplyParser.displayText(Array("\u{1B}P>|x\u{1B}\\\u{07}é".utf8)),
      "\\eP>|x\\e\\\\\\x07\\xC3\\xA9")
  }
}
