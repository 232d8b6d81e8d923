import Foundation
import Pixels
import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

extension SixelScreenshotTests {
  /// An animated GIF played with p in a real xterm: two screenshots half a second apart
  /// show different frames, each close to one of the frames ImageMagick decodes from the
  /// file (coalesced, as a viewer shows them).
  func testAPlayingGIFMovesInXterm() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let lightbox = BuiltProduct.lightbox!
    let library = work.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    let gif = library.appendingPathComponent("chi.gif").path
    try FileManager.default.copyItem(
      atPath: corpus.appendingPathComponent("gif/chi.gif").path, toPath: gif)
    let frames = work.appendingPathComponent("frames")
    try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
    let split = Subprocess.run([
      "convert", gif, "-coalesce", "PNG32:" + frames.appendingPathComponent("f-%02d.png").path,
    ])
    XCTAssertEqual(split.status, 0, split.output)
    let references = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
      .map { try decodePNG(frames.appendingPathComponent($0).path) }
    XCTAssertEqual(references.count, 31, "gifsicle counts 31 frames")

    let first = work.appendingPathComponent("first.png").path
    let second = work.appendingPathComponent("second.png").path
    let home = work.path
    let shot = Subprocess.run([
      Self.tool("term-shot"), "--size", "\(Self.columns)x\(Self.rows)", "--timeout", "60",
      "--wait", "3", "--wait-idle", "1.5", "--keys", "Return", "--wait-idle", "1.5",
      "--keys", "p", "--sleep", "1.5", "--shot", first, "--sleep", "0.6", "--out", second, "--",
      "env", "HOME=\(home)", "XDG_DATA_HOME=\(home)/data", "XDG_CACHE_HOME=\(home)/cache",
      "XDG_CONFIG_HOME=\(home)/config", "XDG_STATE_HOME=\(home)/state", "SWIFT_BACKTRACE=enable=no",
      lightbox, "--graphics", "sixel", "--catalog", "\(home)/catalog.sqlite", library.path,
    ])
    if shot.status == 2 { throw XCTSkip("term-shot could not start: \(shot.output)") }
    XCTAssertTrue(shot.status == 0 || shot.status == 1, shot.output)

    // Where the frames are drawn: fitted into the photo's area (never enlarged by the
    // decoder), then fitted up like the still (Upscale), centred in whole cells, and trimmed
    // to whole 6-pixel sixel bands (at most 5 rows, centred: SixelDriver.bandRows).
    let area = DetailGeometry.imageArea(
      terminal: TerminalSize(columns: Self.columns, rows: Self.rows))
    let box = PixelSize(width: area.width * Self.cell.width, height: area.height * Self.cell.height)
    let fitted = Bitmap.fittedSize(of: references[0].size, into: box, mode: .fit)
    let shown = Upscale.apply(
      to: Bitmap(
        width: fitted.width, height: fitted.height,
        pixels: [UInt8](
          repeating: 0, count: fitted.width * fitted.height * 4)), in: box
    ).size
    let columns = (shown.width + Self.cell.width - 1) / Self.cell.width
    let rows = (shown.height + Self.cell.height - 1) / Self.cell.height
    let x = Self.border + (area.column + (area.width - columns) / 2) * Self.cell.width
    let y = Self.border + (area.row + (area.height - rows) / 2) * Self.cell.height
    let extra = shown.height % 6
    let bands = (top: extra / 2, height: shown.height - extra)

    func best(_ shotPath: String) throws -> (index: Int, psnr: Double) {
      let picture = try decodePNG(shotPath)
      var found = (index: -1, psnr: 0.0)
      for (index, frame) in references.enumerated() {
        let drawn = frame.resized(to: shown).cropped(
          x: 0, y: bands.top, width: shown.width, height: bands.height)
        let value = psnr(drawn, in: picture, x: x, y: y)
        if value > found.psnr { found = (index, value) }
      }
      return found
    }
    let a = try best(first)
    let b = try best(second)
    XCTAssertGreaterThan(a.psnr, 25, "the first screenshot shows a frame of the GIF")
    XCTAssertGreaterThan(b.psnr, 25, "so does the second")
    XCTAssertNotEqual(a.index, b.index, "and they are different frames: it moves")
  }
}
