import Foundation
import LightboxTestSupport
import XCTest

/// Playback through the built program in tmux: a video's tile shows its duration; in the
/// photo view p plays it (the bar's clock advances), p pauses (the clock stops), Esc goes
/// back to the grid and the streaming worker is gone; q while playing quits cleanly.
final class PlaybackEndToEndTests: XCTestCase {
  var home: URL!
  var library = ""

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed: skipped") }
    guard Subprocess.run(["ffmpeg", "-version"]).status == 0 else {
      throw XCTSkip("ffmpeg is not installed (scripts/install-deps installs it): skipped")
    }
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("playback")
    library = home.appendingPathComponent("library").path
    try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    // A 12-second clip of FFmpeg's moving test pattern.
    let made = Subprocess.run([
      "ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25",
      "-t", "12", "-c:v", "mpeg4", "-q:v", "5", library + "/clip.mp4",
    ])
    XCTAssertEqual(made.status, 0, made.output)
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  /// The status line (the last non-blank line).
  func status(_ screen: String) -> String {
    screen.split(separator: "\n").map(String.init)
      .last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
  }

  /// The bar's clock in seconds ("playing 0:03 ━━…" → 3), nil when there is no bar.
  func clock(_ screen: String, _ word: String) -> Int? {
    let line = status(screen)
    guard let range = line.range(of: "\(word) 0:") else { return nil }
    return Int(line[range.upperBound...].prefix(2))
  }

  /// How many streaming workers run (the picture workers have no `--cpu-seconds`):
  /// `lightbox-decode-worker --wire N --cpu-seconds …`, or `lightbox decode-worker
  /// --cpu-seconds …` where the small worker is not built.
  static func streamingWorkers() -> Int {
    let listing = Subprocess.run(["ps", "-eo", "args"]).output
    return listing.split(separator: "\n").filter {
      $0.contains("decode-worker") && $0.contains("--cpu-seconds")
    }.count
  }

  /// Lightbox on the clip's library in tmux (`after` runs in the shell when it exits), with
  /// the clip's tile showing its duration and then opened.
  func openTheClip(after: String = "") throws -> TmuxSession {
    let environment = BuiltProduct.privateEnvironment(home: home)
    let tmux = try TmuxSession(columns: 100, rows: 32, environment: environment)
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send("\(BuiltProduct.lightbox!) \(library); echo EXIT=$?\(after)", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("0:12", timeout: 30), "the tile's duration\n\(tmux.capture())")
    tmux.send("Enter")
    return tmux
  }

  func testPPlaysPausesAndEscStopsAVideo() throws {
    let tmux = try openTheClip()
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitUntil { self.status($0).contains("p play") }, tmux.capture())

    tmux.send("p")
    guard let early = tmux.waitUntil(timeout: 20, { (self.clock($0, "playing") ?? -1) >= 1 }),
      let first = clock(early, "playing")
    else { return XCTFail("no playback bar:\n\(tmux.capture())") }
    XCTAssertTrue(status(early).contains("0:12"), status(early))
    XCTAssertGreaterThan(Self.streamingWorkers(), 0, "frames come from a worker")
    XCTAssertNotNil(
      tmux.waitUntil(timeout: 20) { (self.clock($0, "playing") ?? -1) > first },
      "the clock advances\n\(tmux.capture())")

    tmux.send("p")
    guard let pausedScreen = tmux.waitUntil({ self.clock($0, "paused") != nil }),
      let paused = clock(pausedScreen, "paused")
    else { return XCTFail("not paused:\n\(tmux.capture())") }
    // Over a second and a half paused, the clock stays where it stopped.
    let deadline = Date().addingTimeInterval(1.5)
    while Date() < deadline {
      XCTAssertEqual(clock(tmux.capture(), "paused"), paused, tmux.capture())
      Thread.sleep(forTimeInterval: 0.25)
    }

    tmux.send("Escape")
    XCTAssertNotNil(
      tmux.waitUntil { self.status($0).contains("Enter open") },
      "back to the grid\n"
        + tmux.capture())
    XCTAssertNotNil(
      tmux.waitUntil { _ in Self.streamingWorkers() == 0 }, "the streaming worker is gone")
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0"), tmux.capture())
  }

  func testQuitWhilePlayingLeavesNoWorkerAndACleanTerminal() throws {
    let tmux = try openTheClip(after: "; stty -a")
    defer { tmux.kill() }
    tmux.send("p")
    XCTAssertNotNil(tmux.waitUntil { self.clock($0, "playing") != nil }, tmux.capture())
    tmux.send("q")
    guard let after = tmux.waitFor("EXIT=0(.|\\n)*echo") else {
      return XCTFail("no clean exit:\n\(tmux.capture())")
    }
    XCTAssertTrue(after.contains(" icanon") && after.contains(" echo"), after)
    XCTAssertNotNil(tmux.waitUntil { _ in Self.streamingWorkers() == 0 }, "no worker left")
  }
}
