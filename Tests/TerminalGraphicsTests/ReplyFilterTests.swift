import XCTest

@testable import TerminalGraphics

/// The browser's input filter: the terminal's late answers leave the key stream, keys typed
/// around them keep their order, and nothing waits for ever.
final class ReplyFilterTests: XCTestCase {
  func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
  let ms: UInt64 = 1_000_000

  func testRepliesLeaveTheKeysAndKeysKeepTheirOrder() {
    var filter = ReplyFilter()
    let input = bytes("ab") + RecordedTerminals.xterm + bytes("\u{1B}[Acd")
    let output = filter.take(input, at: 0)
    XCTAssertEqual(output.keys, bytes("ab\u{1B}[Acd"))
    XCTAssertEqual(output.replies.flatMap(\.bytes), RecordedTerminals.xterm)
    XCTAssertEqual(output.replies.last?.isDeviceAttributes, true)
    XCTAssertFalse(filter.isHolding)
  }

  func testAReplyCutByAReadNeverReachesTheKeys() {
    var filter = ReplyFilter()
    let da1 = bytes("\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
    // Cut after the ESC alone, and again in the middle: `?` would open the help.
    let pieces = [bytes("x") + da1[0..<1], Array(da1[1..<7]), Array(da1[7...]) + bytes("y")]
    var keys: [UInt8] = []
    var replies: [RecognizedReply] = []
    for (index, piece) in pieces.enumerated() {
      let output = filter.take(piece, at: UInt64(index) * ms)
      keys += output.keys
      replies += output.replies
    }
    XCTAssertEqual(keys, bytes("xy"))
    XCTAssertEqual(replies.map(\.bytes), [da1])
  }

  func testALoneEscapeGoesOnOnceItsTimeIsUp() {
    var filter = ReplyFilter()
    XCTAssertEqual(filter.take([0x1B], at: 0).keys, [])
    XCTAssertEqual(filter.releaseAt, ReplyFilter.defaultHoldNanoseconds)
    XCTAssertEqual(filter.release(at: 10 * ms).keys, [], "released before its time")
    XCTAssertEqual(filter.release(at: ReplyFilter.defaultHoldNanoseconds).keys, [0x1B])
    XCTAssertNil(filter.releaseAt)
  }

  func testHalfALetterWaitsForTheRest() {
    var filter = ReplyFilter()
    let letter = bytes("é")
    XCTAssertEqual(filter.take(bytes("lib") + [letter[0]], at: 0).keys, bytes("lib"))
    XCTAssertEqual(filter.take([letter[1]] + bytes("lula"), at: 5 * ms).keys, bytes("élula"))
    // Longer than a sequence: once curses has it, the rest could never reach it.
    XCTAssertEqual(filter.take([letter[0]], at: 10 * ms).keys, [])
    XCTAssertEqual(filter.release(at: 60 * ms).keys, [])
    XCTAssertEqual(filter.take([letter[1]], at: 70 * ms).keys, letter)
  }

  func testAStringThatNeverEndsIsDroppedNotTyped() {
    var filter = ReplyFilter()
    XCTAssertEqual(filter.take(bytes("\u{1B}_Gi=31;O"), at: 0).keys, [])
    // More of it later does not restart the clock.
    XCTAssertEqual(filter.take(bytes("K"), at: 20 * ms).keys, [])
    let output = filter.take(bytes("j"), at: 40 * ms)
    XCTAssertEqual(output.keys, [])
    XCTAssertFalse(filter.isHolding)
    XCTAssertEqual(filter.take(bytes("k"), at: 41 * ms).keys, bytes("k"))
  }

  func testMouseReportsAndKeySequencesAreKeys() {
    var filter = ReplyFilter()
    let keys = bytes("\u{1B}[<0;12;5M\u{1B}[<0;12;5m\u{1B}[1;5C\u{1B}[5~\u{1B}OH")
    XCTAssertEqual(filter.take(keys, at: 0), ReplyFilter.Output(keys: keys, replies: []))
  }
}
