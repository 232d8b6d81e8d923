import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoMetadata

/// MP4/QuickTime headers: duration, displayed size after the track's rotation, capture
/// dates, codec, frame rate, location and Apple's keys, read from `moov` alone, on the
/// corpus's videos (checked against ffprobe when it is installed) and on built movies.
final class VideoMetadataTests: XCTestCase {
  private func read(_ bytes: [UInt8]) -> PhotoMetadata {
    let head = Array(bytes.prefix(MetadataReader.maxHeaderBytes))
    return MetadataReader.read(bytes: head) { range in
      guard range.lowerBound < bytes.count else { return nil }
      return Array(bytes[range.lowerBound..<min(range.upperBound, bytes.count)])
    }
  }

  func testABuiltMovieGivesEveryField() throws {
    let movie = MovieBuilder.movie(
      seconds: 42.5, width: 1920, height: 1080, rotation: 90, created: 1_700_000_000,
      frames: 1275, fps: 30, appleDate: "2023-11-14T23:13:20+0100",
      identifier: "5A1B-LIVE\u{1B}[2J", location: "+48.8584+002.2945+035.000/")
    let m = read(movie)
    XCTAssertEqual(m.format, .video)
    let video = try XCTUnwrap(m.video)
    XCTAssertEqual(try XCTUnwrap(video.duration), 42.5, accuracy: 0.001)
    XCTAssertEqual(video.codec, "h264")
    XCTAssertEqual(try XCTUnwrap(video.frameRate), 30, accuracy: 0.001)
    XCTAssertEqual(video.rotation, 90)
    XCTAssertEqual(video.codedSize, PixelSize(width: 1920, height: 1080))
    XCTAssertEqual(m.pixelSize, PixelSize(width: 1080, height: 1920), "displayed, turned")
    XCTAssertEqual(m.orientation, .up, "the rotation is in the size, not applied again")
    // No escape sequence from a file survives into the identifier.
    XCTAssertEqual(video.contentIdentifier, "5A1B-LIVE[2J")
    XCTAssertEqual(m.dateTimeOriginal, "2023:11:14 22:13:20", "mvhd, UTC")
    let date = try XCTUnwrap(m.captureDate)
    XCTAssertEqual(date.source, .quickTimeCreationDate)
    XCTAssertEqual([date.hour, date.minute, date.utcOffsetSeconds], [23, 13, 3600])
    XCTAssertEqual(date.utcSeconds, 1_700_000_000)
    XCTAssertEqual(try XCTUnwrap(m.gps?.latitude), 48.8584, accuracy: 1e-9)
    XCTAssertEqual(try XCTUnwrap(m.gps?.longitude), 2.2945, accuracy: 1e-9)
    XCTAssertEqual(try XCTUnwrap(m.gps?.altitude), 35, accuracy: 1e-9)
    XCTAssertNil(m.cameraMake, "no make key, none invented")
  }

  func testTheMovieHeaderDateIsUTCWithTheLocalOffsetRecorded() throws {
    for version1 in [false, true] {
      let m = read(MovieBuilder.movie(created: 1_600_000_000, version1: version1))
      let date = try XCTUnwrap(m.captureDate)
      XCTAssertEqual(date.source, .movieCreationTime)
      XCTAssertEqual(date.utcSeconds, 1_600_000_000, "the instant, whatever the time zone")
      XCTAssertEqual(m.dateTimeOriginal, "2020:09:13 12:26:40")
      XCTAssertEqual(try XCTUnwrap(m.video?.duration), 12.5, accuracy: 0.001)
    }
  }

  func testEveryRotationTurnsTheDisplayedSize() {
    for (rotation, size) in [
      (0, PixelSize(width: 640, height: 480)), (90, PixelSize(width: 480, height: 640)),
      (180, PixelSize(width: 640, height: 480)), (270, PixelSize(width: 480, height: 640)),
    ] {
      let m = read(MovieBuilder.movie(width: 640, height: 480, rotation: rotation))
      XCTAssertEqual(m.video?.rotation, rotation)
      XCTAssertEqual(m.pixelSize, size, "\(rotation)°")
    }
  }

