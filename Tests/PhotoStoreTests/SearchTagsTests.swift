import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// Search understands tags and ratings (issue 37): `#kyoto` and `tag:kyoto` find a level of
/// any tag's path (accents folded, as places are), a word finds tags as it finds names,
/// `rating:4` four stars or more, `rejected` the rejected photos; with and without the index.
final class SearchTagsTests: XCTestCase {
  let today = (year: 2024, month: 8, day: 15)

  /// Photo `i`: its date, rating and tags.
  func library() -> (assets: [Asset], tags: PhotoTags) {
    let spec: [((Int, Int, Int), Int, [Int])] = [
      ((2019, 4, 2), 5, [0, 1]),  // 0 Places/Japan/Kyoto, cat
      ((2019, 7, 14), 4, [2]),  // 1 Places/Japan/Tokyo
      ((2021, 7, 15), 3, [3]),  // 2 Zürich
      ((2018, 5, 3), -1, [1]),  // 3 cat, rejected
      ((2018, 6, 3), 0, []),  // 4 nothing
      ((2020, 1, 1), 2, [4]),  // 5 Events/Kyoto trip
    ]
    let assets = spec.enumerated().map { i, item in
      Asset(
        id: AssetID(Int64(10 + i * 3)), path: "/photos/IMG_\(1000 + i).jpg", byteSize: 1,
        modificationTime: 0, format: .jpeg, storedPixelSize: nil, orientation: .up,
        captureDate: CaptureDate(
          year: item.0.0, month: item.0.1, day: item.0.2, hour: 12, source: .exif),
        rating: item.1)
    }
    let tags = PhotoTags(
      paths: [
        ["Places", "Japan", "Kyoto"], ["cat"], ["Places", "Japan", "Tokyo"], ["Zürich"],
        ["Events", "Kyoto trip"],
      ],
      photos: spec.enumerated().map { i, item in (assets[i].id, item.2) })
    return (assets, tags)
  }

  /// The photos (by index) the query finds, the same with and without the search index.
  func found(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Int] {
    let (assets, tags) = library()
    let query = SearchQuery(text, today: today)
    let tagIndex = TagSearchIndex(assets, tags: tags)
    let plain = query.matchingIndices(in: assets, albums: [], tags: tagIndex)
    let indexed = query.matchingIndices(
      in: assets, index: try XCTUnwrap(SearchIndex(assets)), albums: [], tags: tagIndex)
    XCTAssertEqual(plain, indexed, "\"\(text)\": the index agrees", file: file, line: line)
    return plain
  }

  func testATagByAnyLevelOfItsPath() throws {
    XCTAssertEqual(try found("#kyoto"), [0], "a whole level: not 'Kyoto trip'")
    XCTAssertEqual(try found("tag:kyoto"), [0])
    XCTAssertEqual(try found("#japan"), [0, 1], "a level in the middle")
    XCTAssertEqual(try found("#Places"), [0, 1], "the top level, case folded")
    XCTAssertEqual(try found("tag:japan/tokyo"), [1], "two levels in a row")
    XCTAssertEqual(try found("tag:places/tokyo"), [], "not in a row")
    XCTAssertEqual(try found("#zurich"), [2], "accents folded")
    XCTAssertEqual(try found("#Zürich"), [2], "and typed as written")
    XCTAssertEqual(try found("#kyoto trip"), [], "then a word: no photo has both")
    XCTAssertEqual(try found("#places cat"), [0], "a tag, then a word found in a tag")
    XCTAssertEqual(try found("#cat #kyoto"), [0], "every tag term")
    XCTAssertEqual(try found("#cat 2018"), [3], "with a date")
    XCTAssertEqual(try found("#atlantis"), [])
    XCTAssertEqual(try found("#"), [], "a lone # is a word of names")
  }

  func testAWordFindsTagsAsItFindsNames() throws {
    XCTAssertEqual(try found("kyoto"), [0, 5], "inside a level too")
    XCTAssertEqual(try found("trip"), [5])
    XCTAssertEqual(try found("zurich 2021"), [2])
  }

  func testRatingsAndRejected() throws {
    XCTAssertEqual(try found("rating:4"), [0, 1], "4 stars or more")
    XCTAssertEqual(try found("rating:0"), [0, 1, 2, 4, 5], "every photo not rejected")
    XCTAssertEqual(try found("rating:5 #japan"), [0])
    XCTAssertEqual(try found("rejected"), [3])
    XCTAssertEqual(try found("rejected rating:1"), [])
    XCTAssertEqual(try found("rating:9"), [], "not a rating: a word no photo holds")
    XCTAssertEqual(
      SearchQuery("#Kyoto rating:3 rejected", today: today).terms,
      [.tag("kyoto"), .rating(3), .rejected])
  }

  func testWithoutTheTagsATagTermFindsNothing() throws {
    let (assets, _) = library()
    let query = SearchQuery("#kyoto", today: today)
    XCTAssertEqual(query.matchingIndices(in: assets, albums: []), [])
    XCTAssertFalse(query.matches(assets[0], albumNames: []))
    XCTAssertFalse(SearchQuery("2019", today: today).readsTags, "dates read no tags")
    XCTAssertTrue(SearchQuery("2019 cat", today: today).readsTags)
  }

  /// In the Search tab: results follow the tags when they are loaded again.
  func testTheSearchTabFollowsTheTags() {
    let (assets, tags) = library()
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24))
    for action: Action in [
      .start, .library(.loaded(assets: assets, problems: [])), .library(.tagsLoaded(tags)),
    ] {
      state.arrange(action)
    }
    XCTAssertEqual(state.searchResultsFor("#cat").map(\.id), [assets[0].id, assets[3].id])
    state.arrange(.library(.tagsLoaded(tags.setting([], for: assets[3].id))))
    XCTAssertEqual(state.searchResultsFor("#cat").map(\.id), [assets[0].id])
  }
}

extension AppState {
  /// The results of `text` in the Search tab, as it lists them.
  fileprivate mutating func searchResultsFor(_ text: String) -> [Asset] {
    search.text = text
    return Array(searchResults())
  }
}
