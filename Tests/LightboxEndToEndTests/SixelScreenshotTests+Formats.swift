import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

extension SixelScreenshotTests {
  /// One file of every still kind a phone or camera makes, side by side in the grid of a
  /// real xterm: each tile is a picture, none a failure tile.
  func testAGridOfEveryStillKindShowsAPictureInEachTile() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let lightbox = BuiltProduct.lightbox!
    let library = work.appendingPathComponent("kinds")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    // Chosen by kind: an iPhone HEIC, an AVIF, a phone WebP, a GIF, a TIFF scan, a RAF (its
    // preview), a PNG and a camera JPEG. (The corpus's CR3 is pruned to a flat grey preview,
    // which the picture check below could not tell from a placeholder.)
    let files = [
      "heif/IMG_5195.HEIC", "avif/kodim03_yuv420_8bpc.avif", "webp/HTC_Desire.webp",
      "gif/hopper.gif", "tiff/Reagan.tiff", "raw/FujiFilm_S5Pro.raf",
      "png-suite/basn2c08.png", "jpeg-exif/Canon_40D.jpg",
    ]
    for file in files {
      let source = corpus.appendingPathComponent(file)
      try FileManager.default.copyItem(
        at: source, to: library.appendingPathComponent(source.lastPathComponent))
    }
    let grid = work.appendingPathComponent("kinds.png").path
    let home = work.path
    let shot = Subprocess.run([
      Self.tool("term-shot"), "--size", "\(Self.columns)x\(Self.rows)", "--timeout", "60",
      "--wait", "3", "--wait-idle", "2", "--out", grid, "--",
      "env", "HOME=\(home)", "XDG_DATA_HOME=\(home)/data", "XDG_CACHE_HOME=\(home)/cache",
      "XDG_CONFIG_HOME=\(home)/config", "XDG_STATE_HOME=\(home)/state", "SWIFT_BACKTRACE=enable=no",
      lightbox, "--graphics", "sixel", "--catalog", "\(home)/kinds.sqlite", library.path,
    ])
    if shot.status == 2 { throw XCTSkip("term-shot could not start: \(shot.output)") }
    XCTAssertTrue(shot.status == 0 || shot.status == 1, shot.output)
    let frame = expectedFrame(count: files.count, after: [])
    XCTAssertEqual(frame.images.count, files.count, "every file has a tile on the first screen")
    let screenshot = try decodePNG(grid)
    for placement in frame.images { assertPicture(screenshot, placement.rect, "tile") }
  }
}
