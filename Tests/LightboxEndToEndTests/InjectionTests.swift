import Foundation
import Pixels
import Decoders
import LightboxTestSupport
import XCTest

/// Text from files (names, EXIF Make/Model/Lens, PNG text) carrying terminal controls, C1
/// CSI, bidi overrides and invalid UTF-8 reaches the terminal only in its escaped form:
/// through `lightbox info`, `lightbox show` and the browser in tmux.
///
/// Album names go through the same `Frame` text gate (TerminalText.sanitize): the prompt
/// refuses control characters (LibraryEditingTests) and a name already stored with them is
/// shown escaped (AlbumViewSnapshotTests).
final class InjectionTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("inject")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  var environment: [String: String] {
    BuiltProduct.privateEnvironment(home: home)
  }

  /// The file name: sets the window title to "pwned" and clears the screen when
  /// printed raw.
  static let hostileName = "\u{1B}]0;pwned\u{07}\u{1B}[2J.jpg"
  /// A second name: a right-to-left override hiding the real extension, and SGR red.
  static let bidiName = "\u{202E}gnp.evil\u{1B}[31m.png"

  /// Text bytes with everything a terminal could act on: OSC title, BEL, CSI clear, a raw
  /// 0x9B byte (C1 CSI in Latin-1 terminals, invalid UTF-8), U+009B encoded, U+202E, and
  /// bytes that are not UTF-8.
  static let hostileBytes: [UInt8] =
    Array("Evil\u{1B}]0;pwned\u{07}\u{1B}[2J".utf8) + [0x9B] + Array("31m".utf8)
    + [0xC2, 0x9B] + Array("32m".utf8) + [0xE2, 0x80, 0xAE] + Array("Cam".utf8) + [0xFF, 0xFE]

  /// A little-endian TIFF block: IFD0 Make and Model, an Exif IFD with LensModel, all
  /// three holding `hostileBytes` (ASCII type, NUL-terminated).
  static func hostileTIFF() -> [UInt8] {
    let text = hostileBytes + [0]
    var out: [UInt8] = Array("II".utf8) + [0x2A, 0, 8, 0, 0, 0]
    func u16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func u32(_ v: Int) { u16(v & 0xFFFF); u16(v >> 16) }
    let ifd0 = 8
    let exifIFD = ifd0 + 2 + 3 * 12 + 4
    let data = exifIFD + 2 + 12 + 4
    u16(3)
    for (i, tag) in [0x010F, 0x0110].enumerated() {
      u16(tag); u16(2); u32(text.count); u32(data + i * text.count)
    }
    u16(0x8769); u16(4); u32(1); u32(exifIFD)
    u32(0)
    u16(1)
    u16(0xA434); u16(2); u32(text.count); u32(data + 2 * text.count)
    u32(0)
    out += text + text + text
    return out
  }

  static func bitmap() -> Bitmap {
    var pixels: [UInt8] = []
    for y in 0..<48 {
      for x in 0..<64 { pixels += [UInt8(x * 4), UInt8(y * 5), 128, 255] }
    }
    return Bitmap(width: 64, height: 48, pixels: pixels)
  }

  /// A JPEG whose EXIF Make, Model and LensModel are hostile.
  static func hostileJPEG() throws -> [UInt8] {
    try JPEGEncoder.encode(bitmap(), quality: 80, exif: hostileTIFF()).get()
  }

  /// A PNG with hostile tEXt (Creation Time, Comment), iTXt (Title) and eXIf chunks placed
  /// right after IHDR.
  static func hostilePNG() throws -> [UInt8] {
    let png = try PNGEncoder.encode(bitmap()).get()
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
      let n = body.count
      let typed = Array(type.utf8) + body
      let crc = PNGEncoder.crc32(typed)
      return [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        + typed + [
          UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF),
        ]
    }
    let extra =
      chunk("tEXt", Array("Creation Time".utf8) + [0] + hostileBytes)
      + chunk("tEXt", Array("Comment".utf8) + [0] + hostileBytes)
      + chunk("iTXt", Array("Title".utf8) + [0, 0, 0, 0, 0] + hostileBytes)
      + chunk("eXIf", hostileTIFF())
    let afterIHDR = 8 + 8 + 13 + 4
    return Array(png[..<afterIHDR]) + extra + Array(png[afterIHDR...])
  }

  /// A library folder with the hostile JPEG under the name, the hostile PNG under
  /// a bidi name, and a JPEG whose name is not UTF-8 (created through the raw byte path).
  func makeLibrary() throws -> String {
    let library = home.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    try Data(Self.hostileJPEG()).write(to: library.appendingPathComponent(Self.hostileName))
    let png = library.appendingPathComponent(Self.bidiName)
    try Data(Self.hostilePNG()).write(to: png)
    // An hour older, so the JPEG (dated by its mtime: it has no EXIF date) comes last.
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: png.path)
    let rawName: [UInt8] =
      Array(library.path.utf8) + Array("/raw-".utf8) + [0xFF, 0x1B]
      + Array("[7m.jpg".utf8) + [0]
    let jpeg = try Self.hostileJPEG()
    let fd = rawName.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      }
    }
    XCTAssertGreaterThanOrEqual(fd, 0, "cannot create the non-UTF-8 name")
    _ = jpeg.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    var times = [
      timespec(tv_sec: time(nil) - 7200, tv_nsec: 0),
      timespec(tv_sec: time(nil) - 7200, tv_nsec: 0),
    ]
    _ = rawName.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        utimensat(AT_FDCWD, $0, &times, 0)
      }
    }
    return library.path
  }

  /// Runs the program with stdout and stderr into a file and returns the raw bytes (the
  /// test support's Subprocess decodes output as UTF-8, which would hide invalid bytes).
  func runRaw(_ arguments: [String]) -> (status: Int32, bytes: [UInt8]) {
    let out = home.appendingPathComponent("out-\(UInt32.random(in: 0...UInt32.max))").path
    let result = Subprocess.run(
      ["sh", "-c", "out=$1; shift; exec \"$@\" > \"$out\" 2>&1", "sh", out] + arguments,
      environment: environment)
    let bytes = FileManager.default.contents(atPath: out).map { [UInt8]($0) } ?? []
    return (result.status, bytes)
  }

  /// Fails when `bytes` hold anything a terminal would act on: C0 controls other than
  /// newline, DEL, C1 controls (raw or UTF-8 encoded), bidi controls, invalid UTF-8.
  func assertInert(
    _ bytes: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertNotNil(
      String(validatingCString: (bytes + [0]).map { CChar(bitPattern: $0) }),
      "\(what): invalid UTF-8",
      file: file, line: line)
    let text = String(decoding: bytes, as: UTF8.self)
    for scalar in text.unicodeScalars {
      let v = scalar.value
      let unsafe =
        (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v)
        || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
      if unsafe {
        return XCTFail(
          "\(what): raw U+\(String(v, radix: 16)) in \(text.debugDescription)", file: file,
          line: line)
      }
    }
  }

  func testInfoPrintsHostileMetadataEscaped() throws {
    let library = try makeLibrary()
    let files = try FileManager.default.contentsOfDirectory(atPath: library).map {
      library + "/" + $0
    }
    XCTAssertEqual(files.count, 3)
    let result = runRaw([BuiltProduct.lightbox!, "info"] + files)
    // The non-UTF-8 name reaches Swift's argv with U+FFFD in it, so that file cannot be
    // opened: its line says so, and the status says a named file could not be read.
    XCTAssertEqual(result.status, 1)
    assertInert(result.bytes, "lightbox info")
    let text = String(decoding: result.bytes, as: UTF8.self)
    // The name and the EXIF strings are there, in the visible escaped form.
    XCTAssertTrue(text.contains("\\e]0;pwned\\x07\\e[2J.jpg"), text)
    XCTAssertTrue(text.contains("Evil\\e]0;pwned\\x07\\e[2J"), text)
    XCTAssertTrue(text.contains("\\u202E"), text)
    XCTAssertTrue(text.contains("\\x9B"), text)
    XCTAssertTrue(text.contains("\u{FFFD}"), "invalid UTF-8 shows as U+FFFD: \(text)")
    // The camera (the model alone when it repeats the make) and the lens of the JPEG and of
    // the PNG's eXIf: 2 + 2 shown.
    XCTAssertGreaterThanOrEqual(text.components(separatedBy: "Evil\\e]0;").count - 1, 4, text)
  }

  func testInfoJSONEscapesEveryControl() throws {
    let library = try makeLibrary()
    let files = try FileManager.default.contentsOfDirectory(atPath: library).map {
      library + "/" + $0
    }
    let result = runRaw([BuiltProduct.lightbox!, "info", "--json"] + files)
    XCTAssertEqual(result.status, 1, "the non-UTF-8 name cannot be opened through argv")
    assertInert(result.bytes, "lightbox info --json")
    // Still JSON, and the values decode back to what the file holds (escapes are JSON's).
    let lines = String(decoding: result.bytes, as: UTF8.self).split(separator: "\n")
    XCTAssertEqual(lines.count, 3)
    var makes: [String] = []
    for line in lines {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      if let make = object?["make"] as? String { makes.append(make) }
    }
    XCTAssertTrue(
      makes.contains { $0.contains("\u{1B}]0;pwned\u{07}") && $0.contains("\u{202E}") }, "\(makes)")
  }

  func testShowWritesNoInjectedSequence() throws {
    let library = try makeLibrary()
    let files = try FileManager.default.contentsOfDirectory(atPath: library).map {
      library + "/" + $0
    }
    // A missing file named with controls: its error line quotes the name.
    let missing = library + "/gone\u{1B}]0;pwned\u{07}.jpg"
    let result = runRaw(
      [BuiltProduct.lightbox!, "show", "--graphics", "halfblock", "--width", "20"] + files + [
        missing
      ])
    XCTAssertEqual(result.status, 1, "the missing file fails the command")
    let text = String(decoding: result.bytes, as: UTF8.self)
    XCTAssertTrue(text.contains("gone\\e]0;pwned\\x07.jpg"), text)
    // Pictures are SGR colour and cursor moves only: no OSC, no BEL, no clear, no C1.
    XCTAssertFalse(text.contains("\u{1B}]"), "OSC in output")
    XCTAssertFalse(text.contains("\u{07}"), "BEL in output")
    XCTAssertFalse(text.contains("\u{1B}[2J"), "clear screen in output")
    XCTAssertFalse(
      text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E })
    XCTAssertGreaterThanOrEqual(
      text.components(separatedBy: "▀").count - 1, 20, "pictures were drawn")
  }

  func testBrowserShowsNamesEscapedAndKeepsTheTitle() throws {
    guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
    let library = try makeLibrary()
    let tmux = try TmuxSession(columns: 110, rows: 30, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    let title = tmuxFormat(tmux, "#{pane_title}")
    tmux.send("\(BuiltProduct.lightbox!) \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    // The newest file (the JPEG with the OSC name) is selected: the status line names it.
    guard let grid = tmux.waitFor("\\\\e\\]0;pwned", timeout: 30) else {
      return XCTFail("the escaped name is not shown:\n\(tmux.capture())")
    }
    XCTAssertTrue(grid.contains("\\e]0;pwned\\x07\\e[2J.jpg"), grid)
    XCTAssertTrue(grid.contains("3 photos"), grid)
    // Every escape tmux reports is SGR (the only kind capture-pane -e writes): a cleared
    // screen or moved cursor would have lost the grid drawn before the status line.
    assertOnlySGR(tmux.capture(escapes: true))
    XCTAssertEqual(tmuxFormat(tmux, "#{pane_title}"), title, "the window title changed")

    // The others: the bidi name (U+202E shown as \u202E) and the non-UTF-8 name (U+FFFD).
    tmux.send("Left")
    guard let png = tmux.waitFor("\\\\u202Egnp\\.evil\\\\e\\[31m\\.png") else {
      return XCTFail("the bidi name is not shown escaped:\n\(tmux.capture())")
    }
    XCTAssertFalse(png.unicodeScalars.contains { $0.value == 0x202E }, png)
    tmux.send("Left")
    guard let raw = tmux.waitFor("raw-\u{FFFD}\\\\e\\[7m\\.jpg") else {
      return XCTFail("the non-UTF-8 name is not shown:\n\(tmux.capture())")
    }
    assertOnlySGR(tmux.capture(escapes: true))
    XCTAssertFalse(raw.isEmpty)
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0"), tmux.capture())
    XCTAssertEqual(tmuxFormat(tmux, "#{pane_title}"), title, "the window title changed")
  }

  func tmuxFormat(_ tmux: TmuxSession, _ format: String) -> String {
    Subprocess.run(["tmux", "-L", tmux.socket, "display-message", "-p", "-t", tmux.name, format])
      .output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func assertOnlySGR(_ screen: String, file: StaticString = #filePath, line: UInt = #line) {
    let regex = try! NSRegularExpression(pattern: "\u{1B}(?!\\[[0-9;:]*m)")
    let match = regex.firstMatch(in: screen, range: NSRange(screen.startIndex..., in: screen))
    XCTAssertNil(
      match, "a non-SGR escape reached the screen:\n\(screen.debugDescription)", file: file,
      line: line)
  }
}
