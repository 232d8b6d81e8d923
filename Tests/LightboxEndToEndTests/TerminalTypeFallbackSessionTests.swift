import Foundation
import LightboxTestSupport
import XCTest

/// Started under a TERM the machine has no description for, as kitty's `xterm-kitty` is over
/// ssh: Lightbox browses with xterm-256color's and says so in the log; an unknown terminal
/// that is not xterm-like still gets the one-line error.
final class TerminalTypeFallbackSessionTests: XCTestCase {
  func testAnXtermLikeTermWithoutADescriptionStillBrowses() throws {
    guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
    let lightbox = try BuiltProduct.requireLightbox()
    let home = BuiltProduct.temporaryDirectory("term-fallback")
    defer { try? FileManager.default.removeItem(at: home) }
    let library = home.appendingPathComponent("library").path
    _ = try IndexCommandTests.writePhotos(3, in: library)
    let state = home.appendingPathComponent("state").path
    var env = BuiltProduct.privateEnvironment(home: home, extra: ["XDG_STATE_HOME": state])
    env["PS1"] = "e2e$ "
    let tmux = try TmuxSession(columns: 100, rows: 30, environment: env)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    // A name no terminfo database holds, in kitty's form.
    tmux.send(
      "TERM=xterm-lightbox-test \(lightbox) --graphics halfblock \(library); echo EXIT=$?",
      literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("3 photos", timeout: 30), tmux.capture())
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 20), tmux.capture())
    let log = (try? String(contentsOfFile: state + "/lightbox/lightbox.log", encoding: .utf8)) ?? ""
    XCTAssertTrue(log.contains("drawing with xterm-256color's"), log)

    tmux.send("clear; TERM=vt-lightbox-test \(lightbox) \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    let refused = tmux.waitFor("EXIT=1", timeout: 20)
    XCTAssertNotNil(refused, tmux.capture())
    XCTAssertTrue(
      (refused ?? "").contains("cannot use terminal type 'vt-lightbox-test'"), refused ?? "")
  }
}
