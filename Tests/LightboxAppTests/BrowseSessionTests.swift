import Foundation
import Pixels
@_spi(Decoders) import Decoders
import LightboxTestSupport
import PhotoModel
import PhotoStore
import TerminalGraphics
import TerminalUI
import XCTest

@testable import LightboxApp

/// The whole loop on a fake terminal over real files: pictures arrive and are drawn.
final class BrowseSessionTests: XCTestCase {
  func testPicturesArriveOpenAndPage() throws {
    let root = BuiltProduct.temporaryDirectory("session")
    defer { try? FileManager.default.removeItem(at: root) }
    for i in 0..<6 {
      let bitmap = Bitmap(width: 64, height: 48, fill: RGB(UInt8(40 * i), 100, 200))
      let bytes = try JPEGEncoder.encode(bitmap, quality: 90).get()
      try Data(bytes).write(to: root.appendingPathComponent("IMG_2024081\(i)_120000.jpg"))
    }
    // Idle batches give the decoders time; then Enter, Right, Escape, q.
    let idle = Array(repeating: [InputEvent](), count: 30)
    let terminal = FakeTerminal(
      size: TerminalSize(columns: 80, rows: 24),
      script: idle + [[.enter]] + idle + [[.left]] + idle + [[.escape]] + idle)
    terminal.delayMilliseconds = 20
    try BrowseSession(options: .init(roots: [root.path], colorDepth: .trueColor)).run(on: terminal)
    let grids = terminal.frames.filter { $0.images.count == 6 }
    XCTAssertFalse(grids.isEmpty, "the six thumbnails were never all placed")
    XCTAssertGreaterThan(terminal.picturesDrawn, 6)
    let titles = terminal.frames.map { frame in (0..<80).map { frame[0, $0].text }.joined() }
    XCTAssertTrue(titles.contains { $0.contains("6 of 6") }, "the detail view never opened")
    XCTAssertTrue(titles.contains { $0.contains("5 of 6") }, "Left did not page")
    let last = try XCTUnwrap(terminal.frames.last)
    XCTAssertTrue((0..<80).map { last[1, $0].text }.joined().contains("[All]"))
  }
}

/// y and Y put paths on the clipboard through the terminal (OSC 52), base64-encoded.
final class ClipboardTests: XCTestCase {
  func testYCopiesTheSelectedPathAndShiftYTheMarkedOnes() throws {
    let root = BuiltProduct.temporaryDirectory("clipboard")
    defer { try? FileManager.default.removeItem(at: root) }
    // A name with an escape in it: it must reach the terminal only as base64.
    let names = ["IMG_20240810_120000.jpg", "IMG_20240811_120000\u{1B}[2J.jpg"]
    for name in names {
      let bytes = try JPEGEncoder.encode(Bitmap(width: 8, height: 8, fill: .white), quality: 80)
        .get()
      try Data(bytes).write(to: root.appendingPathComponent(name))
    }
    let idle = Array(repeating: [InputEvent](), count: 30)
    let terminal = FakeTerminal(
      size: TerminalSize(columns: 80, rows: 24),
      script: idle + [[.character("y")], [.character("v"), .left, .character("v")]]
        + [[.character("Y")]] + idle)
    terminal.delayMilliseconds = 20
    try BrowseSession(options: .init(roots: [root.path], colorDepth: .trueColor)).run(on: terminal)
    let newest = root.appendingPathComponent(names[1]).path
    let oldest = root.appendingPathComponent(names[0]).path
    XCTAssertEqual(terminal.clipboard, [newest, oldest + "\n" + newest])
    let statuses = terminal.frames.map { f in (0..<80).map { f[23, $0].text }.joined() }
    XCTAssertTrue(statuses.contains { $0.contains("Copied 2 paths") })
  }

  func testTheSequenceCarriesTheTextAsBase64Only() {
    let text = "/photos/a\u{1B}]52;c;evil\u{07}.jpg"
    let bytes = ControlSequence.copyToClipboard(text)
    let prefix = Array("\u{1B}]52;c;".utf8)
    XCTAssertEqual(Array(bytes.prefix(prefix.count)), prefix)
    XCTAssertEqual(bytes.last, 0x07)
    let payload = bytes.dropFirst(prefix.count).dropLast()
    XCTAssertFalse(payload.contains(0x1B))
    XCTAssertFalse(payload.contains(0x07))
    let decoded = Data(base64Encoded: Data(payload))
    XCTAssertEqual(decoded.map { String(decoding: $0, as: UTF8.self) }, text)
  }
}

