import PhotoModel
import XCTest

/// A Live Photo's still and movie become one item: by Apple's content identifier, else by
/// folder, stem and capture times at most 2 s apart.
final class LivePairingTests: XCTestCase {
  private func asset(
    _ id: Int64, _ path: String, _ format: MediaFormat, second: Int = 10,
    offset: Int? = 7200, identifier: String? = nil
  ) -> Asset {
    Asset(
      id: AssetID(id), path: path, byteSize: id * 1000, modificationTime: 0, format: format,
      storedPixelSize: nil, orientation: .up,
      captureDate: CaptureDate(
        year: 2024, month: 8, day: 13, hour: 10, minute: 22, second: second,
        utcOffsetSeconds: offset, source: .exif),
      duration: format == .video ? 2.8 : nil, contentIdentifier: identifier)
  }

  func testSameStemAndFolderWithin2SecondsPairs() {
    let still = asset(1, "/p/IMG_0001.HEIC", .heic, second: 10)
    let movie = asset(2, "/p/img_0001.mov", .video, second: 12)
    let paired = LivePairing.pair([still, movie])
    XCTAssertEqual(paired.map(\.id), [still.id])
    XCTAssertEqual(
      paired[0].liveMovie,
      CompanionFile(
        id: movie.id, path: movie.path, byteSize: 2000, format: .video, duration: 2.8))
    XCTAssertEqual(paired[0].companions.map(\.id), [movie.id])
    // The same wall clock without a zone on either side pairs too.
    let unzoned = LivePairing.pair([
      asset(1, "/p/IMG_0001.JPG", .jpeg, second: 10, offset: nil),
      asset(2, "/p/IMG_0001.MOV", .video, second: 8, offset: nil),
    ])
    XCTAssertEqual(unzoned.count, 1)
    XCTAssertEqual(unzoned[0].liveMovie?.id, AssetID(2))
  }

  func testFiveSecondsApartDoesNotPair() {
    let assets = [
      asset(1, "/p/IMG_0001.HEIC", .heic, second: 10),
      asset(2, "/p/IMG_0001.MOV", .video, second: 15),
    ]
    XCTAssertEqual(LivePairing.pair(assets), assets)
    // 3 s is past the limit as well: the bound is 2 s inclusive.
    let three = [
      asset(1, "/p/IMG_0001.HEIC", .heic, second: 10),
      asset(2, "/p/IMG_0001.MOV", .video, second: 13),
    ]
    XCTAssertEqual(LivePairing.pair(three), three)
  }

  func testAnotherFolderDoesNotPair() {
    let assets = [
      asset(1, "/p/IMG_0001.HEIC", .heic), asset(2, "/q/IMG_0001.MOV", .video),
      asset(3, "/p/IMG_0003.PNG", .png), asset(4, "/p/IMG_0003.MOV", .video),  // PNG: no pair
    ]
    XCTAssertEqual(LivePairing.pair(assets), assets)
  }

  func testTheContentIdentifierPairsWhateverTheNamesAndTimes() {
    let uuid = "4F5C1E2A-0D9B-4C33-8E55-2A1B3C4D5E6F"
    let assets = [
      asset(1, "/p/IMG_0001.HEIC", .heic, second: 10, identifier: uuid),
      asset(2, "/p/IMG_0001.MOV", .video, second: 11, identifier: "another shot"),
      asset(3, "/p/IMG_E0001.MOV", .video, second: 40, identifier: uuid),
    ]
    let paired = LivePairing.pair(assets)
    XCTAssertEqual(paired.map(\.id.rawValue), [1, 2])
    XCTAssertEqual(paired[0].liveMovie?.id, AssetID(3))
    XCTAssertNil(paired[1].liveMovie, "a movie with another identifier stays on its own")
  }

  func testAStillTakesOneMovieAndARAWPairKeepsBoth() {
    let raw = RAWPairing.pair([
      asset(1, "/p/IMG_0001.JPG", .jpeg), asset(2, "/p/IMG_0001.DNG", .raw),
      asset(3, "/p/IMG_0001.MOV", .video, second: 11),
      asset(4, "/p/IMG_0001.MP4", .video, second: 10),
    ])
    let paired = LivePairing.pair(raw)
    XCTAssertEqual(paired.map(\.id.rawValue), [1, 4])
    XCTAssertEqual(paired[0].companions.map(\.id.rawValue), [2, 3])
  }
}
