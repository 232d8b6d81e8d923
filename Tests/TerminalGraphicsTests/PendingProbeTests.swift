import Foundation
import PhotoModel
import XCTest

@testable import TerminalGraphics

/// The browser's probe: done when DA1 and the grace are in or at its deadline, and then it
/// says what `CapabilityProbe` would have said.
final class PendingProbeTests: XCTestCase {
  let environment = TerminalEnvironment(environment: ["TERM": "xterm-256color"])
  let ms: UInt64 = 1_000_000

  func testDoneAfterDA1AndTheGraceWithTheAnswersOfTheBatch() throws {
    let probe = PendingProbe(environment: environment, windowSize: nil, now: 0)
    XCTAssertEqual(probe.sent.last, CapabilityProbe.queries.last)
    XCTAssertEqual(probe.batchBytes, probe.sent.flatMap(\.bytes))
    XCTAssertFalse(probe.isDone(at: 100 * ms))
    var filter = ReplyFilter()
    probe.receive(filter.take(RecordedTerminals.xterm, at: 200 * ms).replies, at: 200 * ms)
    XCTAssertFalse(probe.isDone(at: 200 * ms), "the grace after DA1")
    let grace = UInt64(CapabilityProbe.graceMilliseconds) * ms
    XCTAssertEqual(probe.millisecondsUntilDone(at: 200 * ms), CapabilityProbe.graceMilliseconds)
    XCTAssertTrue(probe.isDone(at: 200 * ms + grace))
    let result = probe.finish(at: 200 * ms + grace)
    XCTAssertEqual(result.outcome, .answered)
    XCTAssertEqual(result.capabilities.graphicsMode(requested: .auto), .sixel)
    XCTAssertEqual(
      result.capabilities.pictureFormat(requested: .auto, colorDepth: .trueColor),
      .sixel(colors: 256, cell: PixelSize(width: 10, height: 19)))
  }

  func testASilentTerminalIsDoneAtTheDeadlineWithHalfBlocks() {
    let probe = PendingProbe(
      environment: environment, windowSize: nil, now: 0, timeoutMilliseconds: 300)
    XCTAssertFalse(probe.isDone(at: 299 * ms))
    XCTAssertTrue(probe.isDone(at: 300 * ms))
    let result = probe.finish(at: 300 * ms)
    XCTAssertEqual(result.outcome, .timedOut)
    XCTAssertEqual(result.capabilities.graphicsMode(requested: .auto), .halfBlock)
  }

  func testTheKittyQueryFileIsRemovedWhenDone() throws {
    let probe = PendingProbe(environment: environment, windowSize: nil, now: 0)
    let query = try XCTUnwrap(probe.sent.first { $0.name.contains("temporary file") })
    let text = String(decoding: query.bytes, as: UTF8.self)
    let encoded = try XCTUnwrap(text.split(separator: ";").last?.dropLast(2))
    let path = try XCTUnwrap(Data(base64Encoded: String(encoded)))
    let file = String(decoding: path, as: UTF8.self)
    XCTAssertTrue(FileManager.default.fileExists(atPath: file))
    _ = probe.finish(at: 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: file))
  }
}
