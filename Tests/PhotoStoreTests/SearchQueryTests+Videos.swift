import PhotoModel
import XCTest

@testable import PhotoStore

extension SearchQueryTests {
  /// "video" and "videos" find the Videos media type, alone or with other words.
  func testVideoWordsFindVideos() {
    var clip = asset(id: 1, name: "IMG_0001.MOV", date: (2024, 8, 13))
    clip.format = .video
    clip.duration = 12
    let photo = asset(id: 2, name: "IMG_0002.JPG", date: (2024, 8, 13))
    let named = asset(id: 3, name: "video-cover.jpg", date: (2023, 1, 2))
    for word in ["video", "videos", "Videos", "VIDEO"] {
      let query = SearchQuery(word, today: today)
      XCTAssertEqual(query.terms, [.mediaType(.videos)], word)
      XCTAssertTrue(query.matches(clip, albumNames: []), word)
      XCTAssertFalse(query.matches(photo, albumNames: []), word)
      XCTAssertFalse(query.matches(named, albumNames: []), "\(word): the type, not the name")
    }
    let dated = SearchQuery("videos aug 2024", today: today)
    XCTAssertTrue(dated.matches(clip, albumNames: []))
    XCTAssertFalse(SearchQuery("videos 2023", today: today).matches(clip, albumNames: []))
    XCTAssertEqual(
      SearchQuery("videos", today: today).matchingIndices(in: [photo, clip, named], albums: []),
      [1])
  }

  /// The other media types by name: a screenshot named by its app, a panorama by its size,
  /// a selfie by its lens, a RAW by its format.
  func testMediaTypeWordsFindTheirTypes() {
    let screenshot = asset(
      id: 1, name: "Screenshot 2023-09-11 at 21.17.49.png", date: (2023, 9, 11))
    var panorama = asset(id: 2, name: "IMG_0001.jpg", date: (2023, 9, 12))
    panorama.storedPixelSize = PixelSize(width: 8000, height: 2000)
    let selfie = asset(
      id: 3, name: "IMG_0002.jpg", date: (2023, 9, 13), make: "Apple",
      lens: "iPhone 15 front camera 2.69mm f/1.9")
    var raw = asset(id: 4, name: "DSC_0003.NEF", date: (2023, 9, 14))
    raw.format = .raw
    let plain = asset(id: 5, name: "raw_scenery.jpg", date: (2023, 9, 15))
    let all = [screenshot, panorama, selfie, raw, plain]
    for (words, expected) in [
      (["screenshot", "Screenshots"], [0]), (["panorama", "panoramas"], [1]),
      (["selfie", "SELFIES"], [2]), (["raw", "RAW"], [3]),
    ] {
      for word in words {
        let query = SearchQuery(word, today: today)
        XCTAssertEqual(query.matchingIndices(in: all, albums: []), expected, word)
      }
    }
    XCTAssertEqual(
      SearchQuery("screenshots 2023", today: today).matchingIndices(in: all, albums: []), [0])
  }
}
