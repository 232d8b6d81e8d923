import Decoders
import Foundation
import LightboxTestSupport
import PhotoModel
import Pixels
import XCTest

/// The browser in a pty whose terminal answers the probe only after it saw the first frame
/// (issue 33 item 21): the frame comes before any answer, a key typed before the answer is
/// kept, the answer is never typed, and the pictures switch to sixel once it is in.
/// Ordering only: each step waits for what the one before it caused.
final class LateProbeAnswerTests: XCTestCase {
  var home: URL!
  var master: Int32 = -1
  var pid: pid_t = 0
  var output: [UInt8] = []

  /// xterm 379 as `-ti vt340` in a 160×45 window of 10×19 cells.
  static let xtermAnswers = Array(
    ("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?1;0;256S\u{1B}[?2;0;1600;855S\u{1B}[6;19;10t"
      + "\u{1B}[4;855;1600t\u{1B}[?2026;0$y\u{1B}[?63;1;2;4;6;9;15;16;22;28c").utf8)

  override func setUpWithError() throws {
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("late-probe")
  }

  override func tearDown() {
    if pid > 0 {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == 0 {
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
      }
    }
    if master >= 0 { close(master) }
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  /// Reads the program's output until `found` says so (true) or 30 s pass (false): a bound
  /// against a hang, not a speed.
  func read(until found: ([UInt8]) -> Bool) -> Bool {
    let limit = Date().addingTimeInterval(30)
    while Date() < limit {
      if found(output) { return true }
      if !readSome() { return found(output) }
    }
    return false
  }

  /// Waits up to 100 ms for output and adds what came; false once the pty is closed.
  @discardableResult
  func readSome() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&pfd, 1, 100) > 0 else { return true }
    let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
    guard n > 0 else { return false }
    output += buffer[0..<n]
    return true
  }

  func type(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  static func find(_ needle: String, in haystack: [UInt8], from start: Int = 0) -> Int? {
    let needle = Array(needle.utf8)
    guard haystack.count >= needle.count + start else { return nil }
    return (start...(haystack.count - needle.count)).first {
      haystack[$0..<$0 + needle.count].elementsEqual(needle)
    }
  }

  /// Starts `lightbox ARGUMENTS` on a new pty of 160×45 cells (1600×855 px).
  func spawn(_ arguments: [String], environment: [String: String]) throws {
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard master >= 0 else { throw XCTSkip("no pseudo-terminals here") }
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
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after the new session starts: the pty becomes the controlling terminal.
    posix_spawn_file_actions_addclose(&actions, slave)
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    for fd: Int32 in [1, 2] { posix_spawn_file_actions_adddup2(&actions, 0, fd) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID
    let argv = ([BuiltProduct.lightbox!] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for p in argv + envp { free(p) }
    }
    let spawned = posix_spawn(&pid, BuiltProduct.lightbox!, &actions, &attributes, argv, envp)
    close(slave)
    guard spawned == 0 else { throw ChildProcessError("posix_spawn failed: \(spawned)") }
  }

  func testTheFirstFrameComesBeforeTheAnswersAndThePicturesSwitchWhenTheyCome() throws {
    let library = home.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    for i in 0..<12 {
      let bitmap = Bitmap(width: 160, height: 120, fill: RGB(UInt8(20 * i), 120, 200))
      let bytes = try JPEGEncoder.encode(bitmap, quality: 85).get()
      try Data(bytes).write(
        to: library.appendingPathComponent("IMG_202408\(10 + i)_120000.jpg"))
    }
    try spawn([library.path], environment: BuiltProduct.privateEnvironment(home: home))

    // The probe's batch ends with DA1; the first frame's text is written before it (with
    // the probe first, the old browser wrote nothing until the probe's 1.5 s were up).
    XCTAssertTrue(read { Self.find("\u{1B}[c", in: $0) != nil }, "no probe was sent")
    let query = try XCTUnwrap(Self.find("\u{1B}[c", in: output))
    XCTAssertNotNil(
      Self.find("Library", in: Array(output[..<query])), "the first frame waited for the probe")
    XCTAssertNil(
      Self.find("\u{1B}P", in: Array(output[..<query])), "a sixel picture before any answer")

    // A key typed while the probe is out: the help opens.
    type(Array("?".utf8))
    XCTAssertTrue(read { Self.find("Keys", in: $0, from: query) != nil }, "? was lost")
    let answered = output.count
    type(Self.xtermAnswers)
    // q closes the help; the grid's pictures come back as sixel, the answers' format.
    type(Array("q".utf8))
    XCTAssertTrue(
      read { Self.find("\u{1B}Pq\"1;1;", in: $0, from: answered) != nil },
      "no sixel picture after the answer")
    // Typed, the answer's `?` would have opened the help again and its digits shown up.
    XCTAssertNil(Self.find("63;1;2;4", in: output, from: answered), "the answer was typed")
    // The second q quits: nothing else was open.
    type(Array("q".utf8))
    var status: Int32 = 0
    var exited = false
    let limit = Date().addingTimeInterval(30)
    while !exited && Date() < limit {
      readSome()
      exited = waitpid(pid, &status, WNOHANG) == pid
      if !exited { usleep(50_000) }
    }
    XCTAssertTrue(exited, "q did not quit: something was still open")
    if exited {
      pid = 0
      XCTAssertEqual(status, 0)
    }
  }
}
