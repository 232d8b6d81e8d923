import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@testable import Decoders
@_spi(InProcessDecoding) @testable import DecodeWorker

/// Playback's frames streamed by a sandboxed worker: the same frames as in process, the
/// end, a broken movie and a crashing decoder as one line, and no worker left behind.
final class DecodeWorkerStreamTests: XCTestCase {
  private var files = DecodeWorkerFiles(label: "unused")

  override func setUp() { files = DecodeWorkerFiles(label: "worker-stream") }
  override func tearDown() { files.remove() }

  private func corpusFile(_ path: String) throws -> String {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    return corpus.appendingPathComponent(path).path
  }

  private static let box = DecodeOptions(
    target: PixelSize(width: 240, height: 240), mode: .fit, quality: .fast)

  private func read(_ source: any FrameSource, count: Int) -> [(Bitmap, Double)] {
    var frames: [(Bitmap, Double)] = []
    while frames.count < count, case .frame(let bitmap, let seconds) = source.nextFrame() {
      frames.append((bitmap, seconds))
    }
    return frames
  }

  func testTheWorkerStreamsTheSameFramesAsInProcess() throws {
    let path = try corpusFile("video/iPhone6_with-gps.mov")
    let host = try DecodeWorkerFiles.host()
    let streamed = try PhotoDecoder(host: host).frames(
      path: path, options: Self.box, start: 1.0, loops: false
    ).get()
    let local = try PhotoDecoder.inProcess.frames(
      path: path, options: Self.box, start: 1.0, loops: false
    )
    .get()
    let remote = read(streamed, count: 20)
    let here = read(local, count: 20)
    XCTAssertEqual(remote.count, 20)
    // Times cross the wire in microseconds.
    XCTAssertEqual(remote.map { ($0.1 * 1e6).rounded() }, here.map { ($0.1 * 1e6).rounded() })
    XCTAssertEqual(remote.map(\.0.pixels), here.map(\.0.pixels))
    XCTAssertEqual(remote.first?.0.size, PixelSize(width: 135, height: 240))
    streamed.close()
    XCTAssertEqual(DecodeWorkerFiles.zombieChildren(), [])
  }

  func testAStreamEndsAfterTheLastFrame() throws {
    let host = try DecodeWorkerFiles.host()
    let source = try PhotoDecoder(host: host).frames(
      path: try corpusFile("video/uuid540.mp4"), options: Self.box, start: 0, loops: false
    ).get()
    var frames = 0
    var last = FrameEvent.end
    while true {
      last = source.nextFrame()
      guard case .frame = last else { break }
      frames += 1
    }
    guard case .end = last else { return XCTFail("\(last)") }
    XCTAssertEqual(frames, 31, "ffprobe counts 31 frames")
    guard case .end = source.nextFrame() else { return XCTFail("not at the end any more") }
  }

  func testBrokenAndCrashingFilesAreOneLine() throws {
    let host = try DecodeWorkerFiles.host()
    let broken = try corpusFile("malformed/derived_video_truncated_in_moov_uuid540.mp4")
    let crash = try files.abortFile()
    for path in [broken, crash] {
      let reason: String
      switch PhotoDecoder(host: host).frames(
        path: path, options: Self.box, start: 0, loops: false)
      {
      case .failure(let error): reason = error.reason
      case .success(let source):
        guard case .failed(let error) = source.nextFrame() else {
          XCTFail("\(path): frames")
          continue
        }
        reason = error.reason
      }
      XCTAssertFalse(reason.isEmpty)
      XCTAssertFalse(reason.contains("\n"), reason)
      if path == crash { XCTAssertTrue(reason.hasPrefix("decoder crashed on abort.webp"), reason) }
    }
    XCTAssertEqual(DecodeWorkerFiles.zombieChildren(), [])
  }

  func testPlayRequestsRoundTrip() {
    let request = DecodeWorkerMessage.PlayRequest(
      path: "/a/b.mov",
      options: DecodeOptions(
        target: PixelSize(width: 640, height: 360), mode: .fit, quality: .fast,
        background: RGB(1, 2, 3), maxPixels: 12345),
      startMilliseconds: 5000, loops: true)
    let bytes = DecodeWorkerMessage.encode(request)
    let length = DecodeWorkerMessage.payloadLength(ofPlayHead: Array(bytes.prefix(8)))
    XCTAssertEqual(length, bytes.count - 8)
    let decoded = DecodeWorkerMessage.decodePlayRequest(payload: Array(bytes.dropFirst(8)))
    XCTAssertEqual(decoded, request)
    XCTAssertNil(DecodeWorkerMessage.payloadLength(ofRequestHead: Array(bytes.prefix(8))))
    XCTAssertNil(
      DecodeWorkerMessage.decodeStreamReply(
        DecodeWorkerMessage.frameHead(width: 1000, height: 1000, microseconds: 0).prefix(12)
          .map { $0 }, maxPixels: 640 * 360),
      "a frame larger than asked is refused before its pixels are read")
  }
}
