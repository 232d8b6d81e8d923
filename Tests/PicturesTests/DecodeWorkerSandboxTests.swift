import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@_spi(Decoders) @testable import Decoders
@testable import DecodeWorker

/// What a running worker has given up, read from /proc, and the wire format's refusals.
final class DecodeWorkerSandboxTests: XCTestCase {
  private var files = DecodeWorkerFiles(label: "unused")

  override func setUp() { files = DecodeWorkerFiles(label: "decode-sandbox") }
  override func tearDown() { files.remove() }

  /// An idle worker (after a real decode, so the filter let a JPEG through) runs under a
  /// seccomp filter with no new privileges, the address-space and CPU limits, no core files,
  /// and holds no descriptor but 0, 1 and 2.
  func testIdleWorkerIsSandboxed() throws {
    let host = try DecodeWorkerFiles.host()
    let jpeg = try files.jpeg("g.jpg", seed: 7)
    _ = try host.decode(path: jpeg, options: DecodeWorkerFiles.tile).get()
    _ = host.decode(path: try files.plainWebP(), options: DecodeWorkerFiles.tile)
    let pid = try XCTUnwrap(host.idleWorkerPIDs.first)

    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    XCTAssertTrue(status.contains("Seccomp:\t2"), "seccomp filter mode")
    XCTAssertTrue(status.contains("NoNewPrivs:\t1"))
    let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
    let line = { (name: String) in
      limits.split(separator: "\n").first { $0.hasPrefix(name) }.map {
        $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
      } ?? []
    }
    XCTAssertTrue(line("Max address space").contains(String(2048 << 20)), "\(limits)")
    XCTAssertTrue(line("Max cpu time").contains("120"), "\(limits)")
    XCTAssertTrue(line("Max core file size").contains("0"), "\(limits)")
    let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
    XCTAssertEqual(fds.sorted(), ["0", "1", "2"])
    let stderr = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/2")
    XCTAssertEqual(stderr, "/dev/null")
  }

  /// The filter for real: a thread may start (decoders use them), a file may not be
  /// opened for writing (the worker dies of SIGSYS), and the next file is served.
  func testSeccompAllowsThreadsAndKillsAWriteOpen() throws {
    let host = try DecodeWorkerFiles.host()
    let thread = try files.webp("thread.webp", marker: "LIGHTBOX-TEST-THREAD")
    let open = try files.webp("open.webp", marker: "LIGHTBOX-TEST-OPEN-WRITE")
    XCTAssertEqual(
      host.decode(path: thread, options: DecodeWorkerFiles.tile).failureReason, "test thread ran")
    XCTAssertEqual(
      host.decode(path: open, options: DecodeWorkerFiles.tile).failureReason,
      "decoder crashed on open.webp (signal \(SIGSYS))")
    let jpeg = try files.jpeg("k.jpg", seed: 11)
    XCTAssertNoThrow(try host.decode(path: jpeg, options: DecodeWorkerFiles.tile).get())
  }

  /// A decoder that asks for more memory than the address-space limit ends its worker; that
  /// file fails with one line and the next one decodes.
  func testPassingTheMemoryLimitIsOneFilesFailure() throws {
    let host = try DecodeWorkerFiles.host()
    let memory = try files.webp("memory.webp", marker: "LIGHTBOX-TEST-MEMORY")
    let reason = try XCTUnwrap(
      host.decode(path: memory, options: DecodeWorkerFiles.tile).failureReason)
    XCTAssertTrue(reason.hasPrefix("decoder crashed on memory.webp (signal "), reason)
    XCTAssertTrue(TestImages.isOneLine(reason))
    let png = try files.png("m.png", seed: 13)
    XCTAssertNoThrow(try host.decode(path: png, options: DecodeWorkerFiles.tile).get())
    XCTAssertEqual(DecodeWorkerFiles.zombieChildren(), [])
  }

  /// A request survives encoding; a malformed or oversized one is refused.
  func testRequestRoundTripAndRefusals() throws {
    var options = DecodeOptions(
      target: PixelSize(width: 321, height: 123), mode: .fill, quality: .best,
      orientation: .leftMirrored, background: RGB(1, 2, 3), maxPixels: 12_345_678)
    options.maxCoefficientBytes = 99 << 20
    let request = DecodeWorkerMessage.Request(path: "/photos/ünï code.webp", options: options)
    let bytes = DecodeWorkerMessage.encode(request)
    let length = try XCTUnwrap(DecodeWorkerMessage.payloadLength(ofRequestHead: bytes))
    XCTAssertEqual(length, bytes.count - 8)
    XCTAssertEqual(DecodeWorkerMessage.decodeRequest(payload: Array(bytes[8...])), request)

    XCTAssertNil(DecodeWorkerMessage.payloadLength(ofRequestHead: Array("LBDX\0\0\0\0".utf8)))
    var huge = bytes
    huge[6] = 0xFF
    XCTAssertNil(DecodeWorkerMessage.payloadLength(ofRequestHead: huge))
    var badOrientation = Array(bytes[8...])
    badOrientation[10] = 9
    XCTAssertNil(DecodeWorkerMessage.decodeRequest(payload: badOrientation))
  }

  /// A reply header announcing more pixels than the request allows is refused before the
  /// parent allocates anything.
  func testOversizedReplyIsRefused() {
    let header = DecodeWorkerMessage.ReplyHeader(
      isBitmap: true, isLast: false, first: 60_000, second: 60_000)
    let bytes = DecodeWorkerMessage.encode(header)
    XCTAssertNil(DecodeWorkerMessage.decodeReplyHeader(bytes, maxBody: 258 * 258 * 4))
    let small = DecodeWorkerMessage.ReplyHeader(isBitmap: true, isLast: true, first: 2, second: 3)
    XCTAssertEqual(
      DecodeWorkerMessage.decodeReplyHeader(DecodeWorkerMessage.encode(small), maxBody: 24), small)
  }

  /// A bitmap's note (why its file decoded only in part) travels after its pixels, bounded:
  /// an error message carries none and a longer one than `maxNote` is refused.
  func testABitmapsNoteIsCarriedAndBounded() {
    let noted = DecodeWorkerMessage.ReplyHeader(
      isBitmap: true, isLast: false, first: 2, second: 3, noteLength: 26)
    XCTAssertEqual(noted.bodySize, 24 + 26)
    XCTAssertEqual(
      DecodeWorkerMessage.decodeReplyHeader(DecodeWorkerMessage.encode(noted), maxBody: 24), noted)
    var long = noted
    long.noteLength = DecodeWorkerMessage.maxNote + 1
    XCTAssertNil(
      DecodeWorkerMessage.decodeReplyHeader(DecodeWorkerMessage.encode(long), maxBody: 24))
    var message = DecodeWorkerMessage.encode(
      DecodeWorkerMessage.ReplyHeader(isBitmap: false, isLast: false, first: 5, second: 0))
    message[2] = 4
    XCTAssertNil(DecodeWorkerMessage.decodeReplyHeader(message, maxBody: 24))
  }
}
