import Foundation
import LightboxTestSupport
import XCTest

/// `o` and `O` in tmux with a script as `$LIGHTBOX_OPENER`: the script gets the selected
/// photo's path (or its folder) as its argument, finds the terminal as the shell had it
/// (`stty -a`, normal screen, modes), and the grid is drawn again when it exits; a failing or
/// missing opener is one line on the status line; Ctrl-Z while it runs stops both, `fg`
/// resumes both.
final class OpenerEndToEndTests: XCTestCase {
  var home: URL!
  var library = ""

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed: skipped") }
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("opener")
    library = home.appendingPathComponent("library").path
    let made = Subprocess.run(
      [BuiltProduct.lightbox!, "demo", "--no-browse", "--count", "8", "--library", library],
      environment: BuiltProduct.privateEnvironment(home: home))
    XCTAssertEqual(made.status, 0, made.output)
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  func file(_ name: String) -> String { home.appendingPathComponent(name).path }

  func read(_ name: String) -> String? { try? String(contentsOfFile: file(name), encoding: .utf8) }

  /// A shell script at `name` with `body`, executable.
  func script(_ name: String, _ body: String) throws -> String {
    let path = file(name)
    try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    XCTAssertEqual(chmod(path, 0o755), 0)
    return path
  }

  func halfBlocks(_ screen: String) -> Int { screen.filter { $0 == "▀" || $0 == "▄" }.count }

