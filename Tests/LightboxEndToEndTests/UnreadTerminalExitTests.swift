import Foundation
import LightboxTestSupport
import XCTest

/// SIGTERM ends the browser even while nothing reads its terminal: the tty is full, a write
/// of pictures is blocked, and whoever sent the signal waits for the exit (a harness such as
/// first-picture, a session manager). Before, the blocked write kept it alive for good.
final class UnreadTerminalExitTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("unread-terminal")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  /// Bytes waiting to be read on `fd`.
  func unread(_ fd: Int32) -> Int32 {
    var count: Int32 = 0
    _ = ioctl(fd, UInt(FIONREAD), &count)
    return count
  }

  func testSigtermEndsTheBrowserWhileItsTerminalIsFullAndRestoresIt() throws {
    let library = home.appendingPathComponent("library").path
    let environment = BuiltProduct.privateEnvironment(home: home)
    let made = Subprocess.run(
      [BuiltProduct.lightbox!, "demo", "--no-browse", "--count", "60", "--library", library],
      environment: environment)
    XCTAssertEqual(made.status, 0, made.output)

    // A pty whose terminal side is never read while the browser runs.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard master >= 0 else { throw XCTSkip("no pseudo-terminals here") }
    defer { close(master) }
    var unlock: Int32 = 0
    var number: Int32 = 0
    guard ioctl(master, UInt(0x4004_5431), &unlock) == 0,
      ioctl(master, UInt(0x8004_5430), &number) == 0
    else { throw XCTSkip("cannot unlock a pseudo-terminal") }
    var size = winsize(ws_row: 45, ws_col: 160, ws_xpixel: 1600, ws_ypixel: 855)
    let slavePath = "/dev/pts/\(number)"
    let slave = open(slavePath, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw XCTSkip("cannot open the pty slave") }
    _ = ioctl(slave, UInt(TIOCSWINSZ), &size)

    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after the new session starts (without O_NOCTTY): the pty becomes the program's
    // controlling terminal, as a terminal emulator's would.
    posix_spawn_file_actions_addclose(&actions, slave)
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    for fd: Int32 in [1, 2] { posix_spawn_file_actions_adddup2(&actions, 0, fd) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // POSIX_SPAWN_SETSID (glibc 2.26+; not exported to Swift): a session of its own, away
    // from the test runner's terminal.
    posix_spawnattr_setflags(&attributes, 0x80)
    // Sixel forced (nothing answers a probe here): a screen of tiles is far more than a tty
    // holds.
    let arguments = [BuiltProduct.lightbox!, "--graphics", "sixel", library]
    let env = environment.merging(["LIGHTBOX_CATALOG": home.path + "/catalog.sqlite"]) { $1 }
      .map { "\($0.key)=\($0.value)" }
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = env.map { strdup($0) } + [nil]
    defer {
      for p in argv + envp { free(p) }
    }
    let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    close(slave)
    XCTAssertEqual(spawned, 0)
    guard spawned == 0 else { return }

    // Full: the unread bytes stop growing (the browser is blocked writing pictures).
    var last: Int32 = -1
    var steady = 0
    let deadline = Date().addingTimeInterval(60)
    while steady < 10 && Date() < deadline {
      usleep(100_000)
      let now = unread(master)
      steady = now == last && now >= 1024 ? steady + 1 : 0
      last = now
    }
    XCTAssertEqual(steady, 10, "the terminal never filled up (\(last) bytes unread)")
    var status: Int32 = 0
    XCTAssertEqual(waitpid(pid, &status, WNOHANG), 0, "still running, blocked")

    print("the terminal is full: \(last) bytes unread; SIGTERM")
    XCTAssertEqual(kill(pid, SIGTERM), 0)
    // A bound against a hang, not a speed: the exit needs no reader at all.
    var ended = false
    let limit = Date().addingTimeInterval(30)
    while !ended && Date() < limit {
      if waitpid(pid, &status, WNOHANG) == pid {
        ended = true
      } else {
        usleep(50_000)
      }
    }
    if !ended {
      kill(pid, SIGKILL)
      _ = waitpid(pid, &status, 0)
    }
    XCTAssertTrue(ended, "SIGTERM did not end the browser while its terminal was full")

    // What is left in the tty ends with the terminal's restore: the normal screen is back.
    var tail: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    // Everything it wrote is in the pty by now; read until none is left (EAGAIN) or the
    // closed pty says so (EIO).
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      guard n > 0 else { break }
      tail += buffer[0..<n]
    }
    let text = String(decoding: tail, as: UTF8.self)
    XCTAssertTrue(
      text.contains("\u{1B}[?1049l"),
      "the alternate screen was left: \(tail.count) bytes after, \(text.suffix(120).debugDescription)"
    )
  }
}
