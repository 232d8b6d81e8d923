import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoMetadata

/// AVIF image sequences (`avis`, issue 33): sniffed as AVIF sequences, not HEIF stills, and
/// read like a movie for their frame count, length, size and the movie header's creation
/// time, with or without a still item, compared with ffprobe.
final class AVIFSequenceMetadataTests: XCTestCase {
  private var folder = ""

  override func setUp() {
    folder =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "lightbox-avis-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      ).path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  func testASequenceIsSniffedAsAnAVIFSequence() throws {
    guard AVIFSequences.available else { throw XCTSkip(AVIFSequences.missingMessage) }
    for still in [true, false] {
      let path = try AVIFSequences.make("s\(still).avif", in: folder, stillItem: still)
      let head = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)).prefix(64))
      XCTAssertEqual(FormatSniffer.format(of: head), .avifSequence, "still item: \(still)")
      XCTAssertEqual(FormatSniffer.format(of: head)?.label, "AVIF")
    }
  }

  /// 100 frames at 10 fps: 10 s, 64×48, the movie header's date (UTC, at this machine's
  /// offset) as the capture date, as ffprobe reads them.
  func testTheMovieHeaderGivesFramesLengthSizeAndDate() throws {
    guard AVIFSequences.available else { throw XCTSkip(AVIFSequences.missingMessage) }
    for still in [true, false] {
      let name = "still-\(still)"
      let path = try AVIFSequences.make("\(name).avif", in: folder, stillItem: still)
      let m = try MetadataReader.read(contentsOf: path).get()
      XCTAssertEqual(m.format, .avifSequence, name)
      let video = try XCTUnwrap(m.video, name)
      XCTAssertEqual(video.frameCount, 100, name)
      XCTAssertEqual(try XCTUnwrap(video.duration, name), 10, accuracy: 0.001, name)
      XCTAssertEqual(try XCTUnwrap(video.frameRate, name), 10, accuracy: 0.01, name)
      XCTAssertEqual(video.codec, "av1", name)
      XCTAssertEqual(m.pixelSize, PixelSize(width: 64, height: 48), name)
      XCTAssertEqual(m.orientation, .up, name)
      let date = try XCTUnwrap(m.captureDate, name)
      XCTAssertEqual(date.source, .movieCreationTime, name)
      XCTAssertEqual(date.utcSeconds, AVIFSequences.creationSeconds, name)
      XCTAssertNil(m.dateTimeOriginal, "\(name): no Exif date in the file")

      let probe = try XCTUnwrap(VideoClips.probe(path), name)
      XCTAssertEqual(probe.codec, "av1", name)
      XCTAssertEqual(try XCTUnwrap(probe.streamDuration, name), 10, accuracy: 0.001, name)
      XCTAssertEqual(
        probe.tags["creation_time"].flatMap(MatroskaSegmentReader.utcSeconds),
        AVIFSequences.creationSeconds, name)
    }
  }

  /// ffmpeg's AVIF muxer writes a zero movie duration: the track's samples tell the length.
  func testAZeroMovieDurationFallsBackToTheTrack() throws {
    guard AVIFSequences.available else { throw XCTSkip(AVIFSequences.missingMessage) }
    let path = try AVIFSequences.make("zero.avif", in: folder, frames: 30)
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    try AVIFSequences.setMovieDuration(&bytes, seconds: 0)
    let m = MetadataReader.read(bytes: bytes) { _ in nil }
    XCTAssertEqual(m.video?.frameCount, 30)
    XCTAssertEqual(try XCTUnwrap(m.video?.duration), 3, accuracy: 0.001)
  }

  /// An Exif date in the still item wins over the movie header's, as for any photo.
  func testTheCorpusSequenceWithExifKeepsItsExifDate() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let path = corpus.appendingPathComponent("avif/colors-animated-8bpc-alpha-exif-xmp.avif").path
    let m = try MetadataReader.read(contentsOf: path).get()
    XCTAssertEqual(m.format, .avifSequence)
    XCTAssertEqual(m.dateTimeOriginal, "2022:08:22 20:30:46")
    XCTAssertEqual(m.captureDate?.source, .exif)
    XCTAssertEqual(m.video?.frameCount, 5)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 150, height: 150))
  }
}
