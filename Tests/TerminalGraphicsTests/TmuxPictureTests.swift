import PhotoModel
import XCTest

@testable import TerminalGraphics

/// Pictures inside tmux 3.3a, 3.4 and 3.5, with and without `allow-passthrough`: sixel when
/// tmux passes it, else half-blocks with a one-line hint for `lightbox doctor`.
final class TmuxPictureTests: XCTestCase {
  /// What tmux prints for `show -gv allow-passthrough` and the client's terminal.
  func tmux(passthrough: String, client: String) -> TmuxPassthrough {
    TmuxPassthrough.ask(
      .recorded([
        "show -gv allow-passthrough": passthrough + "\n",
        "display -p #{client_termname}|#{client_termtype}": client + "\n",
      ]))
  }

  func capabilities(_ recorded: [UInt8], version: String) -> TerminalCapabilities {
    TerminalCapabilities(
      environment: TerminalEnvironment(environment: [
        "TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux",
        "TERM_PROGRAM_VERSION": version,
      ]),
      replies: ReplyParser.scan(recorded, final: true).replies,
      windowSize: WindowSize(columns: 100, rows: 30))
  }

  /// tmux 3.5 built without sixel: XTVERSION and DA1 from tmux itself (tmux's input.c).
  let tmux35 = Array("\u{1B}P>|tmux 3.5\u{1B}\\\u{1B}[?1;2c".utf8)
  /// tmux 3.5 built with sixel.
  let tmux35Sixel = Array("\u{1B}P>|tmux 3.5\u{1B}\\\u{1B}[?1;2;4c".utf8)

  func testWhatTmuxSaysIsRead() {
    // Recorded on this machine: tmux 3.3a inside kitty 0.26.5 (term-shot --terminal kitty).
    let recorded = tmux(passthrough: "off", client: "xterm-kitty|")
    XCTAssertEqual(recorded, TmuxPassthrough(allowed: false, clientTermName: "xterm-kitty"))
    XCTAssertNil(recorded.outerKittyVersion, "tmux 3.3a does not know the outer version")
    XCTAssertTrue(tmux(passthrough: "all", client: "").allowed)
    let kitty = tmux(passthrough: "on", client: "xterm-kitty|kitty(0.35.2)")
    XCTAssertEqual(kitty.outerKittyVersion?.minor, 35)
    XCTAssertTrue(kitty.kittyPlaceholdersPossible)
    XCTAssertFalse(
      tmux(passthrough: "on", client: "xterm-kitty|kitty(0.26.5)").kittyPlaceholdersPossible)
    XCTAssertFalse(
      tmux(passthrough: "off", client: "xterm-kitty|kitty(0.35.2)").kittyPlaceholdersPossible)
    XCTAssertEqual(TmuxPassthrough.ask(.silent), TmuxPassthrough(allowed: false))
  }

  func testTmux33GivesHalfBlocksWithAHintWithOrWithoutPassthrough() throws {
    let caps = capabilities(RecordedTerminals.tmux33WithKittyQuery, version: "3.3a")
    XCTAssertEqual(caps.graphicsMode(requested: .auto), .halfBlock)
    for passthrough in ["off", "on"] {
      let hint = try XCTUnwrap(
        caps.tmuxHint(tmux(passthrough: passthrough, client: "xterm-kitty|")))
      XCTAssertTrue(hint.hasPrefix("tmux 3.3a passes no pictures (sixel needs tmux ≥ 3.4"), hint)
      XCTAssertTrue(hint.contains("outer terminal: xterm-kitty"), hint)
    }
  }

  func testTmux34And35WithSixelPassSixelAndNeedNoHint() {
    for (recorded, version) in [(RecordedTerminals.tmux34Sixel, "3.4"), (tmux35Sixel, "3.5")] {
      let caps = capabilities(recorded, version: version)
      XCTAssertEqual(caps.graphicsMode(requested: .auto), .sixel, version)
      for passthrough in ["off", "on"] {
        XCTAssertNil(caps.tmuxHint(tmux(passthrough: passthrough, client: "xterm-256color|")))
      }
    }
  }

