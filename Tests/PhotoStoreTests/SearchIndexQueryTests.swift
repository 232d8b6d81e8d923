import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The Search tab's index gives the same photos as matching each asset, and follows the
/// library when it changes.
final class SearchIndexQueryTests: XCTestCase {
  let today = (year: 2024, month: 8, day: 15)

  func randomLibrary(_ count: Int, using random: inout SeededGenerator) -> [Asset] {
    let stems = ["IMG_", "img_", "DSC", "Screenshot ", "PANO_", "Été ", "beach", "x", "日本"]
    let cameras: [(String?, String?, String?)] = [
      (nil, nil, nil), ("Canon", "EOS R5", "RF 24-70mm"), ("Apple", "iPhone 15", "front camera"),
      ("NIKON CORPORATION", "Z 6", nil), ("Ünicorn", nil, "Größe 50mm"),
    ]
    let formats: [MediaFormat] = [.jpeg, .png, .heic, .video, .raw]
    return (0..<count).map { i in
      let stem = stems.randomElement(using: &random)!
      let camera = cameras.randomElement(using: &random)!
      let name = "\(stem)\(Int.random(in: 0...2_100, using: &random)).jpg"
      return Asset(
        id: AssetID(Int64(i + 1)), path: "/photos/\(i % 7)/\(name)", byteSize: 1,
        modificationTime: 0, format: formats.randomElement(using: &random)!,
        storedPixelSize: nil, orientation: .up,
        captureDate: CaptureDate(
          year: Int.random(in: 2018...2024, using: &random),
          month: Int.random(in: 1...12, using: &random),
          day: Int.random(in: 1...28, using: &random), hour: 12, source: .exif),
        cameraMake: camera.0, cameraModel: camera.1, lensModel: camera.2)
    }
  }

  func testTheIndexFindsWhatMatchingEachPhotoFinds() throws {
    var random = SeededGenerator(seed: TestSeed.value)
    let assets = randomLibrary(3_000, using: &random)
    let albums = [
      Album(
        id: AlbumID(1), name: "Summer trip", createdAt: 0,
        assetIDs: assets.prefix(40).map(\.id)),
      Album(id: AlbumID(2), name: "Été", createdAt: 0, assetIDs: [assets[100].id]),
    ]
    let index = try XCTUnwrap(SearchIndex(assets))
    let words = [
      "2019", "img", "IMG_1", "canon", "r5", "front", "größe", "été", "summer", "trip",
      "aug", "13 august", "march 2021", "last year", "this month", "videos", "raw",
      "screenshots", "1", "0", "日本", "jpg", "nikon z", "x1", "panoramas", "selfies",
    ]
    for _ in 0..<300 {
      let count = Int.random(in: 1...3, using: &random)
      let text = (0..<count).map { _ in words.randomElement(using: &random)! }
        .joined(separator: " ")
      let query = SearchQuery(text, today: today)
      XCTAssertEqual(
        query.matchingIndices(in: assets, index: index, albums: albums),
        query.matchingIndices(in: assets, albums: albums), "query \"\(text)\"")
    }
  }

  /// A photo renamed into the query's match, a favorite, and a new load: each time the
  /// results are those of the library as it is now, not of the index built before.
  func testResultsFollowTheLibraryAfterTheIndexWasBuilt() {
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 100, rows: 30))
    _ = Reducer.reduce(&state, .start)
    let assets = Fixtures.assets(5)
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    _ = Reducer.reduce(&state, .startSearch)
    XCTAssertNotNil(state.library.searchIndex.index, "built on the way into Search")
    for character in "beach" { _ = Reducer.reduce(&state, .field(.typed(character))) }
    XCTAssertEqual(state.assets, [])
    XCTAssertNotNil(state.library.searchIndex.index, "kept while typing")
    var renamed = assets
    renamed[3].path = "/photos/Beach day.jpg"
    _ = Reducer.reduce(&state, .library(.loaded(assets: renamed, problems: [])))
    XCTAssertEqual(state.assets.map(\.id), [assets[3].id])
    state.library.assets[1].path = "/photos/beach.png"
    XCTAssertNil(state.library.searchIndex.index, "a change in place drops it too")
    _ = Reducer.reduce(&state, .field(.typed(" ")))
    XCTAssertEqual(state.assets.map(\.id), [assets[1].id, assets[3].id])
    _ = Reducer.reduce(&state, .showTab(.library))
    XCTAssertNil(state.library.searchIndex.index, "not kept while browsing")
  }
}
