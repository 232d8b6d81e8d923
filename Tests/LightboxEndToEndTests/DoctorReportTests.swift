import LightboxCommands
import XCTest

@testable import TerminalGraphics

/// `lightbox doctor`'s report for recorded replies: the kitty graphics query is listed with
/// its answer, and the conclusions say which protocol and why.
final class DoctorReportTests: XCTestCase {
  func probe(_ replies: String, environment: [String: String]) -> CapabilityProbe.Result {
    let bytes = Array(replies.utf8)
    let scan = ReplyParser.scan(bytes, final: true)
    return CapabilityProbe.Result(
      capabilities: TerminalCapabilities(
        environment: TerminalEnvironment(environment: environment), replies: scan.replies,
        windowSize: WindowSize(columns: 100, rows: 30, pixelWidth: 1000, pixelHeight: 570)),
      leftoverInput: scan.leftover, sent: CapabilityProbe.queries, received: bytes,
      outcome: .answered, elapsedMilliseconds: 3)
  }

  func testKittyIsReportedAndChosen() {
    // kitty 0.26.5 as recorded in term-shot.
    let report = DoctorCommand.report(
      probe(
        "\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?2026;2$y\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c",
        environment: ["TERM": "xterm-kitty"]))
    XCTAssertTrue(report.contains("  kitty graphics query (a=q)\n"), report)
    XCTAssertTrue(
      report.contains(
        "    sent \\e_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\\e\\\\  →  \\e_Gi=31;OK\\e\\\\"), report)
    XCTAssertTrue(
      report.contains(
        "graphics mode: kitty — the terminal answered the kitty graphics query OK"), report)
    XCTAssertTrue(report.contains("kitty graphics: available"), report)
    XCTAssertTrue(report.contains("sixel: not used — DA1 [62, 0] does not list 4"), report)
  }

  func testXtermSaysTheQueryWentUnanswered() {
    let report = DoctorCommand.report(
      probe("\u{1B}[?63;1;2;4;6;9;15;16;22;28c", environment: ["TERM": "xterm-256color"]))
    XCTAssertTrue(report.contains("graphics mode: sixel — DA1 lists 4 (sixel)"), report)
    XCTAssertTrue(
      report.contains("kitty graphics: not used — no reply to the kitty graphics query"), report)
  }

  func testTmuxGetsItsHintLine() {
    let report = DoctorCommand.report(
      probe(
        "\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c",
        environment: [
          "TERM": "xterm-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux",
          "TERM_PROGRAM_VERSION": "3.3a",
        ]),
      tmux: TmuxPassthrough(allowed: false, clientTermName: "xterm-kitty"))
    XCTAssertTrue(report.contains("graphics mode: halfblock"), report)
    XCTAssertTrue(
      report.contains("  tmux: tmux 3.3a passes no pictures (sixel needs tmux ≥ 3.4"), report)
  }
}
