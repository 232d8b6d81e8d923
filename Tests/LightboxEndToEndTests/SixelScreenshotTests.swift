import Foundation
import Pixels
@_spi(Decoders) import Decoders
import LightboxTestSupport
import PhotoModel
import PhotoStore
import TerminalGraphics
import TerminalUI
import XCTest

/// The browser in sixel inside a real xterm (`../shared/tools/term-shot`): screenshots of the
/// grid, the detail view, and the grid after scrolling three pages up and back down, checked
/// pixel by pixel against the frames the view computes and the sixel images the program sent.
final class SixelScreenshotTests: XCTestCase {
  static let columns = 100
  static let rows = 30
  /// term-shot's xterm: DejaVu Sans Mono 12 pt at 96 dpi, inside a 2-pixel border.
  static let cell = PixelSize(width: 10, height: 19)
  static let border = 2

  var work: URL!

  override func setUpWithError() throws {
    let lightbox = try BuiltProduct.requireLightbox()
    _ = lightbox
    guard FileManager.default.isExecutableFile(atPath: Self.tool("term-shot")) else {
      throw XCTSkip("../shared/tools/term-shot is absent: sixel screenshot tests skipped")
    }
    let check = Subprocess.run([Self.tool("install-deps"), "--check"])
    guard check.status == 0 else {
      throw XCTSkip(
        "term-shot needs xterm, Xvfb, xdotool and ImageMagick (../shared/tools/install-deps): "
          + check.output.split(separator: "\n").joined(separator: "; "))
    }
    work = BuiltProduct.temporaryDirectory("sixel-shot")
  }

  override func tearDown() {
    // LIGHTBOX_KEEP_SHOTS=1 keeps the screenshots to look at.
    guard ProcessInfo.processInfo.environment["LIGHTBOX_KEEP_SHOTS"] == nil else {
      print("screenshots kept in \(work?.path ?? "-")")
      return
    }
    if let work, ProcessInfo.processInfo.environment["KEEP_SHOTS"] == nil {
      try? FileManager.default.removeItem(at: work)
    }
  }

  static func tool(_ name: String) -> String {
    CorpusLocator.packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/tools/\(name)").path
  }

  /// The cells, the font and xterm's border as term-shot opens it.
  static let grid = ScreenshotGrid(columns: columns, rows: rows, cell: cell, border: border)

  func expectedFrame(count: Int, after actions: [Action]) -> Frame {
    Self.grid.expectedFrame(count: count, after: actions)
  }

  func decodePNG(_ path: String) throws -> Bitmap {
    let options = DecodeOptions(target: PixelSize(width: 1 << 14, height: 1 << 14))
    switch ImageDecoder.decode(path: path, options: options) {
    case .success(let bitmap): return bitmap
    case .failure(let error): throw XCTSkip("cannot read \(path): \(error.reason)")
    }
  }

  /// The placeholder tile's background.
  static let placeholder = ScreenshotGrid.shown(.tilePlaceholder)

