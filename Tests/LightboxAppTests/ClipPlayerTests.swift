import Foundation
@_spi(InProcessDecoding) import DecodeWorker
import LightboxTestSupport
import PhotoModel
import PhotoStore
import TerminalGraphics
import XCTest

@testable import LightboxApp

/// The player on its own (frames read in process): every frame of a short clip announced in
/// order with its picture in the cache, then the end; a stop silences it at once; a paused
/// stream shows its first frame and nothing more until resumed.
final class ClipPlayerTests: XCTestCase {
  /// What the player told the store, in order.
  final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [DetailAction] = []
    var actions: [DetailAction] { lock.withLock { stored } }
    func record(_ action: Action) {
      guard case .detail(let event) = action else { return }
      lock.withLock { stored.append(event) }
    }
    var frames: [(frame: Int, milliseconds: Int)] {
      actions.compactMap {
        if case .playbackFrame(_, let frame, let milliseconds) = $0 {
          return (frame, milliseconds)
        }
        return nil
      }
    }
    var ended: Bool { actions.contains { if case .playbackEnded = $0 { true } else { false } } }
  }

  func clip(_ name: String) throws -> String {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    return corpus.appendingPathComponent(name).path
  }

  func player(_ cache: PictureCache, _ recorder: Recorder) -> ClipPlayer {
    ClipPlayer(
      cache: cache, format: .halfBlock(.trueColor), background: .black, upscale: true,
      decoder: PhotoDecoder.inProcess, send: { recorder.record($0) })
  }

  let key = ImageKey(asset: AssetID(7), size: PixelSize(width: 96, height: 64), fit: .fit)

  func wait(until condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(30)
    while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
  }

  func testAShortClipIsAnnouncedFrameByFrameThenEnds() throws {
    let cache = PictureCache()
    let recorder = Recorder()
    let player = player(cache, recorder)
    player.start(
      PlaybackRequest(
        token: 3, path: try clip("video/uuid540.mp4"), key: key, startMilliseconds: 0,
        loops: false))
    wait { recorder.ended }
    XCTAssertTrue(recorder.ended)
    let frames = recorder.frames
    // 31 frames at 29.97 fps in about a second: on a loaded machine some may be dropped,
    // never most of them.
    XCTAssertGreaterThan(frames.count, 15)
    XCTAssertLessThanOrEqual(frames.count, 31)
    for (a, b) in zip(frames, frames.dropFirst()) {
      XCTAssertEqual(b.frame, a.frame + 1, "numbered in order")
      XCTAssertGreaterThan(b.milliseconds, a.milliseconds, "later in the clip")
    }
    var last = key
    last.frame = frames.last!.frame
    XCTAssertNotNil(cache.picture(for: last), "the newest frame is in the cache")
    var old = key
    old.frame = frames.first!.frame
    XCTAssertNil(cache.picture(for: old), "old frames are let go")
  }

  func testStopSilencesTheStreamAtOnce() throws {
    let cache = PictureCache()
    let recorder = Recorder()
    let player = player(cache, recorder)
    player.start(
      PlaybackRequest(
        token: 1, path: try clip("video/iPhone6_with-gps.mov"), key: key,
        startMilliseconds: 0, loops: false))
    wait { recorder.frames.count >= 3 }
    player.stop(token: 1)
    let count = recorder.actions.count
    Thread.sleep(forTimeInterval: 0.5)
    XCTAssertEqual(recorder.actions.count, count, "nothing after the stop")
    XCTAssertFalse(recorder.ended)
  }

  func testAPausedStartShowsOneFrameUntilResumed() throws {
    let cache = PictureCache()
    let recorder = Recorder()
    let player = player(cache, recorder)
    player.start(
      PlaybackRequest(
        token: 2, path: try clip("video/iPhone6_with-gps.mov"), key: key,
        startMilliseconds: 1000, loops: false, paused: true))
    wait { recorder.frames.count >= 1 }
    Thread.sleep(forTimeInterval: 0.5)
    XCTAssertEqual(recorder.frames.count, 1, "paused after the first frame")
    XCTAssertGreaterThanOrEqual(recorder.frames[0].milliseconds, 990, "from the start asked")
    player.setPaused(token: 2, paused: false)
    wait { recorder.frames.count >= 5 }
    XCTAssertGreaterThanOrEqual(recorder.frames.count, 5, "resumed")
    player.stopAll()
  }
}
