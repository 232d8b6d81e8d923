import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoMetadata

/// Matroska, WebM and AVI headers: duration, size, codec, frame rate, dates and location
/// from `MatroskaScanner` and `AVIScanner`, compared with ffprobe on clips ffmpeg makes at
/// test time, and on built files for what ffmpeg does not write (elements past the head,
/// unknown sizes, camera `IDIT` dates, damage).
final class ContainerMetadataTests: XCTestCase {
  private typealias B = ContainerBuilder
  private var folder = ""

  override func setUp() {
    folder =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "lightbox-containers-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      ).path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func read(_ bytes: [UInt8]) -> PhotoMetadata { readCounting(bytes).metadata }

  /// The metadata of `bytes` with a head of `maxHeaderBytes`, and the ranges loaded past it.
  private func readCounting(_ bytes: [UInt8]) -> (metadata: PhotoMetadata, loads: [Range<Int>]) {
    let head = Array(bytes.prefix(MetadataReader.maxHeaderBytes))
    var loads: [Range<Int>] = []
    let metadata = MetadataReader.read(bytes: head) { range in
      loads.append(range)
      guard range.lowerBound < bytes.count else { return nil }
      return Array(bytes[range.lowerBound..<min(range.upperBound, bytes.count)])
    }
    return (metadata, loads)
  }

  // MARK: Against ffprobe

  /// Durations agree within 2 ms (ffprobe prints microseconds; Matroska stores the duration
  /// in milliseconds as a float), frame rates within 0.01 fps, sizes and codecs exactly.
  /// Matroska durations are the Segment's (all tracks), AVI's the video stream's.
  func testClipsMadeByFFmpegMatchFFprobe() throws {
    guard VideoClips.available else { throw XCTSkip(VideoClips.missingMessage) }
    var checked = 0
    for clip in VideoClips.standard {
      let path = try VideoClips.make(clip, in: folder)
      let probe = try XCTUnwrap(VideoClips.probe(path), clip.name)
      let m = try MetadataReader.read(contentsOf: path).get()
      XCTAssertEqual(m.format, .video, clip.name)
      let video = try XCTUnwrap(m.video, clip.name)
      XCTAssertEqual(video.codec, probe.codec, clip.name)
      let size = try PixelSize(width: XCTUnwrap(probe.width), height: XCTUnwrap(probe.height))
      XCTAssertEqual(video.codedSize, size, clip.name)
      XCTAssertEqual(m.pixelSize, size, clip.name)
      XCTAssertEqual(video.rotation, 0, clip.name)
      let isAVI = clip.name.hasSuffix(".avi")
      let expected = try XCTUnwrap(isAVI ? probe.streamDuration : probe.formatDuration, clip.name)
      XCTAssertEqual(try XCTUnwrap(video.duration, clip.name), expected, accuracy: 0.002, clip.name)
      XCTAssertEqual(
        try XCTUnwrap(video.frameRate, clip.name), try XCTUnwrap(probe.frameRate), accuracy: 0.01,
        clip.name)
      try checkDate(m, probe, clip.name)
      if let location = probe.tags["LOCATION"] {
        let gps = try XCTUnwrap(QuickTimeScanner.iso6709(location))
        XCTAssertEqual(m.gps?.latitude, gps.latitude, clip.name)
        XCTAssertEqual(m.gps?.longitude, gps.longitude, clip.name)
      } else {
        XCTAssertNil(m.gps, clip.name)
      }
      checked += 1
    }
    XCTAssertGreaterThanOrEqual(checked, 4)
  }

  /// A `creation_time` is UTC, shown at this machine's offset (as MP4's `mvhd`); an AVI's
  /// `ICRD` (ffprobe's "date") is the camera's wall clock with no zone.
  private func checkDate(_ m: PhotoMetadata, _ probe: VideoClips.Probe, _ name: String) throws {
    if let text = probe.tags["creation_time"] {
      let date = try XCTUnwrap(m.captureDate, name)
      XCTAssertEqual(date.source, .movieCreationTime, name)
      XCTAssertEqual(date.utcSeconds, MatroskaSegmentReader.utcSeconds(text), name)
      let utc = try XCTUnwrap(DateTextParser.creationTime(text))
      XCTAssertEqual(m.dateTimeOriginal, utc.exifText, "\(name): UTC, as exiftool prints it")
    } else if let text = probe.tags["date"] {
      let date = try XCTUnwrap(m.captureDate, name)
      XCTAssertEqual(date.source, .aviRecordingDate, name)
      XCTAssertNil(date.utcOffsetSeconds, name)
      XCTAssertEqual(date.exifText, try XCTUnwrap(DateTextParser.creationTime(text)).exifText)
    } else {
      XCTAssertNil(m.captureDate, name)
      XCTAssertNil(m.dateTimeOriginal, name)
    }
  }

  /// Cut anywhere, a clip still reads as a video: no trap, no hang, and never a duration
  /// the header did not hold.
  func testTruncatedClipsReadWithoutTrapping() throws {
    guard VideoClips.available else { throw XCTSkip(VideoClips.missingMessage) }
    for clip in VideoClips.standard where clip.name == "h264.mkv" || clip.name == "mpeg4.avi" {
      let bytes = try [UInt8](
        Data(contentsOf: URL(fileURLWithPath: VideoClips.make(clip, in: folder))))
      for cut in [4, 16, 40, 64, 100, 200, 300, 500, 1000, 4096] {
        let m = read(Array(bytes.prefix(cut)))
        XCTAssertEqual(m.format, cut >= 12 ? .video : m.format, "\(clip.name) cut at \(cut)")
        if let size = m.pixelSize { XCTAssertEqual(size, PixelSize(width: 320, height: 240)) }
      }
    }
  }

  // MARK: Matroska

  /// Tracks, Info and Tags past the head (a large attachment first): found through the
  /// SeekHead, each read with one bounded load.
  func testElementsPastTheHeadAreFoundThroughTheSeekHead() throws {
    let start = B.segmentContentStart(docType: "webm")
    let filler = B.void(300_000)
    let info = B.info(milliseconds: 12_345, dateUTC: 600_000_000_000_000_000)
    let tracks = B.tracks(codecID: "V_VP9", width: 1280, height: 720, frameNanoseconds: 40_000_000)
    let tags = B.element(
      0x1254_C367,
      B.element(0x7373, B.element(0x63C0, []) + B.simpleTag("LOCATION", "-33.8568+151.2153/")))
    let seekSize = B.seekHead([(0x1549_A966, 0), (0x1654_AE6B, 0), (0x1254_C367, 0)]).count
    let infoAt = seekSize + filler.count
    let tracksAt = infoAt + info.count
    let tagsAt = tracksAt + tracks.count
    let seek = B.seekHead([(0x1549_A966, infoAt), (0x1654_AE6B, tracksAt), (0x1254_C367, tagsAt)])
    let file = B.matroska(docType: "webm", seek + filler + info + tracks + tags)
    let (m, loads) = readCounting(file)
    XCTAssertEqual(m.format, .video)
    XCTAssertEqual(try XCTUnwrap(m.video?.duration), 12.345, accuracy: 1e-9)
    XCTAssertEqual(m.video?.codec, "vp9")
    XCTAssertEqual(try XCTUnwrap(m.video?.frameRate), 25, accuracy: 1e-9)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 1280, height: 720))
    // 600,000,000 s after 2001-01-01T00:00:00Z.
    XCTAssertEqual(m.captureDate?.utcSeconds, 978_307_200 + 600_000_000)
    XCTAssertEqual(m.captureDate?.source, .movieCreationTime)
    XCTAssertEqual(try XCTUnwrap(m.gps?.latitude), -33.8568, accuracy: 1e-9)
    XCTAssertEqual(loads.map(\.lowerBound), [start + infoAt, start + tracksAt, start + tagsAt])
    XCTAssertTrue(loads.allSatisfy { $0.count <= MatroskaScanner.maxLoadBytes })
    // The head alone knows it is a video, and nothing more.
    let headOnly = MetadataReader.read(bytes: Array(file.prefix(MetadataReader.maxHeaderBytes)))
    XCTAssertEqual(headOnly.format, .video)
    XCTAssertNil(headOnly.video?.duration)
  }

  /// A live stream: Segment and Cluster of unknown size, a second Cluster after; the
  /// header before them is read and the walk ends.
  func testUnknownSizesEndTheWalk() throws {
    let info = B.info(milliseconds: 0, dateUTC: nil)
    let tracks = B.tracks(
      codecID: "V_MPEG4/ISO/AVC", width: 640, height: 360, frameNanoseconds: nil)
    let cluster = B.element(0x1F43_B675, [0xE7, 0x81, 0x00], unknownSize: true)
    let tags = B.element(
      0x1254_C367, B.element(0x7373, B.simpleTag("DATE_RECORDED", "2020-01-02 03:04:05")))
    let file = B.matroska(unknownSegmentSize: true, info + tracks + cluster + cluster + tags)
    let (m, loads) = readCounting(file)
    XCTAssertEqual(m.video?.codec, "h264")
    XCTAssertEqual(m.pixelSize, PixelSize(width: 640, height: 360))
    XCTAssertNil(m.video?.frameRate, "no default duration, none invented")
    XCTAssertEqual(m.video?.duration, 0)
    XCTAssertNil(m.captureDate, "Tags behind an unknown-size Cluster and no SeekHead")
    XCTAssertEqual(loads, [])

    // Tags before the clusters: a global DATE_RECORDED with no zone is UTC.
    let dated = read(B.matroska(unknownSegmentSize: true, info + tags + tracks + cluster))
    XCTAssertEqual(dated.captureDate?.utcSeconds, 1_577_934_245)
    XCTAssertEqual(dated.dateTimeOriginal, "2020:01:02 03:04:05")
  }

  func testTrackTagsAndOtherDocTypesAreIgnored() throws {
    let trackTag = B.element(
      0x7373,
      B.element(0x63C0, B.uint(0x63C5, 42)) + B.simpleTag("creation_time", "2001-02-03T04:05:06Z"))
    let global = B.element(
      0x7373, B.simpleTag("com.apple.quicktime.creationdate", "2019-07-24T10:25:57+0200"))
    let tracks = B.tracks(
      codecID: "V_MS/VFW/FOURCC", width: 320, height: 240, frameNanoseconds: 33_366_667)
    let m = read(B.matroska(tracks + B.element(0x1254_C367, trackTag + global)))
    XCTAssertEqual(m.captureDate?.source, .quickTimeCreationDate)
    XCTAssertEqual(m.captureDate?.utcOffsetSeconds, 7200)
    XCTAssertEqual(try XCTUnwrap(m.video?.frameRate), 29.97, accuracy: 0.001)
    XCTAssertEqual(m.video?.codec, "ms/vfw/fourcc", "no BITMAPINFOHEADER to name it")
    XCTAssertNil(read(B.matroska(docType: "notmkv", tracks)).video?.codec)

    var bitmap = [UInt8](repeating: 0, count: 40)
    bitmap.replaceSubrange(16..<20, with: Array("DIVX".utf8))
    let vfw = bitmap.withUnsafeBytes {
      MatroskaScanner.codecName("V_MS/VFW/FOURCC", ByteView($0), privateData: 0..<40)
    }
    XCTAssertEqual(vfw, "mpeg4")
    let hostile = [UInt8]().withUnsafeBytes {
      MatroskaScanner.codecName("V_\u{1B}[2Jx", ByteView($0), privateData: nil)
    }
    XCTAssertEqual(
      hostile,
      "[2jx", "printable only")
  }

  // MARK: AVI

  /// A camera AVI: IDIT in ctime form, an audio stream first, OpenDML's total, a top-down
  /// frame; the stream's length and rate give the duration.
  func testAVIHeaderFields() throws {
    let idit = B.chunk("IDIT", Array("THU OCT 26 16:46:00 2006\n\0".utf8))
    let file = B.avi(
      microsecondsPerFrame: 33_367, frames: 10, width: 640, height: 480, compression: "XVID",
      rate: 30_000, scale: 1001, length: 300, topDown: true, totalFrames: 300, headerExtra: idit,
      extra: B.list("INFO", B.chunk("ICRD", Array("1999-01-01".utf8))))
    let m = read(file)
    XCTAssertEqual(m.format, .video)
    XCTAssertEqual(m.video?.codec, "mpeg4")
    XCTAssertEqual(try XCTUnwrap(m.video?.duration), 10.01, accuracy: 1e-9)
    XCTAssertEqual(try XCTUnwrap(m.video?.frameRate), 30_000.0 / 1001, accuracy: 1e-9)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 640, height: 480))
    let date = try XCTUnwrap(m.captureDate)
    XCTAssertEqual(date.source, .aviRecordingDate)
    XCTAssertEqual(date.exifText, "2006:10:26 16:46:00", "IDIT wins over ICRD")
    XCTAssertNil(date.utcOffsetSeconds)
    XCTAssertEqual(m.dateTimeOriginal, "2006:10:26 16:46:00")

    // No stream length: OpenDML's total frames × the main header's frame time.
    let odml = read(B.avi(microsecondsPerFrame: 40_000, frames: 7, length: 0, totalFrames: 500))
    XCTAssertEqual(try XCTUnwrap(odml.video?.duration), 20, accuracy: 1e-9)
    let plain = read(B.avi(microsecondsPerFrame: 40_000, frames: 7, rate: 0, length: 0))
    XCTAssertEqual(try XCTUnwrap(plain.video?.duration), 0.28, accuracy: 1e-9)
    XCTAssertEqual(try XCTUnwrap(plain.video?.frameRate), 25, accuracy: 1e-9)
  }

  /// Found by `scripts/fuzz avi`: a RIFF size below 4 made the chunk range run backwards.
  func testAVIWithARIFFSizeBelowFourStillReads() throws {
    var file = B.avi()
    for size in 0..<4 {
      file.replaceSubrange(4..<8, with: B.le32(size))
      XCTAssertEqual(read(file).video?.codec, "mpeg4", "RIFF size \(size)")
      XCTAssertEqual(read(Array(file.prefix(12))).format, .video)
    }
  }

  func testAVIDateForms() {
    for (text, expected) in [
      ("THU OCT 26 16:46:00 2006", "2006:10:26 16:46:00"),
      ("Mon Mar  3 09:44:56 2003", "2003:03:03 09:44:56"),
      ("2005:08:17 11:42:43", "2005:08:17 11:42:43"),
      ("2006/10/26 16:46", "2006:10:26 16:46:00"),
      ("2006-10-26", "2006:10:26 00:00:00"),
    ] {
      XCTAssertEqual(AVIScanner.recordingDate(text)?.exifText, expected, text)
    }
    for bad in [
      "", "THU XYZ 26 16:46:00 2006", "THU OCT 32 16:46:00 2006", "OCT 26 2006", "\u{1B}[2J",
    ] {
      XCTAssertNil(AVIScanner.recordingDate(bad), bad)
    }
  }

  func testAVICodecNames() {
    func name(_ code: String) -> String {
      AVIScanner.codecName(code.utf8.reduce(0) { $0 << 8 | UInt32($1) })
    }
    XCTAssertEqual(name("FMP4"), "mpeg4")
    XCTAssertEqual(name("xvid"), "mpeg4")
    XCTAssertEqual(name("MJPG"), "mjpeg")
    XCTAssertEqual(name("H264"), "h264")
    XCTAssertEqual(AVIScanner.codecName(0), "rawvideo")
    XCTAssertEqual(AVIScanner.codecName(0x0100_0000), "msrle", "BI_RLE8, little-endian")
    XCTAssertEqual(name("ab\u{1B}c"), "ab?c")
  }

  // MARK: Damage

  /// Random byte flips and cuts of built Matroska and AVI files never trap and never hang.
  func testDamagedContainersNeverTrap() {
    var random = SeededGenerator(seed: TestSeed.value)
    let tags = B.element(0x1254_C367, B.element(0x7373, B.simpleTag("LOCATION", "+1.0+2.0/")))
    let bases = [
      B.matroska(
        B.seekHead([(0x1254_C367, 10)]) + B.info(milliseconds: 1000, dateUTC: 1)
          + B.tracks(codecID: "V_VP8", width: 64, height: 48, frameNanoseconds: 1) + tags),
      B.avi(
        totalFrames: 5, headerExtra: B.chunk("IDIT", Array("2005:08:17 11:42:43".utf8)),
        extra: B.list("INFO", B.chunk("ICRD", [0x41]))),
    ]
    for base in bases {
      for _ in 0..<3000 {
        var bytes = base
        for _ in 0..<Int.random(in: 1...8, using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(
            in: 0...255, using: &random)
        }
        if Bool.random(using: &random) {
          bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
        }
        let m = read(bytes)
        if let size = m.pixelSize { XCTAssertGreaterThan(size.area, 0) }
        if let duration = m.video?.duration { XCTAssertTrue(duration.isFinite) }
      }
    }
  }
}