/// e: the marked photos exported as JPEGs of the long edge typed; never over a file.
final class ExportKeyTests: XCTestCase {
  func testEExportsTheMarkedPhotosAndRefusesToOverwrite() throws {
    let root = BuiltProduct.temporaryDirectory("export-key")
    defer { try? FileManager.default.removeItem(at: root) }
    let library = root.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    for i in 0..<3 {
      let bitmap = Bitmap(width: 640, height: 480, fill: RGB(UInt8(60 * i), 120, 200))
      let bytes = try JPEGEncoder.encode(bitmap, quality: 85).get()
      try Data(bytes).write(to: library.appendingPathComponent("IMG_2024081\(i)_120000.jpg"))
    }
    let out = root.appendingPathComponent("out").path
    let idle = Array(repeating: [InputEvent](), count: 30)
    let typed = Array("\(out) 300").map { [InputEvent.character($0)] }
    let export: [[InputEvent]] =
      [[.character("e")], [.character("\u{15}")]] + typed + [[.enter]] + idle
    let mark: [[InputEvent]] = [
      [.character("v")], [.left], [.character("v")], [.left], [.character("v")],
    ]
    // The second time the selection is on the oldest photo: mark towards the newest.
    let markAgain: [[InputEvent]] = [
      [.character("v")], [.right], [.character("v")], [.right], [.character("v")],
    ]
    let terminal = FakeTerminal(
      size: TerminalSize(columns: 80, rows: 24),
      script: idle + mark + export + markAgain + export)
    terminal.delayMilliseconds = 20
    try BrowseSession(options: .init(roots: [library.path], colorDepth: .trueColor))
      .run(on: terminal)

    let all = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    XCTAssertTrue(all.contains(".lightbox-export"), "the folder is marked as an export: \(all)")
    let names = all.filter { !$0.hasPrefix(".") }
    XCTAssertEqual(names, (0..<3).map { "IMG_2024081\($0)_120000.jpg" })
    for name in names {
      let exported = try ImageDecoder.decode(
        path: out + "/" + name, options: DecodeOptions(target: PixelSize(width: 4096, height: 4096))
      ).get()
      XCTAssertEqual(exported.size, PixelSize(width: 300, height: 225), name)
    }
    let statuses = terminal.frames.map { f in (0..<80).map { f[23, $0].text }.joined() }
    XCTAssertTrue(statuses.contains { $0.contains("Exported 3 photos") }, "first export")
    XCTAssertTrue(
      statuses.contains { $0.contains("Exported 0 of 3 photos") },
      "the second export refused to overwrite: \(statuses.suffix(3))")
  }
}

/// The session on a real catalog: indexing shows progress, and the library follows the
/// folder while it runs.
final class LiveLibraryTests: XCTestCase {
  func writeJPEG(_ url: URL, shade: UInt8) throws {
    let bytes = try JPEGEncoder.encode(
      Bitmap(width: 16, height: 12, fill: RGB(shade, 90, 160)), quality: 80
    ).get()
    try Data(bytes).write(to: url)
  }

  /// The photo count in the tab bar of a frame ("12 photos").
  func photoCount(_ frame: Frame) -> Int? {
    let bar = (0..<frame.size.columns).map { frame[0, $0].text }.joined()
    guard let range = bar.range(of: "[0-9,]+ photos?", options: .regularExpression) else {
      return nil
    }
    return Int(bar[range].filter(\.isNumber))
  }

  func testIndexingProgressThenFilesAppearAndVanishLive() throws {
    let root = BuiltProduct.temporaryDirectory("live")
    defer { try? FileManager.default.removeItem(at: root) }
    let library = root.appendingPathComponent("photos")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    for i in 0..<120 {
      try writeJPEG(
        library.appendingPathComponent(
          String(format: "IMG_20240813_1000%02d.jpg", i % 60) + "-\(i).jpg"), shade: UInt8(i))
    }
    let added = library.appendingPathComponent("IMG_20250101_120000.jpg")
    let removed = library.appendingPathComponent("IMG_20240813_100000.jpg-0.jpg")
    let terminal = FakeTerminal(
      size: TerminalSize(columns: 80, rows: 24), script: Array(repeating: [], count: 280))
    terminal.delayMilliseconds = 20
    terminal.onRead = { reads in
      // After about 2 s (indexing is done by then), add a photo; 1.5 s later remove another.
      if reads == 100 { try? self.writeJPEG(added, shade: 255) }
      if reads == 170 { try? FileManager.default.removeItem(at: removed) }
    }
    try BrowseSession(
      options: .init(
        roots: [library.path], colorDepth: .trueColor,
        catalogPath: root.appendingPathComponent("library.sqlite").path)
    ).run(on: terminal)

    let statuses = terminal.frames.map { f in (0..<80).map { f[23, $0].text }.joined() }
    XCTAssertTrue(statuses.contains { $0.contains("Indexing") }, "no indexing progress shown")
    let counts = terminal.frames.compactMap(photoCount)
    XCTAssertTrue(counts.contains(120), "\(Set(counts))")
    XCTAssertTrue(counts.contains(121), "the added photo never appeared: \(Set(counts))")
    XCTAssertEqual(counts.last, 120, "the removed photo did not vanish: \(counts.suffix(5))")
    XCTAssertFalse(statuses.last!.contains("Indexing"))
  }
}
