import XCTest

@testable import PhotoModel

/// What each format is called where the user sees it, and which ones FFmpeg decodes.
final class MediaFormatTests: XCTestCase {
  /// AVIF stills and sequences are labelled AVIF, never HEIC (issue 33).
  func testAVIFIsLabelledAVIFAndHEICStaysHEIC() {
    XCTAssertEqual(MediaFormat.avif.label, "AVIF")
    XCTAssertEqual(MediaFormat.avifSequence.label, "AVIF")
    XCTAssertEqual(MediaFormat.heic.label, "HEIC")
    XCTAssertEqual(MediaFormat.jpeg.label, "JPEG")
    XCTAssertEqual(MediaFormat.video.label, "VIDEO")
  }

  /// An AVIF sequence's frames come from FFmpeg like a video's (a movie track); an AVIF
  /// still is libheif's like a HEIC.
  func testVideosAndAVIFSequencesDecodeAsMovies() {
    let movies = MediaFormat.allCases.filter(\.decodesAsMovie)
    XCTAssertEqual(Set(movies), [.video, .avifSequence])
  }
}
