import Foundation
@_spi(Decoders) import Decoders
import LightboxTestSupport
import PhotoModel
import XCTest

/// `y`, `Y` and `e` in the built program in tmux: the OSC 52 sequence as written (the pane's
/// raw output) and as tmux took it (its paste buffer, with `set-clipboard on`), and three
/// marked photos exported as JPEGs of the long edge asked for, never over existing files.
final class ClipboardExportEndToEndTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else {
      throw XCTSkip("tmux is not installed: end-to-end tests skipped")
    }
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("clipboard-e2e")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  var environment: [String: String] {
    BuiltProduct.privateEnvironment(home: home, extra: ["COLORTERM": "truecolor"])
  }

  /// The program's log (for failure messages).
  func log() -> String {
    (try? String(
      contentsOfFile: home.path + "/state/lightbox/lightbox.log", encoding: .utf8)) ?? "(no log)"
  }

  func makeLibrary(count: Int) throws -> String {
    EndToEndTests.makeLibrary(count: count, home: home, environment: environment)
  }

  /// Every file of the library by name.
  func files(in library: String) -> [String: String] {
    var found: [String: String] = [:]
    let walker = FileManager.default.enumerator(atPath: library)
    while let relative = walker?.nextObject() as? String {
      found[(relative as NSString).lastPathComponent] = library + "/" + relative
    }
    return found
  }

  /// The texts of the OSC 52 sequences in `raw`, decoded from base64.
  static func clipboardTexts(in raw: [UInt8]) -> [String] {
    let start = Array("\u{1B}]52;c;".utf8)
    var texts: [String] = []
    var i = 0
    while i + start.count <= raw.count {
      guard Array(raw[i..<(i + start.count)]) == start else {
        i += 1
        continue
      }
      var j = i + start.count
      while j < raw.count && raw[j] != 0x07 && raw[j] != 0x1B { j += 1 }
      let payload = Data(raw[(i + start.count)..<j])
      texts.append(Data(base64Encoded: payload).map { String(decoding: $0, as: UTF8.self) } ?? "")
      i = j
    }
    return texts
  }

  func testYWritesTheSelectedPathAsOSC52AndTmuxTakesIt() throws {
    let library = try makeLibrary(count: 6)
    let byName = files(in: library)
    let raw = home.appendingPathComponent("raw-output").path
    let tmux = try TmuxSession(columns: 100, rows: 30, environment: environment)
    defer { tmux.kill() }
    tmux.setOption("set-clipboard", "on")
    XCTAssertNotNil(tmux.waitFor("e2e\\$"), "the shell prompt did not appear")
    tmux.pipeOutput(to: raw)
    tmux.send("\(BuiltProduct.lightbox!) \(library)", literal: true)
    tmux.send("Enter")
    guard tmux.waitFor("6 photos", timeout: 30) != nil,
      let selected = tmux.waitUntil({ EndToEndTests.selectedFile($0) != nil }).flatMap(
        EndToEndTests.selectedFile),
      let path = byName[selected]
    else { return XCTFail("no grid with a selected photo:\n\(tmux.capture())") }

    tmux.send("y")
    XCTAssertNotNil(tmux.waitFor("Copied the path of"), tmux.capture())
    // The sequence as written: the whole path, in base64 only.
    let written = Self.clipboardTexts(in: Array(try Data(contentsOf: URL(fileURLWithPath: raw))))
    XCTAssertEqual(written, [path])
    // And as tmux understood it: its paste buffer holds the path.
    XCTAssertEqual(tmux.pasteBuffer(), path)

    // Y: the marked photos' paths, one per line.
    tmux.send("v")
    tmux.send("Left")
    tmux.send("v")
    tmux.send("Y")
    XCTAssertNotNil(tmux.waitFor("Copied 2 paths"), tmux.capture())
    let both = Self.clipboardTexts(in: Array(try Data(contentsOf: URL(fileURLWithPath: raw))))
    XCTAssertEqual(both.count, 2)
    let lines = both.last?.split(separator: "\n").map(String.init) ?? []
    XCTAssertEqual(lines.count, 2)
    XCTAssertTrue(lines.contains(path), "\(lines) holds the first photo's path")
    XCTAssertTrue(lines.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "\(lines)")
    tmux.send("q")
    XCTAssertNotNil(tmux.waitUntil { $0.components(separatedBy: "e2e$").count >= 3 })
  }

  func testEExportsThreeMarkedPhotosAtTheLongEdgeAndNeverOverwrites() throws {
    let library = try makeLibrary(count: 6)
    let out = home.appendingPathComponent("exported").path
    let tmux = try TmuxSession(columns: 100, rows: 30, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"), "the shell prompt did not appear")
    tmux.send("\(BuiltProduct.lightbox!) \(library)", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("6 photos", timeout: 30), tmux.capture())
    // Keys reach the program in order: the marks are made before `e` is read.
    for key in ["v", "Left", "v", "Left", "v"] { tmux.send(key) }

    func export() {
      tmux.send("e")
      tmux.send("C-u")
      tmux.send("\(out) 200", literal: true)
      tmux.send("Enter")
    }
    export()
    XCTAssertNotNil(
      tmux.waitFor("Exported 3 photos", timeout: 30), tmux.capture() + "\nlog:\n" + log())
    let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
      .filter { !$0.hasPrefix(".") }  // the hidden export marker
    XCTAssertEqual(names.count, 3, "\(names)")
    var before: [String: Data] = [:]
    for name in names {
      let path = out + "/" + name
      XCTAssertTrue(name.hasSuffix(".jpg"), name)
      let picture = try ImageDecoder.decode(
        path: path, options: DecodeOptions(target: PixelSize(width: 4096, height: 4096))
      ).get()
      XCTAssertEqual(max(picture.width, picture.height), 200, name)
      before[name] = try Data(contentsOf: URL(fileURLWithPath: path))
    }

    // The same three again (the export cleared the marks; the selection is on the last one
    // marked): nothing is written over the three files.
    for key in ["v", "Right", "v", "Right", "v"] { tmux.send(key) }
    export()
    XCTAssertNotNil(tmux.waitFor("Exported 0 of 3 photos", timeout: 30), tmux.capture())
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: out).sorted().filter {
        !$0.hasPrefix(".")
      },
      names)
    for name in names {
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out + "/" + name)), before[name])
    }
    tmux.send("q")
    XCTAssertNotNil(tmux.waitUntil { $0.components(separatedBy: "e2e$").count >= 3 })
  }
}
