import PhotoModel
import XCTest

@testable import TerminalGraphics

final class TerminalCapabilitiesTests: XCTestCase {
  func capabilities(
    _ recorded: [UInt8], environment: [String: String] = ["TERM": "xterm-256color"],
    window: WindowSize? = WindowSize(columns: 80, rows: 24)
  ) -> TerminalCapabilities {
    TerminalCapabilities(
      environment: TerminalEnvironment(environment: environment),
      replies: ReplyParser.scan(recorded, final: true).replies, windowSize: window)
  }

  func testXtermVT340() {
    let w = RecordedTerminals.xtermWindow
    let caps = capabilities(
      RecordedTerminals.xterm,
      window: WindowSize(
        columns: w.columns, rows: w.rows, pixelWidth: w.pixelWidth, pixelHeight: w.pixelHeight))
    XCTAssertEqual(caps.graphicsMode(requested: .auto), .sixel)
    XCTAssertEqual(caps.cellSize, PixelSize(width: 10, height: 19))
    XCTAssertEqual(caps.cellSizeSource, .windowSize)
    XCTAssertEqual(caps.reportedColorRegisters, 256)
    XCTAssertEqual(caps.sixelPaletteSize, 256)
    XCTAssertEqual(caps.maxSixelSize, PixelSize(width: 1000, height: 760))
    XCTAssertEqual(caps.terminalVersion, "XTerm(379)")
    XCTAssertFalse(caps.synchronizedOutput, "xterm 379 answers 2026 with 0: not recognised")
  }

  func testCellSizeFallsBackFromWindowToReportsToDefault() {
    // No pixels in TIOCGWINSZ: the CSI 16 t reply.
    let noPixels = capabilities(RecordedTerminals.xterm, window: WindowSize(columns: 100, rows: 40))
    XCTAssertEqual(noPixels.cellSize, PixelSize(width: 10, height: 19))
    XCTAssertEqual(noPixels.cellSizeSource, .cellReport)
    // Only CSI 14 t: the text area ÷ cells.
    let areaOnly = capabilities(
      Array("\u{1B}[4;760;1000t\u{1B}[?63;4c".utf8), window: WindowSize(columns: 100, rows: 40))
    XCTAssertEqual(areaOnly.cellSize, PixelSize(width: 10, height: 19))
    XCTAssertEqual(areaOnly.cellSizeSource, .textAreaReport)
    // Insane window pixels (1 px per cell) are not believed.
    let insane = capabilities(
      RecordedTerminals.kitty,
      window: WindowSize(columns: 200, rows: 50, pixelWidth: 200, pixelHeight: 50))
    XCTAssertEqual(insane.cellSize, PixelSize(width: 10, height: 20))
    XCTAssertEqual(insane.cellSizeSource, .cellReport)
    // Nothing at all.
    let none = capabilities(RecordedTerminals.linuxConsole, window: nil)
    XCTAssertEqual(none.cellSize, TerminalCapabilities.defaultCellSize)
    XCTAssertEqual(none.cellSizeSource, .fallback)
  }

  func testSixelTerminals() {
    for (name, recorded) in [
      ("mlterm", RecordedTerminals.mlterm), ("foot", RecordedTerminals.foot),
      ("wezterm", RecordedTerminals.wezterm),
    ] {
      let caps = capabilities(recorded)
      XCTAssertTrue(caps.sixelSupport.available, name)
      XCTAssertEqual(caps.graphicsMode(requested: .sixel), .sixel, name)
      XCTAssertEqual(caps.sixelPaletteSize, 256, "\(name): not reported → 256")
    }
    XCTAssertEqual(capabilities(RecordedTerminals.mlterm).graphicsMode(requested: .auto), .sixel)
    XCTAssertEqual(capabilities(RecordedTerminals.foot).graphicsMode(requested: .auto), .sixel)
    // WezTerm says its name: iTerm2's inline images are preferred over its sixel.
    XCTAssertEqual(capabilities(RecordedTerminals.wezterm).graphicsMode(requested: .auto), .iTerm2)
    let foot = capabilities(RecordedTerminals.foot, window: WindowSize(columns: 116, rows: 39))
    XCTAssertEqual(foot.cellSize, PixelSize(width: 6, height: 12))
    XCTAssertTrue(foot.synchronizedOutput)
    XCTAssertTrue(capabilities(RecordedTerminals.wezterm).synchronizedOutput)
    // mlterm answered only DA1: the cell comes from TIOCGWINSZ, else the default.
    let mlterm = capabilities(
      RecordedTerminals.mlterm,
      window: WindowSize(columns: 80, rows: 24, pixelWidth: 640, pixelHeight: 384))
    XCTAssertEqual(mlterm.cellSize, PixelSize(width: 8, height: 16))
    XCTAssertEqual(mlterm.cellSizeSource, .windowSize)
  }

  func testTerminalsWithoutSixelGetHalfBlocks() {
    let kitty = capabilities(RecordedTerminals.kitty)
    XCTAssertEqual(kitty.graphicsMode(requested: .auto), .halfBlock)
    XCTAssertTrue(kitty.modeDecision(requested: .auto).reason.contains("does not list 4"))
    XCTAssertTrue(kitty.synchronizedOutput)
    let linux = capabilities(RecordedTerminals.linuxConsole, environment: ["TERM": "linux"])
    XCTAssertEqual(linux.graphicsMode(requested: .auto), .halfBlock)
    XCTAssertEqual(linux.deviceAttributes, [6])
  }

