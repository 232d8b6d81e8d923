import TerminalGraphics
import XCTest

/// The colour depth inside tmux, from tmux's recorded replies (tmux 3.3a, Debian 12,
/// recorded on this machine with a client attached through `script`).
final class ColorDepthTmuxTests: XCTestCase {
  /// `tmux display -p '#{client_termfeatures}'` for a client whose terminal-features
  /// include RGB (`set -as terminal-features ',xterm-256color:RGB'`, or TERM=xterm-direct).
  static let featuresWithRGB = "bpaste,ccolour,clipboard,cstyle,focus,RGB,title\n"
  /// The same for a plain xterm-256color client.
  static let featuresWithoutRGB = "bpaste,ccolour,clipboard,cstyle,focus,title\n"
  /// `tmux info` lines for an xterm-256color client (trimmed to the colour entries).
  static let infoWithout = """
     197: RGB: [missing]
     208: setrgbf: [missing]
     223: Tc: [missing]

    """
  /// `tmux info` lines for an xterm-direct client: the RGB flag is set.
  static let infoDirect = """
     197: RGB: (flag) true
     223: Tc: [missing]

    """
  /// `tmux info` of an older tmux that knows no client features but has `Tc` from
  /// terminal-overrides (the same line shape).
  static let infoTc = " 223: Tc: (flag) true\n"

  let tmuxEnvironment = [
    "TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,123,0", "TERM_PROGRAM": "tmux",
    "TERM_PROGRAM_VERSION": "3.3a",
  ]

  func testTmuxWithAnRGBClientGetsTrueColor() {
    let tmux = TmuxQuery.recorded([
      "display -p #{client_termfeatures}": Self.featuresWithRGB, "info": Self.infoWithout,
    ])
    let found = ColorDepth.detect(environment: tmuxEnvironment, tmux: tmux)
    XCTAssertEqual(found.depth, .trueColor)
    XCTAssertEqual(found.reason, "tmux client features include RGB")
  }

  func testTmuxWithoutRGBStaysAt256() {
    let tmux = TmuxQuery.recorded([
      "display -p #{client_termfeatures}": Self.featuresWithoutRGB, "info": Self.infoWithout,
    ])
    XCTAssertEqual(ColorDepth.detect(environment: tmuxEnvironment, tmux: tmux).depth, .palette256)
    XCTAssertEqual(
      ColorDepth.detect(environment: tmuxEnvironment, tmux: .silent).depth, .palette256,
      "tmux that cannot be asked: 256")
  }

  func testTerminfoFlagsCountWhenFeaturesSayNothing() {
    let direct = TmuxQuery.recorded([
      "display -p #{client_termfeatures}": "\n", "info": Self.infoDirect,
    ])
    XCTAssertEqual(
      ColorDepth.detect(environment: tmuxEnvironment, tmux: direct),
      .init(depth: .trueColor, reason: "tmux client terminfo has RGB"))
    let tc = TmuxQuery.recorded(["info": Self.infoTc])
    XCTAssertEqual(ColorDepth.detect(environment: tmuxEnvironment, tmux: tc).depth, .trueColor)
  }

  func testColorTermWinsWithoutAskingTmux() {
    var environment = tmuxEnvironment
    environment["COLORTERM"] = "truecolor"
    let asked = Counter()
    let tmux = TmuxQuery { _ in
      asked.increment()
      return Self.featuresWithoutRGB
    }
    XCTAssertEqual(ColorDepth.detect(environment: environment, tmux: tmux).depth, .trueColor)
    XCTAssertEqual(asked.value, 0)
  }

  func testOutsideTmuxNothingIsAsked() {
    let asked = Counter()
    let tmux = TmuxQuery { _ in
      asked.increment()
      return Self.featuresWithRGB
    }
    let found = ColorDepth.detect(environment: ["TERM": "xterm-256color"], tmux: tmux)
    XCTAssertEqual(found.depth, .palette256)
    XCTAssertEqual(asked.value, 0)
  }
}

/// A thread-safe count of calls, for the @Sendable query closures.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
