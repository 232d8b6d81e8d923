import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@_spi(Decoders) @testable import Decoders

/// Playback's frames: in order, at the displayed shape, from a start time, looping for
/// animated GIFs, and broken movies as one-line failures.
final class VideoFrameReaderTests: XCTestCase {
  private func corpusFile(_ path: String) throws -> String {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    return corpus.appendingPathComponent(path).path
  }

  private static let box = DecodeOptions(
    target: PixelSize(width: 320, height: 240), mode: .fit, quality: .fast)

  private func frames(_ path: String, start: Double = 0, loops: Bool = false, count: Int)
    throws -> [VideoFrameReader.Frame]
  {
    let reader = try VideoFrameReader.open(
      path: try corpusFile(path), options: Self.box, start: start, loops: loops
    ).get()
    var frames: [VideoFrameReader.Frame] = []
    while frames.count < count, let frame = try reader.next().get() { frames.append(frame) }
    return frames
  }

  func testFramesComeInOrderAtTheDisplayedShape() throws {
    let shapes: [(String, PixelSize)] = [
      ("video/with-gps.mp4", PixelSize(width: 320, height: 180)),
      ("video/iPhone6_with-gps.mov", PixelSize(width: 135, height: 240)),
      // Smaller than the box: never enlarged here (the player enlarges it, as the still).
      ("video/derived_rotate180_sample.3gp", PixelSize(width: 176, height: 144)),
    ]
    for (path, size) in shapes {
      // with-gps.mp4 has 3 frames (ffprobe), the others 74 and 120.
      let read = try frames(path, count: 3)
      XCTAssertEqual(read.count, 3, path)
      XCTAssertEqual(Set(read.map(\.bitmap.size)), [size], path)
      for (a, b) in zip(read, read.dropFirst()) {
        XCTAssertLessThan(a.seconds, b.seconds, "\(path): timestamps must increase")
      }
      XCTAssertLessThan(read[0].seconds, 0.1, path)
    }
  }

  /// A moving picture: the frames are not all the same (a reader stuck on one frame would
  /// give identical bitmaps).
  func testFramesChange() throws {
    let read = try frames("video/iPhone6_with-gps.mov", count: 30)
    let first = read[0].bitmap
    XCTAssertTrue(
      read.dropFirst().contains { VideoPosterTests.meanDifference($0.bitmap, first) > 1 })
  }

  func testAStartTimeSkipsToIt() throws {
    let read = try frames("video/iPhone6_with-gps.mov", start: 2.0, count: 3)
    XCTAssertEqual(read.count, 3)
    XCTAssertGreaterThanOrEqual(read[0].seconds, 1.99)
    XCTAssertLessThan(read[0].seconds, 2.2)
  }

  func testTheEndOfAClipIsNil() throws {
    let reader = try VideoFrameReader.open(
      path: try corpusFile("video/sample.3gp"), options: Self.box, start: 0, loops: false
    ).get()
    var count = 0
    while try reader.next().get() != nil { count += 1 }
    XCTAssertGreaterThan(count, 10)
    XCTAssertNil(try reader.next().get(), "after the end it stays at the end")
    let duration = try XCTUnwrap(reader.duration)
    XCTAssertGreaterThan(duration, 0)
  }

  /// chi.gif has 31 frames (gifsicle): a looping reader goes round, later each time, and
  /// its 32nd frame is its first again.
  func testAnimatedGIFsLoop() throws {
    let read = try frames("gif/chi.gif", loops: true, count: 40)
    XCTAssertEqual(read.count, 40)
    for (a, b) in zip(read, read.dropFirst()) { XCTAssertLessThan(a.seconds, b.seconds) }
    XCTAssertEqual(read[31].bitmap.pixels, read[0].bitmap.pixels)
    XCTAssertNotEqual(read[1].bitmap.pixels, read[0].bitmap.pixels)
    XCTAssertEqual(read[0].bitmap.size, PixelSize(width: 320, height: 240))
  }

  /// A start past an animated image's end lands in a later loop (chi.gif is about 3 s).
  func testAStartPastALoopLandsInALaterPass() throws {
    let read = try frames("gif/chi.gif", start: 7.0, loops: true, count: 3)
    XCTAssertEqual(read.count, 3)
    XCTAssertGreaterThanOrEqual(read[0].seconds, 6.99)
    XCTAssertLessThan(read[0].seconds, 7.5)
  }

  /// An animated WebP (libwebp's decoder): frames that move, in order, looping.
  func testAnimatedWebPFramesLoop() throws {
    let path = try corpusFile("webp/anim.webp")
    let reader = try FrameReaders.open(path: path, options: Self.box, start: 0, loops: true).get()
    var read: [VideoFrameReader.Frame] = []
    while read.count < 30, let frame = try reader.next().get() { read.append(frame) }
    XCTAssertEqual(read.count, 30)
    for (a, b) in zip(read, read.dropFirst()) { XCTAssertLessThan(a.seconds, b.seconds) }
    XCTAssertTrue(read.contains { $0.bitmap.pixels != read[0].bitmap.pixels }, "it moves")
    XCTAssertLessThanOrEqual(read[0].bitmap.width, 320)
    XCTAssertLessThanOrEqual(read[0].bitmap.height, 240)
  }

  func testBrokenMoviesFailOnOneLine() throws {
    for path in [
      "malformed/derived_video_truncated_in_moov_uuid540.mp4",
      "malformed/video_exiftool_stripped.mov",
    ] {
      let opened = VideoFrameReader.open(
        path: try corpusFile(path), options: Self.box, start: 0, loops: false)
      let reason: String
      switch opened {
      case .failure(let error): reason = error.reason
      case .success(let reader):
        guard case .failure(let error) = reader.next() else {
          XCTFail("\(path): frames from a broken movie")
          continue
        }
        reason = error.reason
      }
      XCTAssertFalse(reason.isEmpty, path)
      XCTAssertFalse(reason.contains("\n"), path)
    }
  }
}
