import Foundation
import Imaging
import LightboxTestSupport
import PhotoStore
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