  func testTmux35WithoutSixelSaysWhatWouldWork() throws {
    let caps = capabilities(tmux35, version: "3.5")
    XCTAssertEqual(caps.graphicsMode(requested: .auto), .halfBlock)
    let off = try XCTUnwrap(
      caps.tmuxHint(tmux(passthrough: "off", client: "xterm-kitty|kitty(0.35.2)")))
    XCTAssertEqual(
      off,
      "tmux 3.5 could pass kitty graphics to kitty(0.35.2) with `set -g allow-passthrough on` "
        + "(and kitty ≥ 0.28): half-blocks until then")
    let wezTerm = try XCTUnwrap(
      caps.tmuxHint(tmux(passthrough: "off", client: "xterm-256color|WezTerm 20240203")))
    XCTAssertEqual(
      wezTerm,
      "tmux 3.5 passes no pictures to WezTerm 20240203 (no sixel in its DA1, allow-passthrough "
        + "off): half-blocks; run Lightbox outside tmux for pixels")
    XCTAssertNil(
      caps.tmuxHint(tmux(passthrough: "on", client: "xterm-kitty|kitty(0.35.2)")),
      "kitty pictures go through: nothing to hint")
  }

  func testKittyPicturesGoThroughTmuxAsPlaceholdersWhenTheOuterTerminalDrawsThem() {
    for version in ["3.4", "3.5"] {
      var caps = capabilities(tmux35, version: version)
      caps.tmuxPassthrough = tmux(passthrough: "on", client: "xterm-kitty|kitty(0.35.2)")
      XCTAssertEqual(caps.graphicsMode(requested: .auto), .kitty, version)
      XCTAssertTrue(caps.kittyNeedsPlaceholders)
      XCTAssertTrue(caps.kittyGraphicsSupport.reason.contains("Unicode placeholders"))
      // Ghostty's XTVERSION through tmux.
      caps.tmuxPassthrough = tmux(passthrough: "on", client: "xterm-ghostty|ghostty 1.1.3")
      XCTAssertEqual(caps.graphicsMode(requested: .auto), .kitty, version)
    }
    // Preferred to sixel when tmux would pass both: the placeholders survive tmux's redraws.
    var sixel = capabilities(RecordedTerminals.tmux34Sixel, version: "3.4")
    sixel.tmuxPassthrough = tmux(passthrough: "all", client: "xterm-kitty|kitty(0.35.2)")
    XCTAssertEqual(sixel.graphicsMode(requested: .auto), .kitty)
  }

  func testNoPlaceholdersWithoutPassthroughOrForAnOldOrUnknownKitty() throws {
    let cases: [(String, String, String)] = [
      ("3.5", "off", "xterm-kitty|kitty(0.35.2)"),  // passthrough off
      ("3.5", "on", "xterm-kitty|kitty(0.26.5)"),  // kitty before placeholders
      ("3.3a", "on", "xterm-kitty|"),  // tmux 3.3a does not know kitty's version
      ("3.5", "on", "xterm-256color|WezTerm 20240203"),  // no placeholders in WezTerm
    ]
    for (version, passthrough, client) in cases {
      var caps = capabilities(tmux35, version: version)
      caps.tmuxPassthrough = tmux(passthrough: passthrough, client: client)
      XCTAssertEqual(caps.graphicsMode(requested: .auto), .halfBlock, "\(version) \(client)")
    }
    let off = try XCTUnwrap(
      capabilities(tmux35, version: "3.5").tmuxHint(
        tmux(passthrough: "off", client: "xterm-kitty|kitty(0.35.2)")))
    XCTAssertTrue(off.contains("set -g allow-passthrough on"), off)
  }

  func testNoHintOutsideTmux() {
    let xterm = TerminalCapabilities(
      environment: TerminalEnvironment(environment: ["TERM": "xterm-256color"]),
      replies: ReplyParser.scan(RecordedTerminals.linuxConsole, final: true).replies,
      windowSize: nil)
    XCTAssertNil(xterm.tmuxHint(TmuxPassthrough(allowed: true)))
  }
}
