import CProcessSandbox
import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders
@testable import DecodeWorker
@testable import ThumbnailCache

/// The worker processes seen from the host: same pixels as in process, a crash or a hang is
/// one file's one-line failure, the next file gets a new worker, nothing is left behind.
final class DecodeWorkerHostTests: XCTestCase {
  private var files = DecodeWorkerFiles(label: "unused")

  override func setUp() {
    files = DecodeWorkerFiles(label: "decode-worker")
  }

  override func tearDown() {
    files.remove()
  }

  /// JPEG and PNG decoded by a worker are byte for byte what the in-process decoder makes,
  /// for tiles and detail sizes, every orientation's transposition included.
  func testWorkerPixelsAreByteIdenticalToInProcess() throws {
    let host = try DecodeWorkerFiles.host()
    let paths = [try files.jpeg("a.jpg", seed: 1), try files.png("b.png", seed: 2)]
    let sizes = [PixelSize(width: 256, height: 256), PixelSize(width: 1000, height: 700)]
    for path in paths {
      for size in sizes {
        for orientation in [Orientation.up, .right] {
          for mode in [ResizeMode.fit, .fill] {
            let options = DecodeOptions(
              target: size, mode: mode, quality: .best, orientation: orientation,
              background: RGB(10, 20, 30))
            let local = try ImageDecoder.decode(path: path, options: options).get()
            let remote = try host.decode(path: path, options: options).get()
            XCTAssertEqual(remote, local, "\(path) \(size) \(orientation) \(mode)")
          }
        }
      }
    }
    XCTAssertEqual(host.workerCount, 1, "one worker served every request in turn")
  }

  /// Prewarming twice before the first worker is up starts one worker, not two: a command
  /// prewarms for its arguments and again for the files it found, and a second start took the
  /// first one's processor time.
  func testPrewarmingAgainWhileAWorkerStartsStartsNoSecond() throws {
    let host = try DecodeWorkerFiles.host()
    host.prewarm(.images)
    host.prewarm(.images)
    host.prewarm(.images)
    XCTAssertEqual(host.workerCount, 1, "one worker starting")
    let path = try files.jpeg("a.jpg", seed: 3)
    let options = DecodeOptions(
      target: PixelSize(width: 64, height: 64), mode: .fit, quality: .fast, orientation: .up,
      background: RGB(0, 0, 0))
    _ = try host.decode(path: path, options: options).get()
    XCTAssertEqual(host.workerCount, 1, "the prewarmed worker served the file")
  }

  /// A fork is refused in a process that runs threads (this test process does), where the
  /// child could inherit a lock held forever; and for a configuration that gives its workers
  /// an environment of their own, which a fork would not pass on. Nothing starts either way.
  func testForkingIsRefusedWithThreadsOrAnOwnEnvironment() throws {
    XCTAssertEqual(lb_sandbox_is_single_threaded(), 0, "XCTest runs threads")
    let plain = DecodeWorkerHost(
      configuration: .init(executable: try BuiltProduct.requireLightbox()))
    XCTAssertFalse(plain.forkWorker(.images))
    XCTAssertEqual(plain.workerCount, 0)
    let hooked = try DecodeWorkerFiles.host()
    XCTAssertFalse(hooked.forkWorker(.images))
    XCTAssertEqual(hooked.workerCount, 0)
  }

  /// A decoder's own error comes back as its one line, and the worker serves on.
  func testDecoderErrorsComeBackAndTheWorkerStays() throws {
    let host = try DecodeWorkerFiles.host()
    let plain = try files.plainWebP()
    let missing = files.folder + "/missing.webp"
    let result = host.decode(path: plain, options: DecodeWorkerFiles.tile)
    XCTAssertTrue(result.failureReason?.hasPrefix("WebP: ") == true, "\(result)")
    let pid = try XCTUnwrap(host.idleWorkerPIDs.first)
    XCTAssertNotNil(host.decode(path: missing, options: DecodeWorkerFiles.tile).failureReason)
    XCTAssertEqual(host.idleWorkerPIDs, [pid], "the same worker, still alive")
  }

  /// The abort file: "decoder crashed on abort.webp (signal 6)", the worker is reaped, and
  /// the next file decodes in a new worker.
  func testCrashIsOneLineFailureAndNextFileGetsANewWorker() throws {
    let host = try DecodeWorkerFiles.host()
    let jpeg = try files.jpeg("c.jpg", seed: 3)
    _ = host.decode(path: try files.plainWebP(), options: DecodeWorkerFiles.tile)
    let first = try XCTUnwrap(host.idleWorkerPIDs.first)

    let crash = host.decode(path: try files.abortFile(), options: DecodeWorkerFiles.tile)
    XCTAssertEqual(crash.failureReason, "decoder crashed on abort.webp (signal \(SIGABRT))")
    XCTAssertEqual(host.workerCount, 0, "the crashed worker is gone")
    XCTAssertFalse(DecodeWorkerFiles.children().contains { $0.pid == first }, "reaped")

    let next = host.decode(path: try files.plainWebP(), options: DecodeWorkerFiles.tile)
    XCTAssertTrue(next.failureReason?.hasPrefix("WebP: ") == true, "answered, not crashed")
    let second = try XCTUnwrap(host.idleWorkerPIDs.first)
    XCTAssertNotEqual(second, first)
    let options = DecodeWorkerFiles.tile
    XCTAssertEqual(
      try host.decode(path: jpeg, options: options).get(),
      try ImageDecoder.decode(path: jpeg, options: options).get())
    XCTAssertEqual(DecodeWorkerFiles.zombieChildren(), [])
  }

