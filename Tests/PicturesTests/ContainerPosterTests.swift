import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@_spi(Decoders) @testable import Decoders
@testable import DecodeWorker

/// Poster frames of Matroska, WebM and AVI clips made by ffmpeg at test time, in process
/// and in the sandboxed worker, and broken ones (cut short, header overwritten) as one-line
/// failures.
final class ContainerPosterTests: XCTestCase {
  private var files = DecodeWorkerFiles(label: "unused")

  override func setUp() { files = DecodeWorkerFiles(label: "container-poster") }
  override func tearDown() { files.remove() }

  private static let box = DecodeOptions(
    target: PixelSize(width: 256, height: 256), mode: .fit, quality: .fast)

  func testEveryContainerGivesAPosterInProcessAndInTheWorker() throws {
    guard VideoClips.available else { throw XCTSkip(VideoClips.missingMessage) }
    let host = try DecodeWorkerFiles.host()
    for clip in VideoClips.standard {
      let path = try VideoClips.make(clip, in: files.folder)
      let local = try ImageDecoder.decode(path: path, options: Self.box).get()
      XCTAssertEqual(local.size, PixelSize(width: 256, height: 192), clip.name)
      // testsrc is colourful: a poster of one flat colour would mean a failed decode.
      XCTAssertGreaterThan(VideoPosterTests.meanDifference(local, local.applying(.down)), 5)
      let remote = try host.decode(path: path, options: Self.box).get()
      XCTAssertEqual(remote, local, clip.name)
    }
  }

  func testBrokenClipsFailOnOneLineInProcessAndInTheWorker() throws {
    guard VideoClips.available else { throw XCTSkip(VideoClips.missingMessage) }
    let host = try DecodeWorkerFiles.host()
    for clip in VideoClips.standard where clip.name == "h264.mkv" || clip.name == "mpeg4.avi" {
      let bytes = try [UInt8](
        Data(contentsOf: URL(fileURLWithPath: VideoClips.make(clip, in: files.folder))))
      var overwritten = bytes
      for i in 24..<min(bytes.count, 2048) { overwritten[i] = UInt8(truncatingIfNeeded: i * 37) }
      for (label, broken) in [("cut", Array(bytes.prefix(600))), ("overwritten", overwritten)] {
        let path = files.folder + "/\(label)-\(clip.name)"
        try Data(broken).write(to: URL(fileURLWithPath: path))
        for result in [
          ImageDecoder.decode(path: path, options: Self.box),
          host.decode(path: path, options: Self.box),
        ] {
          guard case .failure(let error) = result else {
            XCTFail("\(label) \(clip.name): decoded \(result)")
            continue
          }
          XCTAssertFalse(error.reason.isEmpty, "\(label) \(clip.name)")
          XCTAssertFalse(error.reason.contains("\n"), "\(label) \(clip.name): \(error.reason)")
          XCTAssertFalse(PhotoDecoder.isWorkerFailure(error), "\(label) \(clip.name)")
        }
      }
    }
  }
}