  func testTmux33SwallowsSixelEvenWhenTheOuterTerminalHasIt() {
    let caps = capabilities(
      RecordedTerminals.tmux33, environment: RecordedTerminals.tmux33Environment)
    XCTAssertEqual(caps.environment.tmuxVersion, TmuxVersion(major: 3, minor: 3))
    XCTAssertEqual(caps.graphicsMode(requested: .auto), .halfBlock)
    XCTAssertTrue(caps.modeDecision(requested: .auto).reason.contains("3.3a"))
    // Even if a DA1 listing 4 got through, tmux before 3.4 means no sixel.
    let lying = capabilities(
      Array("\u{1B}[?1;2;4c".utf8), environment: RecordedTerminals.tmux33Environment)
    XCTAssertEqual(lying.graphicsMode(requested: .auto), .halfBlock)
  }

  func testTmuxVersionFromXTVERSIONWhenTheEnvironmentHasNone() {
    let env = ["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
    let caps34 = capabilities(RecordedTerminals.tmux34Sixel, environment: env)
    XCTAssertEqual(caps34.environment.tmuxVersion, TmuxVersion(major: 3, minor: 4))
    XCTAssertEqual(caps34.graphicsMode(requested: .auto), .sixel)
    // tmux 3.4 without sixel support: DA1 lacks 4.
    let plain34 = capabilities(
      Array("\u{1B}P>|tmux 3.4\u{1B}\\\u{1B}[?1;2c".utf8), environment: env)
    XCTAssertEqual(plain34.graphicsMode(requested: .auto), .halfBlock)
    // Unknown version: half-blocks.
    let unknown = capabilities(Array("\u{1B}[?1;2;4c".utf8), environment: env)
    XCTAssertNil(unknown.environment.tmuxVersion)
    XCTAssertEqual(unknown.graphicsMode(requested: .auto), .halfBlock)
    // `tmux -V` output given by the caller.
    let fromV = TerminalEnvironment(environment: env, tmuxVersionText: "tmux 3.5a")
    XCTAssertEqual(fromV.tmuxVersion, TmuxVersion(major: 3, minor: 5))
  }

  func testTmuxVersionParsing() {
    XCTAssertEqual(TmuxVersion(parsing: "tmux 3.3a"), TmuxVersion(major: 3, minor: 3))
    XCTAssertEqual(TmuxVersion(parsing: "next-3.6"), TmuxVersion(major: 3, minor: 6))
    XCTAssertEqual(TmuxVersion(parsing: "3.10"), TmuxVersion(major: 3, minor: 10))
    XCTAssertNil(TmuxVersion(parsing: "tmux master"))
    XCTAssertNil(TmuxVersion(parsing: "99999999999999999999999.1"))
    XCTAssertLessThan(TmuxVersion(major: 3, minor: 3), TmuxVersion.firstWithSixel)
    XCTAssertLessThan(TmuxVersion(major: 3, minor: 4), TmuxVersion(major: 3, minor: 10))
  }

  func testSilentTerminalAndForcedModes() {
    let silent = capabilities([])
    XCTAssertFalse(silent.answered)
    XCTAssertEqual(silent.graphicsMode(requested: .auto), .halfBlock)
    XCTAssertEqual(silent.graphicsMode(requested: .sixel), .sixel)
    XCTAssertEqual(
      capabilities(RecordedTerminals.xterm).graphicsMode(requested: .halfBlock), .halfBlock)
    let screen = capabilities(
      RecordedTerminals.xterm, environment: ["TERM": "screen", "STY": "1.pts-0"])
    XCTAssertEqual(screen.graphicsMode(requested: .auto), .halfBlock)
  }

  func testRegisterCountsClampToLibsixelsRange() {
    let many = capabilities(Array("\u{1B}[?1;0;1024S\u{1B}[?63;4c".utf8))
    XCTAssertEqual(many.reportedColorRegisters, 1024)
    XCTAssertEqual(many.sixelPaletteSize, 256)
    let few = capabilities(Array("\u{1B}[?1;0;16S\u{1B}[?63;4c".utf8))
    XCTAssertEqual(few.sixelPaletteSize, 16)
    // A failed XTSMGRAPHICS (status 3) is not a register count.
    let failed = capabilities(Array("\u{1B}[?1;3;0S\u{1B}[?63;4c".utf8))
    XCTAssertNil(failed.reportedColorRegisters)
    XCTAssertEqual(failed.sixelPaletteSize, 256)
  }

  func testGraphicsModeParsing() {
    XCTAssertEqual(try GraphicsMode.parse("auto").get(), .auto)
    XCTAssertEqual(try GraphicsMode.parse("SIXEL").get(), .sixel)
    XCTAssertEqual(try GraphicsMode.parse("halfblock").get(), .halfBlock)
    XCTAssertEqual(try GraphicsMode.parse("Kitty").get(), .kitty)
    XCTAssertEqual(try GraphicsMode.parse("iTerm2").get(), .iTerm2)
    guard case .failure(let error) = GraphicsMode.parse("tektronix") else {
      return XCTFail("parsed iterm")
    }
    XCTAssertTrue(error.description.contains("'tektronix'"))
  }
}