  /// tmux's view of the pane modes a program may leave behind.
  func modes(_ tmux: TmuxSession) -> String {
    Subprocess.run([
      "tmux", "-L", tmux.socket, "display-message", "-p", "-t", tmux.name,
      "alternate=#{alternate_on} cursor=#{cursor_flag} keypad=#{keypad_flag}"
        + " mouse=#{mouse_any_flag}",
    ]).output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A bash in tmux with `opener` as `$LIGHTBOX_OPENER`, `stty -a` saved to `stty-before`,
  /// and the browser started on the library; returns once the grid shows its pictures.
  func startBrowser(opener: String) throws -> (TmuxSession, grid: String)? {
    var environment = BuiltProduct.privateEnvironment(home: home)
    environment["LIGHTBOX_OPENER"] = opener
    let tmux = try TmuxSession(
      columns: 100, rows: 30, environment: environment, shellCommand: "bash --norc --noprofile")
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send(
      "stty -a > \(file("stty-before")); \(BuiltProduct.lightbox!) \(library); echo EXIT=$?",
      literal: true)
    tmux.send("Enter")
    guard
      let grid = tmux.waitUntil(
        timeout: 30, { $0.contains("8 photos") && self.halfBlocks($0) > 100 })
    else {
      XCTFail("no grid with pictures:\n\(tmux.capture())")
      tmux.kill()
      return nil
    }
    return (tmux, grid)
  }

  func testOpenerGetsThePathInTheShellsTerminalAndTheGridComesBack() throws {
    // The opener records its arguments and the terminal's settings, then waits for the test
    // to look at the pane while it still runs (the `go` file), and exits.
    let opener = try script(
      "opener.sh",
      """
      n=$(cat \(file("count")) 2>/dev/null || echo 0); n=$((n+1)); echo $n > \(file("count"))
      stty -a > \(file("stty-during-"))$n
      printf '%s\\n' "$#" "$@" > \(file("args-"))$n
      while [ ! -e \(file("go-"))$n ]; do sleep 0.05; done
      exit 0
      """)
    guard let (tmux, grid) = try startBrowser(opener: opener) else { return }
    defer { tmux.kill() }
    let shellModes = "alternate=0 cursor=1 keypad=0 mouse=0"
    let pictures = halfBlocks(grid)

    tmux.send("o")
    guard tmux.waitUntil(timeout: 20, { _ in self.read("args-1")?.hasSuffix("\n") == true }) != nil
    else { return XCTFail("the opener did not run:\n\(tmux.capture())") }
    // While it runs: the shell's screen and settings, not the browser's.
    XCTAssertEqual(modes(tmux), shellModes, "modes while the opener runs")
    XCTAssertFalse(tmux.capture().contains("8 photos"), tmux.capture())
    let during = try XCTUnwrap(read("stty-during-1"))
    XCTAssertEqual(try XCTUnwrap(read("stty-before")), during, "stty -a while the opener runs")
    let arguments = try XCTUnwrap(read("args-1")).split(separator: "\n").map(String.init)
    XCTAssertEqual(arguments.count, 2, "\(arguments)")
    let path = try XCTUnwrap(arguments.last)
    XCTAssertTrue(path.hasPrefix(library + "/"), path)
    var isFolder: ObjCBool = true
    XCTAssertTrue(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), path)
    XCTAssertFalse(isFolder.boolValue, path)

    // It exits: the grid is drawn again, pictures and the selected photo's name included.
    XCTAssertTrue(FileManager.default.createFile(atPath: file("go-1"), contents: Data()))
    let name = (path as NSString).lastPathComponent
    guard
      let back = tmux.waitUntil(
        timeout: 20,
        { $0.contains("8 photos") && $0.contains(name) && self.halfBlocks($0) >= pictures })
    else { return XCTFail("no redraw after the opener:\n\(tmux.capture())") }
    XCTAssertTrue(back.contains("[All]"), back)
    XCTAssertFalse(back.contains("Opener"), back)

    // O: the folder that holds the same photo.
    tmux.send("O")
    guard tmux.waitUntil(timeout: 20, { _ in self.read("args-2")?.hasSuffix("\n") == true }) != nil
    else { return XCTFail("O did not run the opener:\n\(tmux.capture())") }
    let folder = try XCTUnwrap(read("args-2")).split(separator: "\n").map(String.init)
    XCTAssertEqual(folder, ["1", (path as NSString).deletingLastPathComponent])
    XCTAssertTrue(FileManager.default.createFile(atPath: file("go-2"), contents: Data()))
    XCTAssertNotNil(tmux.waitUntil(timeout: 20, { $0.contains("8 photos") }), tmux.capture())

    // Keys still work, and the shell gets its terminal back as it was.
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("8 of 8"), "keys after the opener:\n\(tmux.capture())")
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("^EXIT=0"), tmux.capture())
    tmux.send("stty -a > \(file("stty-after")); echo SAVED-$((1+1))", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("^SAVED-2"))
    XCTAssertEqual(read("stty-before"), read("stty-after"), "stty -a after the browser")
    XCTAssertEqual(modes(tmux), shellModes)
  }

  /// The state letter of process `pid` in /proc ("S" sleeping, "T" stopped), or "".
  func processState(_ pid: String) -> String {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return "" }
    return String(stat[close...].dropFirst(2).prefix(1))
  }

  /// Ctrl-Z while the opener runs stops the opener and Lightbox together (the shell says
  /// "Stopped" and has its prompt); `fg` continues both, and when the opener exits the grid
  /// is drawn again and keys work.
  func testCtrlZWhileTheOpenerRunsStopsBothAndFgResumes() throws {
    let opener = try script(
      "opener.sh",
      """
      echo $$ > \(file("opener-pid"))
      while [ ! -e \(file("go")) ]; do sleep 0.05; done
      echo done > \(file("finished"))
      """)
    guard let (tmux, grid) = try startBrowser(opener: opener) else { return }
    defer { tmux.kill() }
    let pictures = halfBlocks(grid)
    tmux.send("o")
    guard
      tmux.waitUntil(timeout: 20, { _ in self.read("opener-pid")?.hasSuffix("\n") == true })
        != nil, let pid = read("opener-pid")?.trimmingCharacters(in: .whitespacesAndNewlines)
    else { return XCTFail("the opener did not run:\n\(tmux.capture())") }

    tmux.send("C-z")
    guard let stopped = tmux.waitFor("Stopped", timeout: 10) else {
      return XCTFail("Ctrl-Z did not suspend:\n\(tmux.capture())")
    }
    XCTAssertFalse(stopped.contains("8 photos"), stopped)
    XCTAssertNotNil(
      tmux.waitUntil(timeout: 10, { _ in self.processState(pid) == "T" }),
      "the opener is stopped too (state \(processState(pid)))")
    tmux.send("echo SHELL-$((1+1))", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("^SHELL-2"), "the shell has the terminal:\n\(tmux.capture())")

    tmux.send("fg", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(
      tmux.waitUntil(timeout: 10, { _ in ["S", "R"].contains(self.processState(pid)) }),
      "fg continues the opener (state \(processState(pid)))")
    XCTAssertNil(read("finished"), "the opener is still waiting")
    XCTAssertTrue(FileManager.default.createFile(atPath: file("go"), contents: Data()))
    guard
      let back = tmux.waitUntil(
        timeout: 20, { $0.contains("8 photos") && self.halfBlocks($0) >= pictures })
    else { return XCTFail("no redraw after the opener:\n\(tmux.capture())") }
    XCTAssertEqual(read("finished"), "done\n")
    XCTAssertFalse(back.contains("Opener"), back)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("8 of 8"), "keys after fg:\n\(tmux.capture())")
    tmux.send("q")
    XCTAssertNotNil(tmux.waitUntil { !$0.contains("8 of 8") }, tmux.capture())
    tmux.send("echo AFTER=$?", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("^AFTER=0"), tmux.capture())
  }

  func testFailingAndMissingOpenersAreOneLine() throws {
    let failing = try script("fails.sh", "exit 1")
    guard let (tmux, _) = try startBrowser(opener: failing) else { return }
    defer { tmux.kill() }
    tmux.send("o")
    let failed = tmux.waitFor("Opener '.*fails\\.sh' failed \\(exit status 1\\)", timeout: 20)
    XCTAssertNotNil(failed, tmux.capture())
    XCTAssertTrue(failed?.contains("8 photos") == true, failed ?? "")
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("^EXIT=0"), tmux.capture())
    let log = (try? String(contentsOfFile: logPath(), encoding: .utf8)) ?? ""
    XCTAssertTrue(log.contains("failed (exit status 1)"), log)

    guard let (missing, _) = try startBrowser(opener: file("no-such-opener")) else { return }
    defer { missing.kill() }
    missing.send("O")
    XCTAssertNotNil(
      missing.waitFor("Opener '.*no-such-opener' not found", timeout: 20), missing.capture())
  }

  /// The log file of the private environment (`$XDG_STATE_HOME/lightbox/lightbox.log`).
  func logPath() -> String {
    let state = BuiltProduct.privateEnvironment(home: home)["XDG_STATE_HOME"] ?? ""
    return state + "/lightbox/lightbox.log"
  }
}
