import Foundation
import Pixels
import Decoders
@_spi(InProcessDecoding) import DecodeWorker
import LightboxTestSupport
import PhotoModel
import PhotoStore
import TerminalGraphics
import TerminalUI
import XCTest

extension SixelScreenshotTests {
  /// A smooth photo-like JPEG (gradients, soft discs): what xterm shows at 400 % can be held
  /// against the same region of the decoded photo without sixel's palette dominating.
  func loupePhoto(at path: String) throws -> PixelSize {
    let size = PixelSize(width: 1600, height: 1200)
    var pixels = [UInt8](repeating: 255, count: size.width * size.height * 4)
    for y in 0..<size.height {
      for x in 0..<size.width {
        let i = (y * size.width + x) * 4
        let disc = ((x % 200) - 100) * ((x % 200) - 100) + ((y % 160) - 80) * ((y % 160) - 80)
        let ring = disc < 3600 ? 60 : 0
        pixels[i] = UInt8(min(255, x * 200 / size.width + ring))
        pixels[i + 1] = UInt8(min(255, y * 200 / size.height + ring / 2))
        pixels[i + 2] = UInt8(min(255, 40 + (x + y) * 100 / (size.width + size.height)))
      }
    }
    let bytes = try JPEGEncoder.encode(
      Bitmap(width: size.width, height: size.height, pixels: pixels), quality: 95
    ).get()
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return size
  }

  func testZoomedDetailShowsTheRegionAndPanningMovesIt() throws {
    let lightbox = BuiltProduct.lightbox!
    let library = work.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    let path = library.appendingPathComponent("IMG_20240812_120000.jpg").path
    let stored = try loupePhoto(at: path)
    let zoomed = work.appendingPathComponent("zoomed.png").path
    let panned = work.appendingPathComponent("panned.png").path
    let raw = work.appendingPathComponent("raw").path
    let home = work.path
    let plus = Array(repeating: "plus", count: 12).joined(separator: " ")
    let shot = Subprocess.run([
      Self.tool("term-shot"), "--size", "\(Self.columns)x\(Self.rows)", "--timeout", "60",
      "--raw", raw, "--wait", "3", "--wait-idle", "1.5",
      "--keys", "Return", "--wait-idle", "1.5", "--keys", plus, "--wait-idle", "2",
      "--shot", zoomed, "--keys", "Right", "--wait-idle", "2", "--out", panned, "--",
      "env", "HOME=\(home)", "XDG_DATA_HOME=\(home)/data", "XDG_CACHE_HOME=\(home)/cache",
      "XDG_CONFIG_HOME=\(home)/config", "XDG_STATE_HOME=\(home)/state", "SWIFT_BACKTRACE=enable=no",
      lightbox, "--graphics", "sixel", "--catalog", "\(home)/catalog.sqlite", library.path,
    ])
    if shot.status == 2 { throw XCTSkip("term-shot could not start: \(shot.output)") }
    XCTAssertTrue(shot.status == 0 || shot.status == 1, shot.output)

    // The same keys on the store: the region shown at 400 %, then one pan step right.
    var state = AppState(
      roots: [library.path], terminal: TerminalSize(columns: Self.columns, rows: Self.rows),
      cellPixelSize: Self.cell)
    let asset = Asset(
      id: AssetID(1), path: path, byteSize: 0, modificationTime: 0, format: .jpeg,
      storedPixelSize: stored, orientation: .up,
      captureDate: CaptureDate(year: 2024, month: 8, day: 12, source: .fileName))
    state.arrange(.library(.loaded(assets: [asset], problems: [])))
    state.arrange(.open)
    for _ in 0..<12 { state.arrange(.detail(.zoomIn)) }
    XCTAssertEqual(state.detail.zoom, AppState.maximumZoom)
    let first = try XCTUnwrap(state.loupeRegion)
    state.arrange(.move(.right))
    let second = try XCTUnwrap(state.loupeRegion)
    XCTAssertGreaterThan(second.region.x, first.region.x)

    let full = try PhotoDecoder.inProcess.decode(
      path: path,
      options: DecodeOptions(
        target: stored, mode: .fit, quality: .best, orientation: .up, background: .black)
    ).get()
    func reference(_ view: (region: ImageRegion, size: PixelSize)) -> Bitmap {
      let r = view.region
      // The top-left part only: the minimap covers the lower right.
      return full.cropped(x: r.x, y: r.y, width: r.width, height: r.height)
        .resized(to: view.size)
        .cropped(x: 0, y: 0, width: view.size.width * 6 / 10, height: view.size.height / 2)
    }
    // The region fills the photo's area, which starts under the title bar.
    let area = DetailGeometry.imageArea(terminal: state.terminal)
    let x =
      Self.border + area.column * Self.cell.width
      + (area.width * Self.cell.width - first.size.width) / 2
    let y = Self.border + area.row * Self.cell.height
    let zoomedShot = try decodePNG(zoomed)
    let pannedShot = try decodePNG(panned)
    XCTAssertGreaterThan(
      psnr(reference(first), in: zoomedShot, x: x, y: y), 30, "xterm shows the 400 % region")
    XCTAssertGreaterThan(
      psnr(reference(second), in: pannedShot, x: x, y: y), 30, "and the region panned right")
    XCTAssertLessThan(
      psnr(reference(first), in: pannedShot, x: x, y: y),
      psnr(reference(second), in: pannedShot, x: x, y: y) - 3, "the pan moved the picture")
  }
}
