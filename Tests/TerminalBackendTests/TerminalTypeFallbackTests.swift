import XCTest

@testable import TerminalBackend

/// A TERM whose description this machine lacks (kitty's over ssh) falls back to
/// xterm-256color only for terminals that speak xterm.
final class TerminalTypeFallbackTests: XCTestCase {
  func testOnlyXtermCompatibleTerminalsFallBack() {
    for term in [
      "xterm-kitty", "xterm-ghostty", "ghostty", "wezterm", "foot", "foot-extra", "alacritty",
      "xterm-direct", "contour",
    ] {
      XCTAssertEqual(CursesTerminal.fallbackType(for: term), "xterm-256color", term)
    }
    for term in ["", "dumb", "vt52", "vt100", "linux", "screen-256color", "xterm-256color"] {
      XCTAssertNil(CursesTerminal.fallbackType(for: term), term)
    }
  }
}
