import Foundation
import LightboxTestSupport
import XCTest

@testable import LightboxCommands

/// `lightbox info` names a video by its container, read from its bytes ("MOV", not
/// "VIDEO"), and calls its raw date the movie header's, not an EXIF DateTimeOriginal (issue
/// 33 item 18).
final class VideoInfoLineTests: XCTestCase {
  func testAVideoLineNamesItsContainerAndItsMovieHeaderDate() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let expected = [
      "iPhone6_with-gps.mov": "MOV 568×320", "uuid540.mp4": "MP4 960×540",
      "sample.3gp": "3GP 176×144",
    ]
    for (name, start) in expected {
      let report = InfoCommand.report(path: corpus.appendingPathComponent("video/\(name)").path)
      let line = InfoCommand.humanLine(report)
      XCTAssertTrue(line.contains(": \(start),"), line)
      XCTAssertFalse(line.contains("VIDEO"), line)
      XCTAssertFalse(line.contains("DateTimeOriginal"), line)
      XCTAssertTrue(line.contains("movie header \""), line)
    }
    let photo = InfoCommand.report(
      path: corpus.appendingPathComponent("video/uuid540.mp4").path)
    XCTAssertEqual(photo.container, "MP4")
    XCTAssertEqual(photo.format, "video")
  }
}