  /// Distinct colours in a rectangle, and the share of its pixels in the placeholder colour.
  func texture(_ shot: Bitmap, x: Int, y: Int, width: Int, height: Int) -> (
    colors: Int, flat: Double
  ) {
    var colors = Set<UInt32>()
    var flat = 0
    var n = 0
    for py in y..<min(shot.height, y + height) {
      for px in x..<min(shot.width, x + width) {
        let c = shot.rgb(x: px, y: py)
        n += 1
        colors.insert(UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b))
        let p = Self.placeholder
        if abs(Int(c.r) - Int(p.r)) + abs(Int(c.g) - Int(p.g)) + abs(Int(c.b) - Int(p.b)) < 12 {
          flat += 1
        }
      }
    }
    return (colors.count, n > 0 ? Double(flat) / Double(n) : 1)
  }

  func assertPicture(_ shot: Bitmap, _ rect: CellRect, _ what: String, line: UInt = #line) {
    Self.grid.assertPicture(shot, rect, what, line: line)
  }

  func psnr(_ a: Bitmap, in shot: Bitmap, x: Int, y: Int) -> Double {
    ScreenshotGrid.psnr(a, shot, x: x, y: y)
  }

  func ghostCells(in shot: Bitmap, frame: Frame, rows: Range<Int>) -> (
    ghosts: [String], checked: Int
  ) {
    Self.grid.ghostCells(in: shot, frame: frame, rows: rows)
  }

  func testGridDetailAndScrollingInXterm() throws {
    let count = 40
    let lightbox = BuiltProduct.lightbox!
    let library = work.appendingPathComponent("library").path
    let made = Subprocess.run([
      lightbox, "demo", "--no-browse", "--count", "\(count)", "--library", library,
    ])
    XCTAssertEqual(made.status, 0, made.output)

    let grid = work.appendingPathComponent("grid.png").path
    let detail = work.appendingPathComponent("detail.png").path
    let back = work.appendingPathComponent("back.png").path
    let help = work.appendingPathComponent("help.png").path
    let info = work.appendingPathComponent("info.png").path
    let raw = work.appendingPathComponent("raw").path
    let home = work.path
    let shot = Subprocess.run([
      Self.tool("term-shot"), "--size", "\(Self.columns)x\(Self.rows)", "--timeout", "60",
      "--raw", raw, "--wait", "3", "--wait-idle", "1.5", "--shot", grid,
      // Around the grid and back to the newest photo: text changes only.
      "--keys", "Left Up Right Down", "--wait-idle", "1",
      "--keys", "Return", "--wait-idle", "1.5", "--shot", detail,
      // The info panel opens beside the photo, which re-fits to the rest of the width.
      "--keys", "i", "--wait-idle", "1.5", "--shot", info, "--keys", "i", "--wait-idle", "1",
      "--keys", "Escape", "--wait-idle", "1",
      "--keys", "Page_Up Page_Up Page_Up", "--wait-idle", "1.5",
      "--keys", "Page_Down Page_Down Page_Down", "--wait-idle", "1.5", "--shot", back,
      // The help overlay opens over the pictures.
      "--keys", "question", "--wait-idle", "1.5", "--out", help, "--",
      "env", "HOME=\(home)", "XDG_DATA_HOME=\(home)/data", "XDG_CACHE_HOME=\(home)/cache",
      "XDG_CONFIG_HOME=\(home)/config", "XDG_STATE_HOME=\(home)/state", "SWIFT_BACKTRACE=enable=no",
      lightbox, "--graphics", "sixel", "--catalog", "\(home)/catalog.sqlite", library,
    ])
    if shot.status == 2 { throw XCTSkip("term-shot could not start: \(shot.output)") }
    // 1: a --wait-idle ran out on a loaded machine; the shots are still taken.
    XCTAssertTrue(shot.status == 0 || shot.status == 1, shot.output)

    // The grid: every placed tile shows a picture (not a flat placeholder).
    let gridFrame = expectedFrame(count: count, after: [])
    let gridShot = try decodePNG(grid)
    XCTAssertEqual(gridShot.width, Self.columns * Self.cell.width + 2 * Self.border)
    XCTAssertGreaterThan(gridFrame.images.count, 10)
    for placement in gridFrame.images { assertPicture(gridShot, placement.rect, "grid tile") }

    // What the program sent: tiles of the tile's pixel size, then the detail photo.
    let extracted = Subprocess.run([
      Self.tool("sixel-extract"), raw, "-d", work.appendingPathComponent("sixels").path, "--json",
    ])
    XCTAssertEqual(extracted.status, 0, extracted.output)
    let images = extracted.output.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    XCTAssertGreaterThanOrEqual(images.count, gridFrame.images.count)
    let tileRect = gridFrame.images[0].rect
    let firstSize = (images.first?["raster"] as? [Int]).map { Array($0.suffix(2)) }
    XCTAssertEqual(firstSize?[0], tileRect.width * Self.cell.width)
    XCTAssertEqual(firstSize.map { $0[1] % 6 }, 0, "tiles are whole sixel bands")

    // ncurses never scrolled (pictures would have moved with the text): no scrolling
    // region, scroll, insert/delete line or reverse index anywhere in the output.
    let output = try Data(contentsOf: URL(fileURLWithPath: raw))
    let text = String(decoding: output, as: UTF8.self)
    let scrolling = try NSRegularExpression(
      pattern: "\u{1B}\\[[0-9]*(;[0-9]*)?r|\u{1B}\\[[0-9]*[STLM]|\u{1B}M")
    let found = scrolling.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
      (text as NSString).substring(with: $0.range).replacingOccurrences(of: "\u{1B}", with: "ESC")
    }
    // ncurses sets the whole screen as the region once at start-up: not a scroll.
    XCTAssertEqual(
      found.filter { $0 != "ESC[1;\(Self.rows)r" }, [], "scrolling sequences in the output")

    // The detail view: the photo's sixel, decoded, is what xterm shows at its place.
    let detailFrame = expectedFrame(count: count, after: [.open])
    guard let area = detailFrame.images.first?.rect else { return XCTFail("no detail picture") }
    let large = images.first {
      ($0["raster"] as? [Int]).map { $0[2] > 3 * tileRect.width * Self.cell.width } ?? false
    }
    guard let large, let six = large["file"] as? String, let hint = large["cup_hint"] as? String
    else { return XCTFail("no detail-sized sixel image was sent:\n\(extracted.output)") }
    let decodedPath = work.appendingPathComponent("detail-decoded.png").path
    let decoded = Subprocess.run([Self.tool("sixel-decode"), six, "-o", decodedPath])
    XCTAssertEqual(decoded.status, 0, decoded.output)
    let photo = try decodePNG(decodedPath)
    let place = hint.split(separator: ";").compactMap { Int($0) }
    XCTAssertEqual(place.count, 2)
    let detailShot = try decodePNG(detail)
    let x = Self.border + (place[1] - 1) * Self.cell.width
    let y = Self.border + (place[0] - 1) * Self.cell.height
    XCTAssertTrue(
      area.contains(row: place[0] - 1, column: place[1] - 1), "picture placed at \(hint)")
    XCTAssertGreaterThan(photo.width, area.width * Self.cell.width / 2, "the photo fills the width")
    XCTAssertGreaterThan(
      psnr(photo, in: detailShot, x: x, y: y), 30, "xterm shows the decoded photo")
    XCTAssertGreaterThan(
      texture(photo, x: 0, y: 0, width: photo.width, height: photo.height).colors, 64)
    assertPicture(detailShot, area, "detail photo")

    // The info panel: the photo is still there, as a picture, beside the panel's column.
    let infoFrame = expectedFrame(count: count, after: [.open, .panel(.info)])
    guard let beside = infoFrame.images.first?.rect else {
      return XCTFail("no photo beside the info panel")
    }
    XCTAssertLessThan(beside.width, area.width, "the photo re-fits beside the panel")
    XCTAssertGreaterThanOrEqual(Self.columns - (beside.column + beside.width), 30, "panel room")
    assertPicture(try decodePNG(info), beside, "photo beside the info panel")

    // After three pages up and three down: pictures in every tile, and no pixel of any
    // picture left where the frame has plain background (gaps, empty slots, margins).
    let backFrame = expectedFrame(
      count: count,
      after: [.open, .panel(.info), .panel(.info), .back]
        + Array(repeating: .move(.pageUp), count: 3)
        + Array(repeating: .move(.pageDown), count: 3))
    let backShot = try decodePNG(back)
    for placement in backFrame.images {
      assertPicture(backShot, placement.rect, "tile after scrolling")
    }
    let (ghosts, checked) = ghostCells(in: backShot, frame: backFrame, rows: 2..<(Self.rows - 1))
    XCTAssertGreaterThan(checked, 200, "the check covers the gaps and empty slots")
    XCTAssertEqual(ghosts, [], "picture pixels left on background cells")

    // The help page: it shows no picture pixel (the pictures under it are taken away, not
    // painted over by xterm again).
    let helpFrame = expectedFrame(
      count: count,
      after: [.open, .panel(.info), .panel(.info), .back]
        + Array(repeating: .move(.pageUp), count: 3)
        + Array(repeating: .move(.pageDown), count: 3) + [.panel(.help)])
    let helpShot = try decodePNG(help)
    let panelCells = (0..<Self.rows).flatMap { row in
      (0..<Self.columns).filter { helpFrame[row, $0].role == .panel }.map { (row, $0) }
    }
    XCTAssertGreaterThan(panelCells.count, 200, "the help panel is drawn")
    XCTAssertEqual(helpFrame.images.count, 0, "the help page covers every picture")
    // Rows 0 and 1 hold the library's date range, which differs from the fixture's.
    let (panelGhosts, panelChecked) = ghostCells(
      in: helpShot, frame: helpFrame, rows: 2..<(Self.rows - 1))
    XCTAssertGreaterThan(panelChecked, 200)
    XCTAssertEqual(panelGhosts, [], "picture pixels on the help panel or the background around it")
  }
}
