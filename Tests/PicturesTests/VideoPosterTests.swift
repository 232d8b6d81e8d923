import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders
@testable import DecodeWorker
@testable import ThumbnailCache

/// Poster frames: the corpus's videos at their displayed size (the display matrix applied),
/// the frame at one second, broken movies as one-line failures in process and in the
/// sandboxed worker, and the freedesktop entry's MIME type.
final class VideoPosterTests: XCTestCase {
  private var files = DecodeWorkerFiles(label: "unused")

  override func setUp() { files = DecodeWorkerFiles(label: "video-poster") }
  override func tearDown() { files.remove() }

  private func corpusFile(_ path: String) throws -> String {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    return corpus.appendingPathComponent(path).path
  }

  private static let box = DecodeOptions(
    target: PixelSize(width: 256, height: 256), mode: .fit, quality: .fast)

  func testEveryCorpusVideoGivesAPosterAtItsDisplayedShape() throws {
    let shapes: [(String, PixelSize)] = [
      ("video/MacBookPro_fixture.mov", PixelSize(width: 256, height: 149)),
      ("video/derived_rotate180_sample.3gp", PixelSize(width: 176, height: 144)),
      ("video/iPhone6_with-gps.mov", PixelSize(width: 144, height: 256)),
      ("video/sample.3gp", PixelSize(width: 176, height: 144)),
      ("video/small_video.mp4", PixelSize(width: 144, height: 256)),
      ("video/uuid540.mp4", PixelSize(width: 256, height: 144)),
      ("video/with-gps.mp4", PixelSize(width: 256, height: 144)),
    ]
    for (path, size) in shapes {
      let poster = ImageDecoder.decode(path: try corpusFile(path), options: Self.box)
      XCTAssertEqual((try? poster.get())?.size, size, "\(path): \(poster)")
    }
  }

  /// The 180° file is the plain one with its matrix turned: its poster is the plain
  /// poster upside down.
  func testTheDisplayMatrixTurnsThePoster() throws {
    let plain = try ImageDecoder.decode(
      path: try corpusFile("video/sample.3gp"), options: Self.box
    ).get()
    let turned = try ImageDecoder.decode(
      path: try corpusFile("video/derived_rotate180_sample.3gp"), options: Self.box
    ).get()
    XCTAssertLessThan(Self.meanDifference(plain.applying(.down), turned), 2)
    XCTAssertGreaterThan(Self.meanDifference(plain, turned), 10, "the picture is not symmetric")
  }

  func testBrokenMoviesFailOnOneLineInProcessAndInTheWorker() throws {
    let host = try DecodeWorkerFiles.host()
    for path in [
      "malformed/derived_video_truncated_in_moov_uuid540.mp4",
      "malformed/video_exiftool_stripped.mov", "malformed/video_exiv2_issue_2393_poc.mp4",
    ] {
      let file = try corpusFile(path)
      for result in [
        ImageDecoder.decode(path: file, options: Self.box),
        host.decode(path: file, options: Self.box),
      ] {
        guard case .failure(let error) = result else {
          XCTFail("\(path): decoded \(result)")
          continue
        }
        XCTAssertFalse(error.reason.isEmpty, path)
        XCTAssertFalse(error.reason.contains("\n"), "\(path): \(error.reason)")
        XCTAssertFalse(PhotoDecoder.isWorkerFailure(error), "\(path): \(error.reason)")
      }
    }
  }

  /// The worker (sandboxed, seccomp) decodes the same poster as the process does.
  func testTheWorkerDecodesPostersLikeTheProcess() throws {
    let host = try DecodeWorkerFiles.host()
    for path in ["video/iPhone6_with-gps.mov", "video/small_video.mp4", "video/sample.3gp"] {
      let file = try corpusFile(path)
      let local = try ImageDecoder.decode(path: file, options: Self.box).get()
      let remote = try host.decode(path: file, options: Self.box).get()
      XCTAssertEqual(remote, local, path)
    }
  }

  /// A clip black for its first second and white after: the poster is the keyframe at or
  /// after one second (white); a clip under two seconds shows its first frame (black).
  func testThePosterIsTheKeyframeAfterOneSecond() throws {
    guard Subprocess.run(["ffmpeg", "-version"]).status == 0 else {
      throw XCTSkip("ffmpeg is not installed (scripts/install-deps)")
    }
    for (seconds, expectWhite) in [(4.0, true), (1.5, false)] {
      let file = files.folder + "/clip-\(seconds).mp4"
      let made = Subprocess.run([
        "ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i",
        "color=c=black:s=160x120:r=25:d=\(seconds)", "-vf",
        "drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='gte(t,1)'", "-g", "10",
        "-pix_fmt", "yuv420p", "-c:v", "mpeg4", file,
      ])
      XCTAssertEqual(made.status, 0, made.output)
      let poster = try ImageDecoder.decode(path: file, options: Self.box).get()
      let luma = Self.meanLevel(poster)
      XCTAssertTrue(expectWhite ? luma > 200 : luma < 50, "\(seconds) s clip: level \(luma)")
    }
  }

  func testVideoEntriesNameTheirContainer() {
    func ftyp(_ brand: String) -> [UInt8] {
      [0, 0, 0, 16] + Array("ftyp\(brand)".utf8) + [0, 0, 0, 0]
    }
    XCTAssertEqual(ThumbnailPipeline.videoMimeType(ftyp("qt  ")), "video/quicktime")
    XCTAssertEqual(ThumbnailPipeline.videoMimeType(ftyp("isom")), "video/mp4")
    XCTAssertEqual(ThumbnailPipeline.videoMimeType(ftyp("3gp4")), "video/3gpp")
    XCTAssertEqual(ThumbnailPipeline.videoMimeType(ftyp("M4V ")), "video/x-m4v")
    XCTAssertEqual(
      ThumbnailPipeline.videoMimeType(
        [0x1A, 0x45, 0xDF, 0xA3, 0x42, 0x82, 0x84] + Array("webm".utf8)),
      "video/webm")
    XCTAssertEqual(
      ThumbnailPipeline.videoMimeType(Array("RIFF\0\0\0\0AVI LIST".utf8)), "video/x-msvideo")
  }

  static func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
    guard a.size == b.size else { return .infinity }
    var total = 0
    for i in a.pixels.indices where i % 4 != 3 { total += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
    return Double(total) / Double(a.width * a.height * 3)
  }

  static func meanLevel(_ bitmap: Bitmap) -> Double {
    var total = 0
    for i in bitmap.pixels.indices where i % 4 != 3 { total += Int(bitmap.pixels[i]) }
    return Double(total) / Double(max(1, bitmap.width * bitmap.height * 3))
  }
}