  /// A phone that writes `moov` after a large `mdat`: the header is found past the head
  /// with a few reads, and `mdat` is never read.
  func testAMovieBoxAfterTheMediaDataIsReadFromTheFile() throws {
    let movie = MovieBuilder.movie(
      seconds: 3, udtaLocation: "-33.8568+151.2153/", moovLast: true, mdatBytes: 3_000_000)
    var loaded: [Range<Int>] = []
    let head = Array(movie.prefix(MetadataReader.maxHeaderBytes))
    let m = MetadataReader.read(bytes: head) { range in
      loaded.append(range)
      return Array(movie[range.lowerBound..<min(range.upperBound, movie.count)])
    }
    XCTAssertEqual(try XCTUnwrap(m.video?.duration), 3, accuracy: 0.001)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 1920, height: 1080))
    XCTAssertEqual(try XCTUnwrap(m.gps?.latitude), -33.8568, accuracy: 1e-9)
    XCTAssertLessThanOrEqual(loaded.count, 3)
    XCTAssertLessThan(loaded.map(\.count).reduce(0, +), 8192, "only the header is read")
    // The head alone (no loader) knows it is a video, and nothing more.
    let headOnly = MetadataReader.read(bytes: head)
    XCTAssertEqual(headOnly.format, .video)
    XCTAssertNil(headOnly.video?.duration)
  }

  func testISO6709Positions() throws {
    func position(_ text: String) -> [Double]? {
      QuickTimeScanner.iso6709(text).map { [$0.latitude, $0.longitude, $0.altitude ?? .nan] }
    }
    let decimal = try XCTUnwrap(position("+37.3323-122.0312+010.000/"))
    XCTAssertEqual(decimal[0], 37.3323, accuracy: 1e-9)
    XCTAssertEqual(decimal[1], -122.0312, accuracy: 1e-9)
    XCTAssertEqual(decimal[2], 10, accuracy: 1e-9)
    let minutes = try XCTUnwrap(position("+4851.5-00217.7/"))
    XCTAssertEqual(minutes[0], 48 + 51.5 / 60, accuracy: 1e-9)
    XCTAssertEqual(minutes[1], -(2 + 17.7 / 60), accuracy: 1e-9)
    XCTAssertTrue(try XCTUnwrap(position("+10.5+020.25/"))[2].isNaN, "no altitude")
    for bad in ["", "/", "+91.0+000.0/", "+10.0+190.0/", "abc", "+", "+00.000+000.000/"] {
      XCTAssertNil(position(bad), bad)
    }
  }

  /// Random byte flips and cuts of a built movie never trap and never hang.
  func testDamagedMoviesNeverTrap() {
    var random = SeededGenerator(seed: TestSeed.value)
    let base = MovieBuilder.movie(
      appleDate: "2023-11-14T23:13:20+0100", identifier: "ID", location: "+1.0+2.0/",
      udtaLocation: "+1.0+2.0/")
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
      if let size = m.pixelSize { XCTAssertGreaterThanOrEqual(size.area, 0) }
    }
  }

  /// Sizes, counts and dates at their limits: no overflow, no date out of the calendar.
  func testExtremeValuesNeverTrap() {
    let b = MovieBuilder.self
    var huge = b.box("ftyp", Array("isom".utf8) + b.be32(0))
    for _ in 0..<4 { huge += b.be32(1) + Array("free".utf8) + b.be64(Int(Int64.max)) }
    huge += b.be32(1) + Array("free".utf8) + b.be64(1 << 52)
    huge += b.be32(1) + Array("free".utf8) + b.be64(1 << 52)
    let m = read(huge)
    XCTAssertEqual(m.format, .video)
    XCTAssertNil(m.video?.duration)

    var movie = MovieBuilder.movie(created: 0)
    // Every stts entry 0xFFFFFFFF × 0xFFFFFFFF, and an mvhd date past the year 9999.
    if let stts = movie.firstRange(of: Array("stts".utf8)) {
      for i in (stts.upperBound + 8)..<(stts.upperBound + 16) { movie[i] = 0xFF }
    }
    if let mvhd = movie.firstRange(of: Array("mvhd".utf8)) {
      for i in (mvhd.upperBound + 4)..<(mvhd.upperBound + 8) { movie[i] = 0xFF }
    }
    let extreme = read(movie)
    XCTAssertEqual(
      try XCTUnwrap(extreme.video?.frameRate), 30_000.0 / 4_294_967_295, accuracy: 1e-9)
    XCTAssertEqual(extreme.dateTimeOriginal, "2040:02:06 06:28:15", "the last 32-bit date")
  }

  // MARK: The corpus

  /// Every video of the corpus: displayed size and date as expectations.tsv gives them, the
  /// duration and frame rate as ffprobe reports them (when it is installed).
  func testCorpusVideosMatchTheReferenceTools() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let rows = try CorpusLocator.expectations().filter {
      CorpusLocator.addedKind(ofRow: $0) == .video
    }
    XCTAssertGreaterThanOrEqual(rows.count, 7)
    let ffprobe = Self.ffprobeAvailable
    var checkedDurations = 0
    for row in rows {
      let path = try XCTUnwrap(row["path"])
      let file = corpus.appendingPathComponent(path).path
      let m: PhotoMetadata
      switch MetadataReader.read(contentsOf: file) {
      case .success(let value): m = value
      case .failure(let error):
        XCTAssertEqual(row["kind"], "corrupt", "\(path): \(error.reason)")
        continue
      }
      XCTAssertEqual(m.format, .video, path)
      if let w = Int(row["width"] ?? ""), let h = Int(row["height"] ?? "") {
        XCTAssertEqual(m.pixelSize, PixelSize(width: w, height: h), path)
      }
      let date = row["exif_datetime_original"] == "-" ? nil : row["exif_datetime_original"]
      XCTAssertEqual(m.dateTimeOriginal, date, path)
      if let date, m.captureDate?.source == .movieCreationTime {
        let expected = try XCTUnwrap(DateTextParser.exifDate(date, source: .exif))
        XCTAssertEqual(m.captureDate?.utcSeconds, expected.localSortKey / 1000, path)
      }
      guard row["kind"] == "valid" else { continue }
      XCTAssertNotNil(m.video?.codec, path)
      guard ffprobe, let probed = Self.ffprobe(file) else { continue }
      XCTAssertEqual(try XCTUnwrap(m.video?.duration, path), probed.duration, accuracy: 0.002, path)
      if let rate = probed.frameRate {
        XCTAssertEqual(try XCTUnwrap(m.video?.frameRate, path), rate, accuracy: 0.01, path)
      }
      XCTAssertEqual(m.video?.codec, probed.codec, path)
      checkedDurations += 1
    }
    if ffprobe { XCTAssertGreaterThanOrEqual(checkedDurations, 7) }
  }

  static let ffprobeAvailable = Subprocess.run(["ffprobe", "-version"]).status == 0

  /// ffprobe's duration (format), codec and average frame rate (first video stream).
  static func ffprobe(_ file: String) -> (duration: Double, codec: String, frameRate: Double?)? {
    let result = Subprocess.run([
      "ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
      "format=duration:stream=codec_name,avg_frame_rate", "-of", "default=noprint_wrappers=1",
      file,
    ])
    guard result.status == 0 else { return nil }
    var values: [String: String] = [:]
    for line in result.output.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { values[parts[0]] = parts[1] }
    }
    guard let duration = values["duration"].flatMap(Double.init), let codec = values["codec_name"]
    else { return nil }
    var rate: Double?
    if let text = values["avg_frame_rate"] {
      let parts = text.split(separator: "/").compactMap { Double($0) }
      if parts.count == 2, parts[1] > 0 { rate = parts[0] / parts[1] }
    }
    return (duration, codec, rate)
  }
}
