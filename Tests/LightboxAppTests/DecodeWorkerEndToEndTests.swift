import Foundation
import LightboxTestSupport
import XCTest

/// A decoder that crashes and one that hangs, in a real session (tmux): two failure tiles,
/// browsing goes on, the JPEGs are pictures, and the log has one line for each bad file.
final class DecodeWorkerEndToEndTests: XCTestCase {
  func testCrashingAndHangingDecodersCostOneTileEach() throws {
    guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
    let lightbox = try BuiltProduct.requireLightbox()
    let home = BuiltProduct.temporaryDirectory("decode-worker-e2e")
    defer { try? FileManager.default.removeItem(at: home) }
    let library = home.appendingPathComponent("library").path
    _ = try IndexCommandTests.writePhotos(3, in: library)
    // The test hooks' files: a WebP header, then the marker (see DecodeWorkerTestHooks).
    for (name, marker) in [
      ("abort.webp", "LIGHTBOX-TEST-ABORT"), ("spin.webp", "LIGHTBOX-TEST-SPIN"),
    ] {
      let body = Array("WEBP\(marker)".utf8)
      let size = UInt32(body.count)
      let bytes =
        Array("RIFF".utf8) + [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: size >> $0) } + body
      try Data(bytes).write(to: URL(fileURLWithPath: library + "/" + name))
    }
    let env = BuiltProduct.privateEnvironment(
      home: home, extra: ["LIGHTBOX_TEST_DECODER_HOOKS": "1"])
    let log = home.path + "/state/lightbox/lightbox.log"
    let logged = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    let tmux = try TmuxSession(columns: 100, rows: 30, environment: env)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send("\(lightbox) --graphics halfblock \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("5 photos", timeout: 30), tmux.capture())
    // The spin file takes its whole deadline (10 s) before its worker is killed.
    let failedBoth = tmux.waitUntil(timeout: 60) { _ in
      logged().contains("spin.webp") && logged().contains("abort.webp")
    }
    XCTAssertNotNil(failedBoth, "failures not logged:\n\(logged())")
    let grid = try XCTUnwrap(
      tmux.waitUntil(timeout: 30) { screen in
        Self.failureTiles(screen) == 2 && screen.filter { $0 == "▀" }.count >= 3 * 20
      }, "two failure tiles and three pictures expected:\n\(tmux.capture())")

    // Browsing goes on: the arrows move the selection from photo to photo.
    let before = Self.statusLine(grid)
    tmux.send("Left")
    let moved = tmux.waitUntil(timeout: 20) { Self.statusLine($0) != before }
    XCTAssertNotNil(moved, "Left did not move:\n\(tmux.capture())")
    tmux.send("Right")
    XCTAssertNotNil(tmux.waitUntil(timeout: 20) { Self.statusLine($0) == before }, tmux.capture())
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 20), tmux.capture())

    let lines = logged().split(separator: "\n").map(String.init)
    let crashed = lines.filter { $0.contains("abort.webp") }
    let hung = lines.filter { $0.contains("spin.webp") }
    XCTAssertEqual(crashed.count, 1, logged())
    XCTAssertEqual(hung.count, 1, logged())
    XCTAssertTrue(crashed[0].hasSuffix("decoder crashed on abort.webp (signal 6)"), crashed[0])
    XCTAssertTrue(hung[0].hasSuffix("decoder timed out on spin.webp"), hung[0])
    XCTAssertFalse(logged().contains(".jpg"), "the JPEGs decoded:\n\(logged())")
  }

  /// Failure tiles on the screen: rows holding the failure glyph "!" between spaces, one per
  /// tile (a tile's glyph sits on its middle row).
  static func failureTiles(_ screen: String) -> Int {
    screen.split(separator: "\n").reduce(0) { count, line in
      count + line.split(separator: " ", omittingEmptySubsequences: true).filter { $0 == "!" }.count
    }
  }

  /// The last non-empty line of the screen (the status line names the selected photo).
  static func statusLine(_ screen: String) -> String {
    screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map(String.init) ?? ""
  }
}
