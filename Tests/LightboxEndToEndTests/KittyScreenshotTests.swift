import Foundation
import Pixels
@_spi(Decoders) import Decoders
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import PhotoStore
import TerminalGraphics
import TerminalUI
import XCTest

/// The browser with the kitty graphics protocol inside a real kitty
/// (`../shared/tools/term-shot --terminal kitty`): every tile is a picture, paging away and
/// back leaves no stale picture, the help panel hides the pictures under it, and the detail
/// view's picture (decoded from the stream with `kitty-decode`) is the photo.
final class KittyScreenshotTests: XCTestCase {
  static let columns = 100
  static let rows = 30
  /// term-shot's kitty: DejaVu Sans Mono 12 pt, cells from the window's top-left corner.
  static let cell = PixelSize(width: 10, height: 19)

  var work: URL!

  override func setUpWithError() throws {
    _ = try BuiltProduct.requireLightbox()
    guard FileManager.default.isExecutableFile(atPath: Self.tool("term-shot")) else {
      throw XCTSkip("../shared/tools/term-shot is absent: kitty screenshot tests skipped")
    }
    let check = Subprocess.run([Self.tool("install-deps"), "--check"])
    guard check.status == 0, Subprocess.run(["sh", "-c", "command -v kitty"]).status == 0 else {
      throw XCTSkip(
        "term-shot --terminal kitty needs kitty, Xvfb, xdotool and ImageMagick "
          + "(../shared/tools/install-deps): "
          + check.output.split(separator: "\n").joined(separator: "; "))
    }
    work = BuiltProduct.temporaryDirectory("kitty-shot")
  }

