import Foundation
import XCTest

@testable import TerminalGraphics

/// The probe's IO against a pseudo-terminal whose other end plays the terminal.
final class CapabilityProbeIOTests: XCTestCase {
  /// A pty pair: `terminal` is the master (the emulator's side), `tty` the slave.
  struct PTY {
    let terminal: Int32
    let tty: Int32

    init() throws {
      // posix_openpt/grantpt/unlockpt are hidden by Glibc's module map; these are their
      // Linux ioctls (TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, int)).
      let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      guard master >= 0 else { throw XCTSkip("no pseudo-terminals here") }
      var unlock: Int32 = 0
      var number: Int32 = 0
      guard ioctl(master, UInt(0x4004_5431), &unlock) == 0,
        ioctl(master, UInt(0x8004_5430), &number) == 0
      else {
        Glibc.close(master)
        throw XCTSkip("cannot unlock a pseudo-terminal")
      }
      let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
      guard slave >= 0 else { throw XCTSkip("cannot open the pty slave") }
      terminal = master
      tty = slave
    }

    func close() {
      Glibc.close(terminal)
      Glibc.close(tty)
    }
  }

  /// Reads from the master until `marker` has been seen (or 2 s), returns what was read.
  static func readUntil(_ fd: Int32, marker: [UInt8]) -> [UInt8] {
    var got: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    let end = Date().addingTimeInterval(2)
    while Date() < end {
      var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&pfd, 1, 50) > 0 else { continue }
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      got += buffer[0..<n]
      if got.count >= marker.count
        && (0...(got.count - marker.count)).contains(where: {
          Array(got[$0..<$0 + marker.count]) == marker
        })
      {
        break
      }
    }
    return got
  }

  let environment = TerminalEnvironment(environment: ["TERM": "xterm-256color"])

  func testASilentTerminalFallsBackWithinTheTimeout() throws {
    let pty = try PTY()
    defer { pty.close() }
    let result = CapabilityProbe.probe(
      fd: pty.tty, environment: environment, timeoutMilliseconds: 300)
    XCTAssertEqual(result.outcome, .timedOut)
    // It waited its timeout (a lower bound only: a loaded machine may take longer).
    XCTAssertGreaterThanOrEqual(result.elapsedMilliseconds, 250)
    XCTAssertEqual(result.capabilities.graphicsMode(requested: .auto), .halfBlock)
    XCTAssertEqual(result.capabilities.cellSize, TerminalCapabilities.defaultCellSize)
    XCTAssertEqual(result.leftoverInput, [])
    // The whole batch went out in one piece, DA1 last.
    let sent = CapabilityProbeIOTests.readUntil(pty.terminal, marker: Array("\u{1B}[c".utf8))
    XCTAssertEqual(sent, result.sent.flatMap(\.bytes))
    // The static batch, with the query through a temporary file just before DA1.
    XCTAssertEqual(result.sent.count, CapabilityProbe.queries.count + 1)
    XCTAssertEqual(Array(result.sent.dropLast(2)), Array(CapabilityProbe.queries.dropLast()))
    XCTAssertEqual(result.sent.last, CapabilityProbe.queries.last)
    let fileQuery = String(decoding: result.sent[result.sent.count - 2].bytes, as: UTF8.self)
    XCTAssertTrue(fileQuery.hasPrefix("\u{1B}_Gi=32,s=1,v=1,a=q,t=t,f=24;"), fileQuery)
    // The probe's file is gone once the probe is over, read or not.
    let name = try XCTUnwrap(
      Data(base64Encoded: String(fileQuery.split(separator: ";")[1].dropLast(2))))
    let path = String(decoding: name, as: UTF8.self)
    XCTAssertTrue(path.contains("tty-graphics-protocol"), path)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path), path)
    XCTAssertEqual(result.capabilities.kittyMedium, .stream, "nobody read it")
  }

  func testAnAnsweringTerminalWithTypedKeys() throws {
    let pty = try PTY()
    defer { pty.close() }
    let terminal = pty.terminal
    let replies = RecordedTerminals.xterm
    let answered = expectation(description: "terminal answered")
    DispatchQueue.global().async {
      _ = CapabilityProbeIOTests.readUntil(terminal, marker: Array("\u{1B}[c".utf8))
      // The user types while the replies arrive: in two writes, split inside a reply.
      let first = Array("ab".utf8) + replies[0..<20]
      let second = Array(replies[20...]) + Array("\u{1B}[A".utf8)
      _ = first.withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
      usleep(20_000)
      _ = second.withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
      answered.fulfill()
    }
    var before = termios()
    tcgetattr(pty.tty, &before)
    // A timeout far beyond any test run: had DA1 not ended the wait, the suite would hang
    // here rather than pass (a hang, not a figure; the probe's speed is measured by
    // Benchmarks/startup with first-picture).
    let timeout = 3_600_000
    let result = CapabilityProbe.probe(
      fd: pty.tty, environment: environment, timeoutMilliseconds: timeout)
    wait(for: [answered], timeout: 3600)
    XCTAssertEqual(result.outcome, .answered)
    XCTAssertEqual(result.capabilities.graphicsMode(requested: .auto), .sixel)
    XCTAssertEqual(result.capabilities.reportedColorRegisters, 256)
    XCTAssertEqual(result.capabilities.replies.count, 7)
    // Keys typed before the replies come back; a key sent right after DA1 arrives within
    // the grace period and is kept too (or stays in the tty for the application).
    XCTAssertTrue(result.leftoverInput.starts(with: Array("ab".utf8)))
    XCTAssertFalse(String(decoding: result.leftoverInput, as: UTF8.self).contains("?"))
    // The terminal modes are restored.
    var after = termios()
    tcgetattr(pty.tty, &after)
    XCTAssertEqual(before.c_lflag, after.c_lflag)
    XCTAssertEqual(before.c_iflag, after.c_iflag)
    XCTAssertEqual(before.c_oflag, after.c_oflag)
  }

  func testNotATerminalAsksNothing() throws {
    var fds: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&fds), 0)
    defer { fds.forEach { close($0) } }
    let result = CapabilityProbe.probe(fd: fds[1], environment: environment)
    XCTAssertEqual(result.outcome, .notATerminal)
    XCTAssertEqual(result.sent, [])
    XCTAssertEqual(result.capabilities.graphicsMode(requested: .auto), .halfBlock)
  }
}
