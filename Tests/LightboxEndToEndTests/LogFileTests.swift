import Foundation
import LightboxTestSupport
import Logging
import XCTest

@testable import LightboxApp

/// The log: one line per problem in `$XDG_STATE_HOME/lightbox/lightbox.log`, nothing of it on
/// the screen, one line even for text that tries to break lines.
final class LogFileTests: XCTestCase {
  func testBrowsingLogsEachProblemOnceAndShowsNoneOfTheLog() throws {
    guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
    let lightbox = try BuiltProduct.requireLightbox()
    let home = BuiltProduct.temporaryDirectory("log-file")
    defer {
      _ = Subprocess.run(["chmod", "-R", "u+rwx", home.path])
      try? FileManager.default.removeItem(at: home)
    }
    let library = home.appendingPathComponent("library").path
    _ = try IndexCommandTests.writePhotos(3, in: library + "/ok")
    _ = try IndexCommandTests.writePhotos(1, in: library + "/locked", startIndex: 10)
    // A photo whose header is whole but whose scan is missing: indexed, never decodes.
    let whole = try IndexCommandTests.writePhotos(1, in: library + "/tmp", startIndex: 20)[0]
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: whole)))
    let scan = try XCTUnwrap(
      (2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
    bytes.removeSubrange(scan...)
    try Data(bytes).write(to: URL(fileURLWithPath: library + "/ok/broken.jpg"))
    try FileManager.default.removeItem(atPath: library + "/tmp")
    chmod(library + "/locked", 0)
    // Root reads every folder: the browser runs as nobody then, in folders open to it.
    let asNobody = geteuid() == 0
    let state = home.appendingPathComponent("state").path
    for folder in ["state", "data", "cache", "config"] {
      try FileManager.default.createDirectory(
        atPath: home.appendingPathComponent(folder).path, withIntermediateDirectories: true)
      chmod(home.appendingPathComponent(folder).path, 0o777)
    }
    for path in [home.path, library, library + "/ok"] { chmod(path, 0o755) }
    for name in try FileManager.default.contentsOfDirectory(atPath: library + "/ok") {
      chmod(library + "/ok/" + name, 0o644)
    }
    let env = [
      "HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color",
      "PS1": "e2e$ ", "SWIFT_BACKTRACE": "enable=no", "XDG_STATE_HOME": state,
      "XDG_DATA_HOME": home.path + "/data", "XDG_CACHE_HOME": home.path + "/cache",
      "XDG_CONFIG_HOME": home.path + "/config",
    ]
    let tmux = try TmuxSession(columns: 100, rows: 30, environment: env)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    let prefix = asNobody ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
    tmux.send(
      "\(prefix)\(lightbox) --graphics halfblock \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("4 photos", timeout: 30), tmux.capture())
    let log = state + "/lightbox/lightbox.log"
    let logged = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    // Every tile of the grid is on screen, so the broken photo's decode is asked for.
    let screen = tmux.waitUntil(timeout: 30) { _ in logged().contains("broken.jpg") }
    XCTAssertNotNil(screen, "no decode failure logged:\n\(logged())")
    tmux.send("Enter")  // the detail view asks for other sizes of the photos
    tmux.send("Escape")
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 20), tmux.capture())

    let lines = logged().split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.filter { $0.contains("broken.jpg") }.count, 1, logged())
    XCTAssertEqual(lines.filter { $0.contains("locked") }.count, 1, logged())
    XCTAssertTrue(lines.contains { $0.contains(" error lightbox.decode: ") }, logged())
    XCTAssertTrue(lines.contains { $0.contains(" info lightbox.indexer: indexed ") }, logged())
    // Nothing of the log reached the screen.
    let shown = screen ?? ""
    XCTAssertFalse(shown.contains("lightbox.decode"), shown)
    XCTAssertFalse(shown.contains("lightbox.indexer"), shown)
  }

  func testLinesStayOneLineAndTheFileRotatesAtItsCap() throws {
    let folder = BuiltProduct.temporaryDirectory("log-rotate")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("lightbox.log").path
    let sink = FileLogHandler.Sink(path: path, maxBytes: 4096, level: .info)
    let handler = FileLogHandler(label: "lightbox.test", sink: sink)
    var logger = Logger(label: "lightbox.test") { _ in handler }
    logger.logLevel = .info
    logger.debug("below the level")
    logger.error("a name with a newline\nforged line and \u{1B}[31m an escape")
    var text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertEqual(text.split(separator: "\n").count, 1, text)
    XCTAssertFalse(text.contains("\u{1B}"), text)
    XCTAssertFalse(text.contains("below the level"), text)
    for i in 0..<200 { logger.info("filler line \(i) to pass the cap") }
    text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertLessThanOrEqual(text.utf8.count, 4096)
    XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".1"), "one rotation kept")
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".2"))
    XCTAssertTrue(text.contains("filler line 199"))
  }
}
