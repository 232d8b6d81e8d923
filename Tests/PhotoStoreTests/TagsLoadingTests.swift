import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The tags side table reaches the state with each load, and an unchanged one changes
/// nothing.
final class TagsLoadingTests: XCTestCase {
  func testLoadedTagsAreKeptAndTheSameAgainChangeNothing() {
    let assets = Fixtures.assets(3)
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24)))
    store.arrange(.start, .library(.loaded(assets: assets, problems: [])))
    let tags = PhotoTags(
      paths: [["Places", "Japan", "Kyoto"]], photos: [(assets[1].id, [0])],
      labels: [assets[2].id: "Red"])
    store.send(.library(.tagsLoaded(tags))) {
      $0.library.tags = tags
      // The Albums tab's cards gain the Tags card (its levels have tests of their own).
      $0.rebuildAlbumEntries()
    }
    XCTAssertEqual(
      store.state.albums.entries.first { $0.ref == .tag(.all) }?.count, 1, "one tagged photo")
    store.send(.library(.tagsLoaded(tags)))
  }
}