  override func tearDown() {
    // LIGHTBOX_KEEP_SHOTS=1 keeps the screenshots to look at.
    guard ProcessInfo.processInfo.environment["LIGHTBOX_KEEP_SHOTS"] == nil else {
      print("screenshots kept in \(work?.path ?? "-")")
      return
    }
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  static func tool(_ name: String) -> String {
    CorpusLocator.packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/tools/\(name)").path
  }

  /// The cells, the font and no border: kitty's window as term-shot opens it.
  static let grid = ScreenshotGrid(columns: columns, rows: rows, cell: cell, border: 0)

  func expectedFrame(count: Int, after actions: [Action]) -> Frame {
    Self.grid.expectedFrame(count: count, after: actions)
  }

  func decode(_ path: String, fitting box: PixelSize? = nil, orientation: Orientation = .up) throws
    -> Bitmap
  {
    let options = DecodeOptions(
      target: box ?? PixelSize(width: 1 << 14, height: 1 << 14), mode: .fit, quality: .best,
      orientation: orientation)
    switch ImageDecoder.decode(path: path, options: options) {
    case .success(let bitmap): return bitmap
    case .failure(let error): throw XCTSkip("cannot read \(path): \(error.reason)")
    }
  }

  func assertPicture(_ shot: Bitmap, _ rect: CellRect, _ what: String, line: UInt = #line) {
    Self.grid.assertPicture(shot, rect, what, line: line)
  }

  func ghostCells(in shot: Bitmap, frame: Frame, rows: Range<Int>) -> (
    ghosts: [String], checked: Int
  ) {
    Self.grid.ghostCells(in: shot, frame: frame, rows: rows)
  }

  func psnr(_ a: Bitmap, _ b: Bitmap, x: Int = 0, y: Int = 0) -> Double {
    ScreenshotGrid.psnr(a, b, x: x, y: y)
  }

  /// Lightbox's temporary picture files in the places it writes them.
  func pictureFiles() -> Set<String> {
    var found = Set<String>()
    for directory in ["/dev/shm", "/tmp"] {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      where name.hasPrefix("tty-graphics-protocol-lightbox-") {
        found.insert("\(directory)/\(name)")
      }
    }
    return found
  }

  /// The files the kitty commands in the stream at `raw` name (`t=t`: the payload is the
  /// path in base64).
  func filesNamed(inStream raw: String) throws -> Set<String> {
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: raw)), as: UTF8.self)
    var files = Set<String>()
    for command in text.components(separatedBy: "\u{1B}_G").dropFirst() {
      guard let end = command.range(of: "\u{1B}\\"),
        let semicolon = command[..<end.lowerBound].firstIndex(of: ";"),
        command[..<semicolon].split(separator: ",").contains("t=t"),
        let path = Data(
          base64Encoded: String(command[command.index(after: semicolon)..<end.lowerBound]))
      else { continue }
      files.insert(String(decoding: path, as: UTF8.self))
    }
    return files
  }

  /// "tty-graphics-protocol-lightbox-PID-" of a file Lightbox wrote: what every file of the
  /// same process starts with.
  static func writerPrefix(ofFile path: String) -> String? {
    let name = (path as NSString).lastPathComponent
    let prefix = "tty-graphics-protocol-lightbox-"
    guard name.hasPrefix(prefix) else { return nil }
    let pid = name.dropFirst(prefix.count).prefix { $0.isNumber }
    return pid.isEmpty ? nil : "/\(prefix)\(pid)-"
  }

  func testGridDetailPagingAndHelpInKitty() throws {
    let count = 40
    let library = work.appendingPathComponent("library").path
    let made = Subprocess.run([
      BuiltProduct.lightbox!, "demo", "--no-browse", "--count", "\(count)", "--library", library,
    ])
    XCTAssertEqual(made.status, 0, made.output)
    // In the stream first: kitty-decode reads the pictures back from it.
    let streamed = try checkGridDetailPagingAndHelp(count: count, library: library, run: "stream")
    // Then as temporary files, as the real kitty's answer to the probe chose: the same
    // screens, with no pixels in the stream and no file left behind.
    let filed = try checkGridDetailPagingAndHelp(count: count, library: library, run: "files")
    // Only this session's files count: other tests running beside this one write theirs
    // to /dev/shm too (a file named in a kitty command is in the stream; its name carries
    // the writer's pid, which finds any file the session wrote and never named as well).
    let named = try filesNamed(inStream: work.appendingPathComponent("raw-files").path)
    XCTAssertFalse(named.isEmpty, "the session named its picture files in the stream")
    let writers = Set(named.compactMap(Self.writerPrefix(ofFile:)))
    XCTAssertEqual(writers.count, 1, "\(named)")
    let left = pictureFiles().filter { file in writers.contains { file.contains($0) } }
    XCTAssertEqual(left, [], "temporary picture files left")
    let detailFrame = expectedFrame(count: count, after: [.open])
    let area = try XCTUnwrap(detailFrame.images.first?.rect)
    let a = try decode(streamed).cropped(
      x: area.column * Self.cell.width, y: area.row * Self.cell.height,
      width: area.width * Self.cell.width, height: area.height * Self.cell.height)
    let b = try decode(filed).cropped(
      x: area.column * Self.cell.width, y: area.row * Self.cell.height,
      width: area.width * Self.cell.width, height: area.height * Self.cell.height)
    XCTAssertGreaterThan(psnr(a, b), 40, "the detail picture is the same sent either way")
  }

  /// One session in kitty (`run` "stream": pictures in the stream; "files": as the probe
  /// decides); returns the detail view's screenshot.
  func checkGridDetailPagingAndHelp(count: Int, library: String, run: String) throws -> String {
    let lightbox = BuiltProduct.lightbox!
    let grid = work.appendingPathComponent("grid-\(run).png").path
    let detail = work.appendingPathComponent("detail-\(run).png").path
    let back = work.appendingPathComponent("back-\(run).png").path
    let help = work.appendingPathComponent("help-\(run).png").path
    let exit = work.appendingPathComponent("exit-\(run).png").path
    let raw = work.appendingPathComponent("raw-\(run)").path
    let home = work.path
    let transfer = run == "stream" ? ["LIGHTBOX_KITTY_TRANSFER=stream"] : []
    let shot = Subprocess.run(
      [
        Self.tool("term-shot"), "--terminal", "kitty", "--size", "\(Self.columns)x\(Self.rows)",
        "--timeout", "90", "--raw", raw, "--wait", "3", "--wait-idle", "1.5", "--shot", grid,
        "--keys", "Return", "--wait-idle", "1.5", "--shot", detail,
        "--keys", "Escape", "--wait-idle", "1",
        "--keys", "Page_Up Page_Up Page_Up", "--wait-idle", "1.5",
        "--keys", "Page_Down Page_Down Page_Down", "--wait-idle", "1.5", "--shot", back,
        "--keys", "question", "--wait-idle", "1.5", "--shot", help,
        // Quitting frees every image: the shell's screen shows none.
        "--keys", "Escape", "--wait-idle", "1", "--keys", "q", "--wait-exit", "--out", exit, "--",
        "env", "HOME=\(home)", "XDG_DATA_HOME=\(home)/data", "XDG_CACHE_HOME=\(home)/cache",
        "XDG_CONFIG_HOME=\(home)/config", "XDG_STATE_HOME=\(home)/state",
        "SWIFT_BACKTRACE=enable=no",
      ] + transfer + [lightbox, "--catalog", "\(home)/catalog.sqlite", library])
    if shot.status == 2 { throw XCTSkip("term-shot could not start kitty: \(shot.output)") }
    XCTAssertTrue(shot.status == 0 || shot.status == 1, shot.output)

    // kitty was chosen from the probe (no --graphics): the stream holds kitty commands only.
    let listing = Subprocess.run([Self.tool("kitty-decode"), raw, "--json"])
    XCTAssertEqual(listing.status, 0, listing.output)
    let json = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [String: Any])
    XCTAssertEqual((json["warnings"] as? [Any])?.count, 0, "\(json["warnings"] ?? "")")
    let commands = try XCTUnwrap(json["commands"] as? [[String: Any]])
    let rawText = String(decoding: try Data(contentsOf: URL(fileURLWithPath: raw)), as: UTF8.self)
    XCTAssertFalse(rawText.contains("\u{1B}Pq"), "no sixel image was sent")

    // The grid: every tile is a picture.
    let gridFrame = expectedFrame(count: count, after: [])
    let gridShot = try decode(grid)
    XCTAssertEqual(gridShot.width, Self.columns * Self.cell.width + 1)
    XCTAssertGreaterThan(gridFrame.images.count, 10)
    for placement in gridFrame.images { assertPicture(gridShot, placement.rect, "grid tile") }

    if run == "stream" {
      XCTAssertFalse(rawText.contains("f=100,t=t"), "no picture sent as a file")
      try checkDetailPictureInTheStream(
        commands: commands, raw: raw, library: library, detail: detail, count: count,
        tileWidth: gridFrame.images[0].rect.width * Self.cell.width)
    } else {
      XCTAssertTrue(rawText.contains("f=100,t=t,q=2"), "pictures sent as files")
      XCTAssertFalse(rawText.contains("f=100,t=d"), "no picture's pixels in the stream")
    }
    try checkPagingHelpAndExit(
      count: count, commands: commands, back: back, help: help, exit: exit)
    return detail
  }

  /// The detail view: the largest transmitted picture is the photo (≥ 30 dB against the
  /// file decoded to the same size) and kitty shows it where it was placed.
  func checkDetailPictureInTheStream(
    commands: [[String: Any]], raw: String, library: String, detail: String, count: Int,
    tileWidth: Int
  ) throws {
    let large = try XCTUnwrap(
      commands.first {
        ($0["action"] as? String) == "t" && ($0["width"] as? Int ?? 0) > 3 * tileWidth
      },
      "no detail-sized picture was transmitted")
    let index = try XCTUnwrap(large["img"] as? Int)
    let pictures = work.appendingPathComponent("pictures").path
    let decoded = Subprocess.run([
      Self.tool("kitty-decode"), raw, "-d", pictures,
    ])
    XCTAssertEqual(decoded.status, 0, decoded.output)
    // kitty-decode writes every image it decodes, named by its number.
    let sent = try decode("\(pictures)/kitty-\(String(format: "%03d", index)).png")
    var best = (db: 0.0, file: "")
    for file in try FileManager.default.subpathsOfDirectory(atPath: library)
    where file.uppercased().hasSuffix(".JPG") || file.uppercased().hasSuffix(".JPEG") {
      let path = "\(library)/\(file)"
      let orientation = (try? MetadataReader.read(contentsOf: path).get())?.orientation ?? .up
      let photo = try decode(path, orientation: orientation)
      // Only photos of the picture's shape can be it (a portrait never is a landscape).
      let aspect = Double(photo.width) / Double(photo.height)
      guard abs(aspect - Double(sent.width) / Double(sent.height)) < 0.02 else { continue }
      let db = psnr(photo.resized(to: sent.size), sent)
      if db > best.db { best = (db, file) }
    }
    print("kitty detail picture: \(best.file), \(best.db) dB against the photo")
    XCTAssertGreaterThanOrEqual(best.db, 30, "the detail picture is a photo of the library")
    let detailFrame = expectedFrame(count: count, after: [.open])
    let area = try XCTUnwrap(detailFrame.images.first?.rect)
    let at = (large["at"] as? String ?? "").split(separator: ";").compactMap { Int($0) }
    let placedAt =
      commands.first {
        ($0["action"] as? String) == "p" && ($0["image"] as? Int) == index
      }?["at"] as? String
    let place = (placedAt ?? "").split(separator: ";").compactMap { Int($0) }
    XCTAssertEqual(place.count, 2, "the detail picture was placed (transmitted at \(at))")
    if place.count == 2 {
      XCTAssertTrue(area.contains(row: place[0] - 1, column: place[1] - 1), "placed in its area")
      let detailShot = try decode(detail)
      XCTAssertGreaterThan(
        psnr(
          sent, detailShot, x: (place[1] - 1) * Self.cell.width,
          y: (place[0] - 1) * Self.cell.height),
        40, "kitty shows the picture as sent")
    }

  }

  /// Three pages up and down again, the help panel, and quitting.
  func checkPagingHelpAndExit(
    count: Int, commands: [[String: Any]], back: String, help: String, exit: String
  ) throws {
    // Three pages up and down again: pictures in every tile, nothing left on the background.
    let paged =
      [Action.open, .back] + Array(repeating: .move(.pageUp), count: 3)
      + Array(repeating: .move(.pageDown), count: 3)
    let backFrame = expectedFrame(count: count, after: paged)
    let backShot = try decode(back)
    for placement in backFrame.images {
      assertPicture(backShot, placement.rect, "tile after paging")
    }
    let (ghosts, checked) = ghostCells(in: backShot, frame: backFrame, rows: 2..<(Self.rows - 1))
    XCTAssertGreaterThan(checked, 200)
    XCTAssertEqual(ghosts, [], "picture pixels left on background cells")

    // The help page covers the view: every picture is taken away (none half covered), and
    // no picture pixel is left on it.
    let helpFrame = expectedFrame(count: count, after: paged + [.panel(.help)])
    let helpShot = try decode(help)
    XCTAssertEqual(helpFrame.images.count, 0)
    let (panelGhosts, panelChecked) = ghostCells(
      in: helpShot, frame: helpFrame, rows: 2..<(Self.rows - 1))
    XCTAssertGreaterThan(panelChecked, 200)
    XCTAssertEqual(panelGhosts, [], "picture pixels on the help panel or around it")

    // The last graphics command deletes every image, and none is left on screen.
    let last = commands.last?["keys"] as? [String: Any]
    XCTAssertEqual(last?["a"] as? String, "d")
    XCTAssertEqual(last?["d"] as? String, "A")
    let exitShot = try decode(exit)
    var colors = Set<UInt32>()
    for y in stride(from: 0, to: exitShot.height, by: 3) {
      for x in stride(from: 0, to: exitShot.width, by: 3) {
        let c = exitShot.rgb(x: x, y: y)
        colors.insert(UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b))
      }
    }
    XCTAssertLessThan(colors.count, 16, "no picture is left after quitting")
  }
}
