import Foundation
import Pixels
@_spi(Decoders) import Decoders
import PhotoModel
import XCTest

@testable import TerminalGraphics

/// iTerm2's inline images: chosen when the terminal says it is iTerm2 or WezTerm and does
/// not answer the kitty query; each picture is one OSC 1337 `File=` sequence in whole cells.
final class ITerm2Tests: XCTestCase {
  let cell = PixelSize(width: 10, height: 20)

  func capabilities(_ recorded: [UInt8], environment: [String: String]) -> TerminalCapabilities {
    TerminalCapabilities(
      environment: TerminalEnvironment(environment: environment),
      replies: ReplyParser.scan(recorded, final: true).replies,
      windowSize: WindowSize(columns: 100, rows: 30))
  }

  func testITerm2IsChosenOverItsSixel() {
    let caps = capabilities(
      RecordedTerminals.iTerm2, environment: RecordedTerminals.iTerm2Environment)
    XCTAssertTrue(caps.sixelSupport.available, "iTerm2 lists sixel in DA1")
    XCTAssertNil(caps.kittyGraphicsReply)
    let decision = caps.modeDecision(requested: .auto)
    XCTAssertEqual(decision.mode, .iTerm2)
    XCTAssertEqual(decision.reason, "XTVERSION says iTerm2, which draws iTerm2 inline images")
    XCTAssertEqual(caps.graphicsMode(requested: .sixel), .sixel, "forcing is obeyed")
  }

  func testTheEnvironmentNamesITerm2WhenXTVERSIONIsSilent() {
    // Only DA1 answered (an iTerm2 before XTVERSION, or over ssh with LC_TERMINAL).
    let da1 = Array("\u{1B}[?64;1;2;4;6;17;18;21;22c".utf8)
    for environment in [
      ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"],
      ["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"],
    ] {
      XCTAssertEqual(
        capabilities(da1, environment: environment).graphicsMode(requested: .auto), .iTerm2)
    }
    XCTAssertEqual(
      capabilities(da1, environment: ["TERM": "xterm-256color"]).graphicsMode(requested: .auto),
      .sixel, "no name: sixel from DA1")
  }

  func testKittyAndTmuxComeFirst() {
    // WezTerm with kitty graphics on answers the query: kitty wins over both.
    let wezterm = capabilities(
      RecordedTerminals.weztermKitty, environment: ["TERM_PROGRAM": "WezTerm"])
    XCTAssertEqual(wezterm.graphicsMode(requested: .auto), .kitty)
    // iTerm2 inside tmux: tmux would swallow the OSC.
    var environment = RecordedTerminals.tmux33Environment
    environment["LC_TERMINAL"] = "iTerm2"
    let tmux = capabilities(RecordedTerminals.tmux33, environment: environment)
    XCTAssertEqual(tmux.graphicsMode(requested: .auto), .halfBlock)
  }

  func testThePictureIsOnePNGInWholeCells() throws {
    var pixels: [UInt8] = []
    for y in 0..<133 {
      for x in 0..<137 { pixels += [UInt8(x), UInt8(y), 200, 255] }
    }
    let bitmap = Bitmap(width: 137, height: 133, pixels: pixels)
    guard case .success(let picture) = ITerm2Driver(cell: cell).encode(bitmap),
      case .iTerm2(let image) = picture
    else { return XCTFail("not an iTerm2 picture") }
    XCTAssertEqual(image.cellSize, PixelSize(width: 14, height: 7))
    var bytes: [UInt8] = []
    ITerm2Driver(cell: cell).place(picture, row: 3, column: 5, into: &bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    let prefix = "\u{1B}[4;6H\u{1B}]1337;File=inline=1;size="
    XCTAssertTrue(text.hasPrefix(prefix), text.prefix(80).debugDescription)
    XCTAssertEqual(bytes.last, 0x07, "ended by BEL")
    let header = text.dropFirst(prefix.count).prefix { $0 != ":" }
    let size = try XCTUnwrap(Int(header.prefix { $0 != ";" }))
    XCTAssertTrue(header.hasSuffix(";width=14;height=7;preserveAspectRatio=0"), String(header))
    let base64 = text.drop { $0 != ":" }.dropFirst().dropLast()
    let png = try XCTUnwrap(Data(base64Encoded: String(base64)))
    XCTAssertEqual(png.count, size)
    // The picture, centred on black whole cells (140×140 px), not stretched.
    let decoded = try ImageDecoder.decode(
      data: Array(png), options: DecodeOptions(target: PixelSize(width: 140, height: 140))
    ).get()
    XCTAssertEqual(decoded.size, PixelSize(width: 140, height: 140))
    XCTAssertEqual(decoded.rgb(x: 0, y: 0), RGB(0, 0, 0))
    XCTAssertEqual(decoded.rgb(x: 1 + 10, y: 3 + 20), RGB(10, 20, 200))
  }
}
