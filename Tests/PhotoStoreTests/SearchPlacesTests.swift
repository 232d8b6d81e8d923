import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// Search understands places (issue 34), alone and with the terms it already has: a word is
/// found in the town, the city, the region or the country, accents folded on both sides.
final class SearchPlacesTests: XCTestCase {
  let today = (year: 2024, month: 8, day: 15)
  typealias P = Fixtures.Places

  /// Photo `i`: a place, a date, a still or a video.
  func library() -> [Asset] {
    let spec: [(PhotoPlace?, (Int, Int, Int), MediaFormat)] = [
      (P.paris, (2019, 4, 2), .jpeg),  // 0
      (P.rome, (2019, 7, 14), .jpeg),  // 1
      (P.rome, (2021, 7, 15), .jpeg),  // 2
      (P.kyoto, (2018, 5, 3), .jpeg),  // 3
      (P.kyoto, (2018, 6, 3), .video),  // 4
      (P.shinjuku, (2018, 5, 9), .video),  // 5
      (P.zurich, (2020, 1, 1), .jpeg),  // 6
      (nil, (2019, 7, 1), .jpeg),  // 7
    ]
    return spec.enumerated().map { i, item in
      Asset(
        id: AssetID(Int64(i + 1)), path: "/photos/IMG_\(1000 + i).jpg", byteSize: 1,
        modificationTime: 0, format: item.2, storedPixelSize: nil, orientation: .up,
        captureDate: CaptureDate(
          year: item.1.0, month: item.1.1, day: item.1.2, hour: 12, source: .exif),
        place: item.0)
    }
  }

  /// The photos (by index) the query finds, the same with and without the search index.
  func found(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Int] {
    let assets = library()
    let query = SearchQuery(text, today: today)
    let plain = query.matchingIndices(in: assets, albums: [])
    let indexed = query.matchingIndices(
      in: assets, index: try XCTUnwrap(SearchIndex(assets)), albums: [])
    XCTAssertEqual(plain, indexed, "\"\(text)\": the index agrees", file: file, line: line)
    return plain
  }

  func testAPlaceAlone() throws {
    XCTAssertEqual(try found("paris"), [0])
    XCTAssertEqual(try found("Paris"), [0], "case folded")
    XCTAssertEqual(try found("italy"), [1, 2], "a country")
    XCTAssertEqual(try found("lazio"), [1, 2], "a region")
    XCTAssertEqual(try found("tokyo"), [5], "the city a ward belongs to")
    XCTAssertEqual(try found("shinjuku"), [5], "the ward itself")
    XCTAssertEqual(try found("japan"), [3, 4, 5])
    XCTAssertEqual(try found("atlantis"), [])
  }

  func testAccentsAreFoldedOnBothSides() throws {
    XCTAssertEqual(try found("zurich"), [6], "zurich finds Zürich")
    XCTAssertEqual(try found("Zürich"), [6], "and Zürich typed as written")
    XCTAssertEqual(try found("ile-de-france"), [0])
  }

  func testAPlaceWithTheTermsSearchAlreadyHas() throws {
    XCTAssertEqual(try found("italy 2019"), [1], "a year")
    XCTAssertEqual(try found("japan videos"), [4, 5], "a media type")
    XCTAssertEqual(try found("kyoto may 2018"), [3], "a month of a year")
    XCTAssertEqual(try found("2019 paris"), [0], "in any order")
    XCTAssertEqual(try found("new york"), [], "every word must match")
  }
}
