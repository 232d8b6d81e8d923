import Foundation
import DecodeWorker
import LightboxTestSupport
import XCTest

@testable import LightboxCommands

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

  /// The worker dies with the program that started it, even mid-decode: `lightbox show` on
  /// the spin file is killed with SIGKILL (no clean-up of its own runs) and its worker,
  /// spinning, ends too (PR_SET_PDEATHSIG).
  func testWorkerDiesWithItsParent() throws {
    let lightbox = try BuiltProduct.requireLightbox()
    let home = BuiltProduct.temporaryDirectory("decode-worker-orphan")
    defer { try? FileManager.default.removeItem(at: home) }
    let spin = home.appendingPathComponent("spin.webp").path
    let body = Array("WEBPLIGHTBOX-TEST-SPIN".utf8)
    let size = UInt32(body.count)
    try Data(
      Array("RIFF".utf8) + [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: size >> $0) } + body
    )
    .write(to: URL(fileURLWithPath: spin))
    let env = BuiltProduct.privateEnvironment(
      home: home, extra: ["LIGHTBOX_TEST_DECODER_HOOKS": "1"])
    let show = try ChildProcess(
      [lightbox, "show", "--graphics", "halfblock", "--width", "20", spin], environment: env)
    var worker: Int32?
    // Bounds only catch a hang: the worker appears as soon as show asks it for the file.
    XCTAssertTrue(
      Self.waitUntil(timeout: 30) {
        worker = Self.processes().first { $0.parent == show.pid && $0.isWorker }?.pid
        return worker != nil
      }, "no decode-worker child of show")
    XCTAssertTrue(show.killAndWait(), "show was still waiting for its worker")
    let pid = try XCTUnwrap(worker)
    XCTAssertTrue(
      Self.waitUntil(timeout: 30) {
        guard let entry = Self.processes().first(where: { $0.pid == pid }) else { return true }
        return entry.state == "Z"
      }, "worker \(pid) outlived its parent")
  }

  /// Calls `condition` until it holds or `timeout` seconds pass; true when it held.
  static func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
      if condition() { return true }
      usleep(10_000)
    }
    return condition()
  }

  /// Every process's pid, parent, state letter and whether it is a decode worker.
  static func processes() -> [(pid: Int32, parent: Int32, state: Character, isWorker: Bool)] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry in
      guard let pid = Int32(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
      guard fields.count > 2, let parent = Int32(fields[1]), let state = fields[0].first else {
        return nil
      }
      let command =
        (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline"))) ?? Data()
      // A worker forked by its command has the command's arguments and the worker's name.
      let name = (try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8)) ?? ""
      let isWorker =
        String(decoding: command, as: UTF8.self).contains("decode-worker")
        || name == "lightbox-decode\n"
      return (pid, parent, state, isWorker)
    }
  }

  /// Failure tiles on the screen: rows holding the failure glyph "!" between spaces, one per
  /// tile (a tile's glyph sits on its middle row).
  static func failureTiles(_ screen: String) -> Int {
    screen.split(separator: "\n").reduce(0) { count, line in
      count + line.split(separator: " ", omittingEmptySubsequences: true).filter { $0 == "!" }.count
    }
  }

  /// The last non-empty line of the screen (the status line names the selected photo).
  /// The selected photo's name, the status line's first word: the rest of the line changes on
  /// its own while the background hashing for the Duplicates album shows its progress.
  static func statusLine(_ screen: String) -> String {
    let line = screen.split(separator: "\n").last {
      !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }
    return line.flatMap { $0.split(separator: " ").first }.map(String.init) ?? ""
  }
}

/// `lightbox doctor`'s line about the decode worker.
final class DoctorWorkerLineTests: XCTestCase {
  func testDoctorSaysWhetherTheWorkerStartsSandboxed() throws {
    let lightbox = try BuiltProduct.requireLightbox()
    let ok = DoctorCommand.workerLine(DecodeWorkerHost(configuration: .init(executable: lightbox)))
    XCTAssertTrue(ok.hasPrefix("worker: ok"), ok)
    let missing = DoctorCommand.workerLine(
      DecodeWorkerHost(configuration: .init(executable: "/nonexistent/lightbox")))
    XCTAssertEqual(
      missing,
      "worker: decoder could not start: No such file or directory "
        + "(HEIF, WebP, GIF, TIFF and RAW files will fail)")
  }
}
