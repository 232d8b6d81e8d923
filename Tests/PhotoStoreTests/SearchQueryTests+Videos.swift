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
}
