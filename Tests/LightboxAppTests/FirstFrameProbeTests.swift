import Foundation
import Pixels
@_spi(Decoders) import Decoders
import LightboxTestSupport
import PhotoModel
import PhotoStore
import TerminalGraphics
import TerminalUI
import XCTest

@testable import LightboxApp

/// The first frame never waits for the terminal's answers (issue 33 item 21): the probe's
/// queries go out after it, and when the answers come the pictures switch format. Ordering
/// only, no clock: the fake terminal records what happened in turn.
final class FirstFrameProbeTests: XCTestCase {
  /// xterm 379 as `-ti vt340` (the recorded answers of `RecordedTerminals.xterm`).
  static let xtermAnswers: [UInt8] = [
    "\u{1B}P>|XTerm(379)\u{1B}\\", "\u{1B}[?1;0;256S", "\u{1B}[?2;0;1000;760S",
    "\u{1B}[6;19;10t", "\u{1B}[4;760;1000t", "\u{1B}[?2026;0$y",
    "\u{1B}[?63;1;2;4;6;9;15;16;22;28c",
  ].flatMap { (text: String) in Array(text.utf8) }

  /// The kinds of the pictures the frames in `log` drew.
  static func pictures(_ log: ArraySlice<FakeTerminal.Happening>) -> [String] {
    log.flatMap { (happening: FakeTerminal.Happening) -> [String] in
      if case .frame(let pictures) = happening { return pictures }
      return []
    }
  }

  var root: URL!

  override func setUpWithError() throws {
    root = BuiltProduct.temporaryDirectory("first-frame")
    for i in 0..<6 {
      let bitmap = Bitmap(width: 64, height: 48, fill: RGB(UInt8(40 * i), 100, 200))
      let bytes = try JPEGEncoder.encode(bitmap, quality: 90).get()
      try Data(bytes).write(to: root.appendingPathComponent("IMG_2024081\(i)_120000.jpg"))
    }
  }

  override func tearDown() {
    if let root { try? FileManager.default.removeItem(at: root) }
  }

  func probe(timeoutMilliseconds: Int = PendingProbe.defaultTimeoutMilliseconds) -> PendingProbe {
    PendingProbe(
      environment: TerminalEnvironment(environment: ["TERM": "xterm-256color"]), windowSize: nil,
      now: DispatchTime.now().uptimeNanoseconds, timeoutMilliseconds: timeoutMilliseconds)
  }

  func session(_ graphics: GraphicsMode = .auto) -> BrowseSession {
    var options = BrowseSession.Options(roots: [root.path], colorDepth: .trueColor)
    options.graphics = graphics
    return BrowseSession(options: options)
  }

  func testAnAnswerAfterTheFirstFrameSwitchesThePicturesToSixel() throws {
    let terminal = FakeTerminal(
      size: TerminalSize(columns: 80, rows: 24),
      script: Array(repeating: [], count: 70))
    terminal.delayMilliseconds = 20
    // The terminal answers on the tenth read, long after the first frame.
    terminal.answers = [10: Self.xtermAnswers]
    try session().run(on: terminal, probe: probe())

    let log = terminal.happenings
    let firstFrame = try XCTUnwrap(log.firstIndex { if case .frame = $0 { true } else { false } })
    let queries = try XCTUnwrap(log.firstIndex(of: .queries))
    let replies = try XCTUnwrap(log.firstIndex(of: .replies))
    let switched = try XCTUnwrap(
      log.firstIndex(of: .graphics("SixelDriver")), "never switched to sixel: \(log)")
    XCTAssertEqual(firstFrame, 0, "something came before the first frame: \(log)")
    XCTAssertLessThan(firstFrame, queries)
    XCTAssertLessThan(queries, replies)
    XCTAssertLessThan(replies, switched)
    XCTAssertEqual(log.filter { $0 == .queries }.count, 1)
    // Half-blocks before the switch (if any were ready), sixel after it, never mixed.
    let before = Self.pictures(log[..<switched])
    let after = Self.pictures(log[switched...])
    XCTAssertTrue(before.allSatisfy { $0 == "halfBlock" }, "\(before)")
    XCTAssertFalse(after.isEmpty, "no picture drawn after the switch")
    XCTAssertTrue(after.allSatisfy { $0 == "sixel" }, "\(after)")
  }

  func testATerminalThatNeverAnswersKeepsHalfBlocksAndDrawsAtOnce() throws {
    let terminal = FakeTerminal(
      size: TerminalSize(columns: 80, rows: 24),
      script: Array(repeating: [], count: 40))
    terminal.delayMilliseconds = 20
    try session().run(on: terminal, probe: probe(timeoutMilliseconds: 200))

    let log = terminal.happenings
    XCTAssertEqual(log.first.map { if case .frame = $0 { true } else { false } }, true)
    XCTAssertEqual(log.filter { $0 == .queries }.count, 1)
    XCTAssertFalse(log.contains(.replies))
    // Past the deadline the probe settles on what it has: no switch of driver.
    XCTAssertTrue(log.contains(.graphics(nil)), "the probe never settled: \(log)")
    let pictures = Self.pictures(log[...])
    XCTAssertFalse(pictures.isEmpty)
    XCTAssertTrue(pictures.allSatisfy { $0 == "halfBlock" }, "\(pictures)")
  }

  func testTheFirstPicturesAreHalfBlocksOrTheForcedProtocol() {
    let environment = TerminalEnvironment(environment: ["TERM": "xterm-256color"])
    let window = WindowSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 456)
    XCTAssertEqual(
      session().startingFormat(environment: environment, windowSize: window),
      .halfBlock(.trueColor))
    XCTAssertEqual(
      session(.sixel).startingFormat(environment: environment, windowSize: window),
      .sixel(colors: 256, cell: PixelSize(width: 10, height: 19)))
    XCTAssertEqual(
      session(.kitty).startingFormat(environment: environment, windowSize: window),
      .kitty(cell: PixelSize(width: 10, height: 19), medium: .stream))
  }
}
