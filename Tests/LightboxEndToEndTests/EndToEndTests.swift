import Foundation
import LightboxTestSupport
import XCTest

/// The built program in a real terminal (tmux): keys in, screen out.
final class EndToEndTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else {
      throw XCTSkip("tmux is not installed: end-to-end tests skipped")
    }
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("e2e")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  /// Environment of the program: a private HOME and XDG folders, a known terminal.
  var environment: [String: String] {
    BuiltProduct.privateEnvironment(home: home, extra: ["COLORTERM": "truecolor"])
  }

  /// Generates a small demo library with the program itself.
  func makeLibrary(count: Int) throws -> String {
    Self.makeLibrary(count: count, home: home, environment: environment)
  }

  /// A demo library of `count` photos under `home`, made by the program; its path.
  static func makeLibrary(count: Int, home: URL, environment: [String: String]) -> String {
    let library = home.appendingPathComponent("library").path
    let result = Subprocess.run(
      [BuiltProduct.lightbox!, "demo", "--no-browse", "--count", "\(count)", "--library", library],
      environment: environment)
    XCTAssertEqual(result.status, 0, result.output)
    return library
  }

  /// The file name the status line (last non-blank line) names.
  static func selectedFile(_ screen: String) -> String? {
    let lines = screen.split(separator: "\n").map(String.init)
    guard let status = lines.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
    else { return nil }
    let trimmed = status.trimmingCharacters(in: .whitespaces)
    guard let dot = trimmed.range(of: " · ") else { return nil }
    return String(trimmed[..<dot.lowerBound])
  }

  func testBrowseOpenPageAndQuitRestoresTheShell() throws {
    let library = try makeLibrary(count: 30)
    let tmux = try TmuxSession(columns: 100, rows: 30, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"), "the shell prompt did not appear")
    let before = home.appendingPathComponent("stty-before").path
    let after = home.appendingPathComponent("stty-after").path
    tmux.send(
      "stty -g > \(before); \(BuiltProduct.lightbox!) \(library); stty -g > \(after); echo EXIT=$?",
      literal: true)
    tmux.send("Enter")

    // The grid: the status line names the newest photo.
    guard let grid = tmux.waitFor("30 photos", timeout: 30), let first = Self.selectedFile(grid)
    else {
      return XCTFail("no grid with a selected photo:\n\(tmux.capture())")
    }
    XCTAssertTrue(grid.contains("[All]"), grid)

    // Enter opens the detail view at the last photo.
    tmux.send("Enter")
    guard let detail = tmux.waitFor("30 of 30", timeout: 20) else {
      return XCTFail("Enter did not open the detail view:\n\(tmux.capture())")
    }
    XCTAssertEqual(Self.selectedFile(detail), first)

    // Left pages to the previous photo: another file.
    tmux.send("Left")
    // tmux can capture between two writes of a frame (the new title, the old status line):
    // wait for the status line to name another file; if it never does, that is the failure.
    let paged = tmux.waitUntil(timeout: 20) { screen in
      screen.contains("29 of 30") && Self.selectedFile(screen).map { $0 != first } == true
    }
    XCTAssertNotNil(paged, "Left did not page to another file:\n\(tmux.capture())")

    // Right comes back; Esc returns to the grid at the same photo.
    tmux.send("Right")
    XCTAssertNotNil(tmux.waitFor("30 of 30"))
    tmux.send("Escape")
    // tmux can capture between two writes of a frame: wait for the status line too.
    guard let back = tmux.waitUntil({ $0.contains("[All]") && Self.selectedFile($0) != nil })
    else { return XCTFail("Esc did not go back") }
    XCTAssertEqual(Self.selectedFile(back), first)

    // A narrower terminal reflows the grid to fewer columns and keeps the selection.
    tmux.resize(columns: 60, rows: 24)
    guard
      let narrow = tmux.waitUntil({ screen in
        screen.split(separator: "\n").allSatisfy { $0.count <= 60 } && screen.contains("[All]")
          && Self.selectedFile(screen) != nil
      })
    else { return XCTFail("no reflow after resize:\n\(tmux.capture())") }
    XCTAssertEqual(Self.selectedFile(narrow), first, narrow)
    XCTAssertEqual(narrow.components(separatedBy: "┌").count - 1, 1, "one selection frame")
    tmux.resize(columns: 100, rows: 30)
    XCTAssertNotNil(tmux.waitFor("30 photos"))

    // q from the detail view exits; the shell prompt is back and the tty is as it was.
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("30 of 30"))
    tmux.send("q")
    guard let shell = tmux.waitFor("EXIT=0", timeout: 20) else {
      return XCTFail("q did not exit:\n\(tmux.capture())")
    }
    XCTAssertFalse(shell.contains("[All]"), "the alternate screen was not left:\n\(shell)")
    XCTAssertEqual(
      try String(contentsOfFile: before, encoding: .utf8),
      try String(contentsOfFile: after, encoding: .utf8), "stty settings changed")
  }

  func testTabCyclesSegmentsAndEnterDrillsIn() throws {
    let library = try makeLibrary(count: 40)
    let tmux = try TmuxSession(columns: 110, rows: 34, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send("\(BuiltProduct.lightbox!) \(library)", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("40 photos", timeout: 30), tmux.capture())
    for segment in ["Years", "Months", "Days", "All"] {
      tmux.send("Tab")
      XCTAssertNotNil(
        tmux.waitFor("\\[\(segment)\\]"), "Tab did not reach \(segment):\n\(tmux.capture())")
    }
    // Years: the status line names the selected year; Enter opens its months, then days.
    tmux.send("Tab")
    guard let years = tmux.waitFor("^ 20[0-9][0-9] · [0-9]+ photos") else {
      return XCTFail("no year card selected:\n\(tmux.capture())")
    }
    XCTAssertTrue(years.contains("[Years]"))
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("\\[Months\\]"), tmux.capture())
    XCTAssertNotNil(tmux.waitFor("^ [A-Z][a-z]+ 20[0-9][0-9] · [0-9]+ photos"), tmux.capture())
    tmux.send("Enter")
    guard let days = tmux.waitFor("\\[Days\\]") else { return XCTFail(tmux.capture()) }
    XCTAssertNotNil(
      days.range(
        of: "(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, [0-9]+ [A-Z][a-z]+ 20[0-9][0-9]",
        options: .regularExpression), days)
    tmux.send("q")
    XCTAssertNotNil(tmux.waitUntil { $0.components(separatedBy: "e2e$").count >= 3 })
  }

  /// Starts the program in the foreground of the pane's shell, ends it with `stop`, and checks
  /// the shell gets its prompt back with the tty settings unchanged.
  func assertRestored(
    after stop: String, library: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let tmux = try TmuxSession(columns: 80, rows: 24, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"), file: file, line: line)
    let before = home.appendingPathComponent("stty-before-\(stop)").path
    let after = home.appendingPathComponent("stty-after-\(stop)").path
    let pidFile = home.appendingPathComponent("pid-\(stop)").path
    tmux.send(
      "stty -g > \(before); sh -c 'echo $$ > \(pidFile); exec \(BuiltProduct.lightbox!) \(library)'; stty -g > \(after); echo DONE-$((1+1))",
      literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("photos", timeout: 30), tmux.capture(), file: file, line: line)
    let pid = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(
      in: .whitespacesAndNewlines)
    if stop == "C-c" {
      tmux.send("C-c")
    } else {
      Subprocess.run(["kill", "-\(stop)", pid])
    }
    let screen = tmux.waitFor("^DONE-2", timeout: 20)
    XCTAssertNotNil(screen, "no prompt after \(stop):\n\(tmux.capture())", file: file, line: line)
    XCTAssertFalse(
      screen?.contains("photos") ?? true, "still on the alternate screen", file: file, line: line)
    XCTAssertEqual(
      try String(contentsOfFile: before, encoding: .utf8),
      try String(contentsOfFile: after, encoding: .utf8), "stty changed after \(stop)",
      file: file, line: line)
  }

  func testSignalsRestoreTheTerminal() throws {
    let library = try makeLibrary(count: 6)
    // SEGV and ABRT go through the crash handler (restore, then the default action).
    for stop in ["TERM", "HUP", "INT", "C-c", "SEGV", "ABRT"] {
      try assertRestored(after: stop, library: library)
    }
  }

  func testEmptyFolderSaysHowToRunTheDemo() throws {
    let empty = home.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let tmux = try TmuxSession(columns: 90, rows: 20, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send("\(BuiltProduct.lightbox!) \(empty.path)", literal: true)
    tmux.send("Enter")
    let screen = tmux.waitFor("lightbox demo", timeout: 20)
    XCTAssertNotNil(screen, tmux.capture())
    XCTAssertTrue(screen?.contains("No photos in") ?? false)
    tmux.send("q")
    let prompts = tmux.waitUntil { $0.components(separatedBy: "e2e$").count >= 3 }
    XCTAssertNotNil(prompts, "no second prompt after q:\n\(tmux.capture())")
  }
}