  /// The spin file passes the (short, for the test) deadline: "decoder timed out on
  /// spin.webp"; the worker is killed and reaped; the next file decodes.
  func testHangIsKilledAtTheDeadlineAndNextFileDecodes() throws {
    // A limit, not a timing assertion: the spin never ends, so only the deadline ends it.
    let host = try DecodeWorkerFiles.host(deadline: .milliseconds(1500))
    let spin = host.decode(path: try files.spinFile(), options: DecodeWorkerFiles.tile)
    XCTAssertEqual(spin.failureReason, "decoder timed out on spin.webp")
    XCTAssertEqual(host.workerCount, 0)
    XCTAssertEqual(DecodeWorkerFiles.zombieChildren(), [])
    let png = try files.png("d.png", seed: 4)
    XCTAssertEqual(
      try host.decode(path: png, options: DecodeWorkerFiles.tile).get(),
      try ImageDecoder.decode(path: png, options: DecodeWorkerFiles.tile).get())
  }

  /// A worker killed while idle is replaced without blaming the next file, and a request
  /// written to a dead worker is an EPIPE for that request (MSG_NOSIGNAL), never a SIGPIPE
  /// that would end this process.
  func testDeadWorkerIsReplacedAndWritingToItRaisesNoSIGPIPE() throws {
    let host = try DecodeWorkerFiles.host()
    let jpeg = try files.jpeg("l.jpg", seed: 12)
    _ = try host.decode(path: jpeg, options: DecodeWorkerFiles.tile).get()
    let idle = try XCTUnwrap(host.idleWorkerPIDs.first)
    try Self.killAndAwaitExit(idle)
    XCTAssertNoThrow(try host.decode(path: jpeg, options: DecodeWorkerFiles.tile).get())
    XCTAssertNotEqual(host.idleWorkerPIDs, [idle])
    XCTAssertEqual(host.workerCount, 1)

    let lightbox = try BuiltProduct.requireLightbox()
    let worker = try DecodeWorkerProcess.spawn(
      executable: lightbox, arguments: ["decode-worker"], environment: []
    ).get()
    try Self.killAndAwaitExit(worker.pid)
    let request = DecodeWorkerMessage.Request(path: jpeg, options: DecodeWorkerFiles.tile)
    guard
      case .lost(let error) = worker.decode(
        request, name: "l.jpg", deadline: .now() + .seconds(10))
    else { return XCTFail("a dead worker cannot answer") }
    XCTAssertEqual(error.reason, "decoder crashed on l.jpg (signal \(SIGKILL))")
    XCTAssertEqual(DecodeWorkerFiles.zombieChildren(), [])
  }

  /// SIGKILL to `pid`, then waits (without reaping: WNOWAIT) until it has exited.
  static func killAndAwaitExit(_ pid: Int32) throws {
    XCTAssertEqual(kill(pid, SIGKILL), 0)
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
      guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
  }

  /// Without LIGHTBOX_TEST_DECODER_HOOKS=1 the markers are just bytes.
  func testHooksAreInertWithoutTheEnvironmentVariable() throws {
    let host = try DecodeWorkerFiles.host(hooks: false)
    let result = host.decode(path: try files.abortFile(), options: DecodeWorkerFiles.tile)
    XCTAssertTrue(result.failureReason?.hasPrefix("WebP: ") == true, "libwebp's own answer")
    XCTAssertEqual(host.workerCount, 1)
  }

  /// Two threads decoding at once use at most two workers; crashes among them leave no
  /// zombie, and a released host leaves no worker at all.
  func testPoolLeavesNoZombiesAndEndsWithTheHost() throws {
    let workers = try decodeConcurrently()
    XCTAssertFalse(workers.isEmpty)
    // The host is gone now (it lived in decodeConcurrently): so are its workers.
    let left = DecodeWorkerFiles.children().map(\.pid)
    for pid in workers { XCTAssertFalse(left.contains(pid), "worker \(pid) outlived its host") }
  }

  /// Decodes a mix of good, crashing and spinning files from several threads with one host;
  /// returns the pids of the host's idle workers at the end.
  private func decodeConcurrently() throws -> [Int32] {
    let host = try DecodeWorkerFiles.host(deadline: .seconds(1))
    let paths = [
      try files.jpeg("e.jpg", seed: 5), try files.abortFile(), try files.plainWebP(),
      try files.spinFile(), try files.png("f.png", seed: 6),
    ]
    let outcomes = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 10) { i in
      let path = paths[i % paths.count]
      let reason = host.decode(path: path, options: DecodeWorkerFiles.tile).failureReason
      outcomes.update { $0.append("\(path.split(separator: "/").last!): \(reason ?? "ok")") }
    }
    XCTAssertEqual(outcomes.value.filter { $0.contains("crashed") }.count, 2, "\(outcomes.value)")
    XCTAssertEqual(outcomes.value.filter { $0.contains("timed out") }.count, 2)
    XCTAssertLessThanOrEqual(host.workerCount, 2)
    XCTAssertEqual(DecodeWorkerFiles.zombieChildren(), [])
    return host.idleWorkerPIDs
  }
}

extension Result where Failure == ImageError {
  /// The error's reason, or nil on success.
  var failureReason: String? {
    if case .failure(let error) = self { return error.reason }
    return nil
  }
}

/// A value shared between the threads of a test.
final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `stored` is guarded by `lock`.
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value { lock.withLock { stored } }
  func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
