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
    let places: [PhotoPlace?] = [
      nil, Fixtures.Places.paris, Fixtures.Places.zurich, Fixtures.Places.shinjuku,
      Fixtures.Places.kyoto, Fixtures.Places.rome,
    ]
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
        cameraMake: camera.0, cameraModel: camera.1, lensModel: camera.2,
        place: places.randomElement(using: &random)!)
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
      "paris", "zurich", "zürich", "japan", "tokyo", "italy", "lazio", "kyoto may 2018", "fr",
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
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 100, rows: 30)))
    let assets = Fixtures.assets(5)
    store.arrange(.start, .library(.loaded(assets: assets, problems: [])))
    // 100×30: tiles of 14×14 pixels; all 5 photos on screen.
    let tile = PixelSize(width: 14, height: 14)
    store.send(
      .startSearch, effects: assets.map { .cancelImage(Expected.key($0, tile)) }
    ) {
      $0.tab = .search
      $0.search.isEditing = true
      $0.savedPositions[.library] = SavedPosition(selected: assets[4].id, topRow: 0)
      $0.assets = []
      $0.selectedIndex = 0
      $0.images = [:]
    }
    XCTAssertNotNil(store.state.library.searchIndex.index, "built on the way into Search")
    for character in "beach" {
      store.send(.field(.typed(character))) { $0.search.text.append(character) }
    }
    XCTAssertEqual(store.state.assets, [])
    XCTAssertNotNil(store.state.library.searchIndex.index, "kept while typing")
    var renamed = assets
    renamed[3].path = "/photos/Beach day.jpg"
    store.send(
      .library(.loaded(assets: renamed, problems: [])),
      effects: [.loadImage(Expected.request(renamed[3], tile))]
    ) {
      $0.library.assets = renamed
      $0.assets = [renamed[3]]
      $0.images[Expected.key(renamed[3], tile)] = .loading
    }
    XCTAssertEqual(store.state.assets.map(\.id), [assets[3].id])
    store.arrangeState { $0.library.assets[1].path = "/photos/beach.png" }
    XCTAssertNil(store.state.library.searchIndex.index, "a change in place drops it too")
    var changed = renamed
    changed[1].path = "/photos/beach.png"
    store.send(
      .field(.typed(" ")), effects: [.loadImage(Expected.request(changed[1], tile))]
    ) {
      $0.search.text = "beach "
      $0.assets = PhotoList([changed[1], changed[3]])
      $0.selectedIndex = 1
      $0.images[Expected.key(changed[1], tile)] = .loading
    }
    XCTAssertEqual(store.state.assets.map(\.id), [assets[1].id, assets[3].id])
    // Back in the Library, where it was left; the results' pictures are the library's too.
    store.send(
      .showTab(.library),
      effects: [0, 2, 4].map { .loadImage(Expected.request(changed[$0], tile)) }
    ) {
      $0.tab = .library
      $0.search.isEditing = false
      $0.search.history = SearchHistory(entries: ["beach "])
      $0.savedPositions[.search] = SavedPosition(selected: assets[3].id, topRow: 0)
      $0.assets = PhotoList(changed)
      $0.selectedIndex = 4
      for asset in changed { $0.images[Expected.key(asset, tile)] = .loading }
    }
    XCTAssertNil(store.state.library.searchIndex.index, "not kept while browsing")
  }
}
