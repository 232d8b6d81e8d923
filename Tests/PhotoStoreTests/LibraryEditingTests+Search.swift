import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// Search: typing a query, the results following each key, and leaving the results.
extension LibraryEditingTests {
  func testSlashTypesIntoTheQueryAndResultsFollowEachKey() {
    let (store, assets) = prepared(3)
    store.send(.startSearch) {
      $0.tab = .search
      $0.search.isEditing = true
      $0.savedPositions[.library] = SavedPosition(selected: assets[2].id, topRow: 0)
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = 0
      for asset in assets { $0.images[self.tileKey(asset)] = nil }
    }
    XCTAssertEqual(store.state.inputMode, .text)
    store.send(.field(.typed("1")), effects: assets.map { .loadImage(tileRequest($0)) }) {
      $0.search.text = "1"
      $0.assets = PhotoList(assets)
      $0.selectedIndex = 2
      $0.gridTopRow = 0
      for asset in assets { $0.images[self.tileKey(asset)] = .loading }
    }
    store.send(.field(.typed("0"))) { $0.search.text = "10" }
    store.send(.field(.typed("0"))) { $0.search.text = "100" }
    store.send(
      .field(.typed("2")),
      effects: [.cancelImage(tileKey(assets[0])), .cancelImage(tileKey(assets[1]))]
    ) {
      $0.search.text = "1002"
      $0.assets = [assets[2]]
      $0.selectedIndex = 0
      $0.images[self.tileKey(assets[0])] = nil
      $0.images[self.tileKey(assets[1])] = nil
    }
    store.send(.open) {
      $0.search.isEditing = false
      $0.search.history = SearchHistory(entries: ["1002"])
    }
    let strip = stripRequest(assets[2])
    store.send(
      .open,
      effects: [
        .cancelImage(tileKey(assets[2])), .loadImage(detailRequest(assets[2])), .loadImage(strip),
      ]
    ) {
      $0.screen = .detail
      $0.images[self.tileKey(assets[2])] = nil
      $0.images[self.detailKey(assets[2])] = .loading
      $0.images[strip.key] = .loading
      $0.prefetching = [strip.key]
    }
    store.sendCollecting(.back) {
      $0.screen = .grid
      $0.images[self.detailKey(assets[2])] = nil
      $0.images[strip.key] = nil
      $0.prefetching = []
      $0.images[self.tileKey(assets[2])] = .loading
    }
    store.assertEffects(
      [
        .cancelImage(strip.key), .cancelImage(detailKey(assets[2])),
        .loadImage(tileRequest(assets[2])),
      ])
    store.send(.back)  // in the results: nothing to leave
    // / again on the Search tab: a new query, the old one selected.
    store.send(.startSearch) {
      $0.search.isEditing = true
      $0.search.selectsAll = true
    }
    store.send(.back) {
      $0.search.isEditing = false
      $0.search.selectsAll = false
    }
    XCTAssertEqual(store.state.inputMode, .normal, "q quits again after Esc")
  }
}
