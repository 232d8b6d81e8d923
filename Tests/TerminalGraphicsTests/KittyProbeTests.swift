import PhotoModel
import XCTest

@testable import TerminalGraphics

/// The kitty graphics query in the probe: its reply is recognised, keeps out of the key
/// stream, and makes kitty graphics the choice over sixel and half-blocks.
final class KittyProbeTests: XCTestCase {
  func capabilities(
    _ recorded: [UInt8], environment: [String: String] = ["TERM": "xterm-256color"]
  ) -> TerminalCapabilities {
    TerminalCapabilities(
      environment: TerminalEnvironment(environment: environment),
      replies: ReplyParser.scan(recorded, final: true).replies,
      windowSize: WindowSize(columns: 100, rows: 30))
  }

  func testTheQueryGoesJustBeforeDA1() {
    let names = CapabilityProbe.queries.map(\.name)
    XCTAssertEqual(
      names.suffix(2), ["kitty graphics query (a=q)", "DA1 primary device attributes"])
    XCTAssertEqual(
      String(decoding: CapabilityProbe.queries[names.count - 2].bytes, as: UTF8.self),
      "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\")
  }

  func testTmuxAndScreenAreNotSentTheQuery() {
    // tmux 3.3a takes an APC string for the window title: the query renamed the window.
    let kittyQuery = Array(ControlSequence.queryKittyGraphics.utf8)
    for environment in [
      RecordedTerminals.tmux33Environment, ["TERM": "screen", "STY": "1.pts"],
      ["TERM": "screen-256color"], ["TERM": "tmux-256color"],
    ] {
      let sent = CapabilityProbe.queries(for: TerminalEnvironment(environment: environment))
      XCTAssertFalse(sent.contains { $0.bytes == kittyQuery }, "\(environment)")
      XCTAssertEqual(sent.count, CapabilityProbe.queries.count - 1)
      XCTAssertEqual(sent.last?.name, "DA1 primary device attributes")
    }
    let xterm = CapabilityProbe.queries(
      for: TerminalEnvironment(environment: ["TERM": "xterm-256color"]))
    XCTAssertEqual(xterm, CapabilityProbe.queries)
  }

  func testRepliesAreParsedAndTypedKeysKept() {
    let bytes = Array("j\u{1B}_Gi=31;OK\u{1B}\\k\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\".utf8)
    let scan = ReplyParser.scan(bytes, final: true)
    XCTAssertEqual(
      scan.replies.map(\.reply),
      [.kittyGraphics(id: 31, message: "OK"), .kittyGraphics(id: 31, message: "ENOTSUPPORTED:no")])
    XCTAssertEqual(scan.leftover, Array("jk".utf8))
    // A reply split across reads waits for its end.
    let part = ReplyParser.scan(Array("\u{1B}_Gi=31;O".utf8), final: false)
    XCTAssertEqual(part.replies, [])
    XCTAssertEqual(part.pending.count, 9)
    XCTAssertEqual(
      ReplyParser.scan(Array("\u{1B}_Gx\u{1B}\\".utf8), final: true).replies.map(\.reply),
      [.unrecognized])
  }

  func testKittyProtocolTerminalsGetKitty() {
    for (name, recorded) in [
      ("kitty 0.26.5", RecordedTerminals.kitty026), ("kitty 0.35.2", RecordedTerminals.kitty035),
      ("Ghostty 1.2.3", RecordedTerminals.ghostty),
      ("WezTerm with kitty graphics", RecordedTerminals.weztermKitty),
      ("Konsole 23.08.5", RecordedTerminals.konsole),
    ] {
      let caps = capabilities(recorded)
      XCTAssertEqual(caps.kittyGraphicsReply, "OK", name)
      let decision = caps.modeDecision(requested: .auto)
      XCTAssertEqual(decision.mode, .kitty, name)
      XCTAssertEqual(decision.reason, "the terminal answered the kitty graphics query OK", name)
    }
  }

  func testKittyWinsOverSixelInDA1() {
    for recorded in [RecordedTerminals.weztermKitty, RecordedTerminals.konsole] {
      let caps = capabilities(recorded)
      XCTAssertTrue(caps.sixelSupport.available, "DA1 lists 4")
      XCTAssertEqual(caps.graphicsMode(requested: .auto), .kitty)
      // Forcing another mode is still obeyed.
      XCTAssertEqual(caps.graphicsMode(requested: .sixel), .sixel)
      XCTAssertEqual(caps.graphicsMode(requested: .halfBlock), .halfBlock)
    }
  }

  func testTerminalsWithoutTheProtocolKeepSixelOrHalfBlocks() {
    let xterm = capabilities(RecordedTerminals.xtermWithKittyQuery)
    XCTAssertNil(xterm.kittyGraphicsReply)
    XCTAssertEqual(xterm.graphicsMode(requested: .auto), .sixel)
    XCTAssertEqual(xterm.kittyGraphicsSupport.reason, "no reply to the kitty graphics query")
    // WezTerm as shipped (kitty graphics off by default): its iTerm2 inline images.
    XCTAssertEqual(capabilities(RecordedTerminals.wezterm).graphicsMode(requested: .auto), .iTerm2)
    let tmux = capabilities(
      RecordedTerminals.tmux33WithKittyQuery, environment: RecordedTerminals.tmux33Environment)
    XCTAssertEqual(tmux.graphicsMode(requested: .auto), .halfBlock)
    XCTAssertFalse(tmux.kittyGraphicsSupport.available)
  }

  func testAnAnswerThroughTmuxOrAnErrorIsNotTrusted() {
    // Inside tmux an OK could only be the outer terminal's; tmux would not pass the images.
    let throughTmux = capabilities(
      RecordedTerminals.tmux33 + Array(RecordedTerminals.kittyOK.utf8),
      environment: RecordedTerminals.tmux33Environment)
    XCTAssertEqual(throughTmux.kittyGraphicsReply, "OK")
    XCTAssertEqual(throughTmux.graphicsMode(requested: .auto), .halfBlock)
    XCTAssertTrue(throughTmux.kittyGraphicsSupport.reason.contains("tmux"))
    let refused = capabilities(Array("\u{1B}_Gi=31;EINVAL:bad\u{1B}\\\u{1B}[?62;c".utf8))
    XCTAssertEqual(refused.graphicsMode(requested: .auto), .halfBlock)
    XCTAssertTrue(refused.kittyGraphicsSupport.reason.contains("refused"))
    // A reply to another image id is not the answer to the query.
    let other = capabilities(Array("\u{1B}_Gi=7;OK\u{1B}\\\u{1B}[?62;c".utf8))
    XCTAssertNil(other.kittyGraphicsReply)
  }

  func testPicturesGoAsFilesOnlyWhenTheTerminalReadTheProbesFile() {
    let fileOK = "\u{1B}_Gi=32;OK\u{1B}\\"
    let recorded = RecordedTerminals.kitty026
    // Recorded in the real kitty 0.26.5 here (term-shot): the file query is answered before
    // DA1, and kitty deleted the file it read.
    let local = capabilities(Array(recorded.dropLast(7)) + Array(fileOK.utf8) + recorded.suffix(7))
    XCTAssertEqual(local.kittyFileReply, "OK")
    XCTAssertEqual(local.kittyMedium, .temporaryFile(directory: KittyMedium.temporaryDirectory))
    // Over ssh the terminal cannot open the path: an error (kitty 0.26.5's, recorded for a
    // path that does not exist), and the stream.
    let refusal =
      "\u{1B}_Gi=32;EBADF:Failed to open file for graphics transmission with error: [2] No "
      + "such file or directory\u{1B}\\"
    let remote = capabilities(
      Array(recorded.dropLast(7)) + Array(refusal.utf8) + recorded.suffix(7))
    XCTAssertEqual(remote.kittyMedium, .stream)
    XCTAssertEqual(capabilities(recorded).kittyMedium, .stream, "no answer: the stream")
    // A file answer without kitty graphics, or inside tmux, changes nothing.
    XCTAssertEqual(
      capabilities(RecordedTerminals.xterm + Array(fileOK.utf8)).kittyMedium, .stream)
  }
}
