import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// Search understands people and captions (issue 37): `person:anna` finds the photos naming
/// someone one of whose name's whole words is "anna" (accents and case folded), and a plain
/// word finds titles, captions and names from the start of one of their words, as it finds
/// tags and places; with and without the index.
final class SearchPeopleTests: XCTestCase {
  let today = (year: 2024, month: 8, day: 15)

  /// Photo `i`: its people, title and caption.
  func library() -> (assets: [Asset], people: PhotoPeople, captions: PhotoCaptions) {
    let spec: [([String], String?, String?)] = [
      (["Anna Weiß"], "Picnic", "By the lake, with Joanna"),  // 0
      (["Annabel"], nil, "Lakeside café"),  // 1
      (["Ánna", "Bo"], "Zürich", nil),  // 2
      ([], nil, "Birthday: ANNA turns 30"),  // 3
      ([], nil, nil),  // 4
      (["Åsa"], "東京タワー", "夜景"),  // 5
    ]
    let assets = spec.indices.map { i in
      Asset(
        id: AssetID(Int64(10 + i * 3)), path: "/photos/IMG_\(1000 + i).jpg", byteSize: 1,
        modificationTime: 0, format: .jpeg, storedPixelSize: nil, orientation: .up,
        captureDate: CaptureDate(year: 2020, month: 1, day: 1 + i, hour: 12, source: .exif))
    }
    let people = PhotoPeople(
      photos: spec.enumerated().map { i, item in
        (assets[i].id, item.0.map { ($0, FaceArea.none) })
      })
    let captions = PhotoCaptions(
      spec.enumerated().map { i, item in (assets[i].id, item.1, item.2) })
    return (assets, people, captions)
  }

  /// The photos (by index) the query finds, the same with and without the search index.
  func found(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Int] {
    let (assets, people, captions) = library()
    let query = SearchQuery(text, today: today)
    let texts = SearchQuery.TextIndexes(
      people: TagSearchIndex.people(assets, people: people),
      captions: TagSearchIndex.captions(assets, captions: captions))
    let plain = query.matchingIndices(in: assets, albums: [], texts: texts)
    let indexed = query.matchingIndices(
      in: assets, index: try XCTUnwrap(SearchIndex(assets)), albums: [], texts: texts)
    XCTAssertEqual(plain, indexed, "\"\(text)\": the index agrees", file: file, line: line)
    return plain
  }

  func testAPersonByAWholeWordOfTheirName() throws {
    XCTAssertEqual(try found("person:anna"), [0, 2], "not Annabel; Ánna's accent folded")
    XCTAssertEqual(try found("person:Anna"), [0, 2], "case folded")
    XCTAssertEqual(try found("person:weiss"), [0], "ß spelled out")
    XCTAssertEqual(try found("person:weiß"), [0], "and typed as written")
    XCTAssertEqual(try found("person:ann"), [], "whole words only")
    XCTAssertEqual(try found("person:asa"), [5])
    XCTAssertEqual(try found("person:anna person:bo"), [2], "both")
    XCTAssertEqual(try found("person:anna picnic"), [0], "and a word")
    XCTAssertEqual(try found("person:"), [], "no name: a word, found nowhere")
  }

  func testAWordFindsTitlesCaptionsAndNames() throws {
    XCTAssertEqual(try found("lake"), [0, 1], "from a word's start: 'Lakeside' too")
    XCTAssertEqual(try found("lakes"), [1], "Lakeside")
    XCTAssertEqual(try found("picnic"), [0], "a title")
    XCTAssertEqual(try found("anna"), [0, 1, 2, 3], "names from a word's start, a caption")
    XCTAssertEqual(try found("joanna"), [0], "a whole word of the caption")
    XCTAssertEqual(try found("oanna"), [], "not inside a word")
    XCTAssertEqual(try found("cafe"), [1], "accents folded")
    XCTAssertEqual(try found("zurich"), [2])
    XCTAssertEqual(try found("30"), [3], "digits are words too")
    XCTAssertEqual(try found("タワー"), [5], "no spaces in Japanese: found anywhere")
    XCTAssertEqual(try found("夜景"), [5])
    XCTAssertEqual(try found("birthday anna"), [3], "every word")
  }

  /// A person: term reads the people; without them it finds nothing (not every photo).
  func testWithoutPeopleAPersonFindsNothing() {
    let (assets, _, _) = library()
    let query = SearchQuery("person:anna", today: today)
    XCTAssertTrue(query.readsTags)
    XCTAssertEqual(query.terms, [.person("anna")])
    XCTAssertEqual(query.matchingIndices(in: assets, albums: []), [])
    XCTAssertFalse(query.matches(assets[0], albumNames: []))
  }

  /// In the Search tab: results follow the people and captions when they are loaded again.
  func testTheSearchTabFollowsThePeopleAndCaptions() {
    let (assets, people, captions) = library()
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24))
    for action: Action in [
      .start, .library(.loaded(assets: assets, problems: [])),
      .library(.peopleLoaded(people: people, captions: captions)), .showTab(.search),
    ] {
      state.arrange(action)
    }
    XCTAssertNotNil(state.library.searchIndex.captionIndex, "folded on entering Search")
    XCTAssertEqual(state.peopleSearch("person:bo").map(\.id), [assets[2].id])
    XCTAssertEqual(state.peopleSearch("lakeside").map(\.id), [assets[1].id])
    let fewer = PhotoPeople(photos: [(assets[0].id, [("Bo", .none)])])
    state.arrange(.library(.peopleLoaded(people: fewer, captions: PhotoCaptions())))
    XCTAssertEqual(state.peopleSearch("person:bo").map(\.id), [assets[0].id])
    XCTAssertEqual(state.peopleSearch("lakeside").map(\.id), [])
  }
}

extension AppState {
  /// The results of `text` in the Search tab, as it lists them.
  fileprivate mutating func peopleSearch(_ text: String) -> [Asset] {
    search.text = text
    return Array(searchResults())
  }
}
