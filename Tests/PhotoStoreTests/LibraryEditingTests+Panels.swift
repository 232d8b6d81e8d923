import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// Panels and the mouse: help and info over the view, clicks, double clicks, clickable
/// tabs and the wheel.
extension LibraryEditingTests {
  func testHelpAndInfoOpenOverTheViewAndClose() {
    let (store, assets) = prepared(3)
    store.send(.panel(.help)) { $0.overlay = .help }
    store.send(.panel(.help)) { $0.overlay = nil }
    // Info sits beside the grid: the 80-column grid of five flows into two columns.
    store.send(.panel(.info), effects: [.readCaption(assets[2].id, path: assets[2].path)]) {
      $0.overlay = .info
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 2)
      $0.rebuildAlbumsLayout()
    }
    XCTAssertEqual(store.state.grid.columns, 2)
    XCTAssertEqual(store.state.gridTerminal.columns, 80 - 36)
    store.send(.move(.left), effects: [.readCaption(assets[1].id, path: assets[1].path)]) {
      $0.selectedIndex = 1
    }
    XCTAssertEqual(store.state.overlay, .info, "info stays open while moving")
    store.send(.back) {
      $0.overlay = nil
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.rebuildAlbumsLayout()
    }
  }

  func testClickSelectsDoubleClickOpensAndTabsAreClickable() {
    let (store, assets) = prepared(6)
    // Tile (row 0, column 1) of the 80×24 grid sits at rows 3…9, columns 17…30.
    store.send(.pointer(.click(row: 5, column: 20, double: false))) { $0.selectedIndex = 1 }
    store.sendCollecting(.pointer(.click(row: 5, column: 20, double: true))) {
      $0.screen = .detail
      for asset in assets { $0.images[self.tileKey(asset)] = nil }
      for i in 0...2 { $0.images[self.detailKey(assets[i])] = .loading }
      for asset in assets { $0.images[self.stripRequest(asset).key] = .loading }
      $0.prefetching = Set(assets.map { self.stripRequest($0).key })
    }
    // The photo, its neighbours, then the filmstrip nearest first.
    store.assertEffects(
      [.loadImage(detailRequest(assets[1]))]
        + [2, 0].map { i -> Effect in
          var request = detailRequest(assets[i])
          request.priority = .neighbour
          return .loadImage(request)
        }
        + [1, 2, 0, 3, 4, 5].map { .loadImage(stripRequest(assets[$0])) })
    store.sendCollecting(.pointer(.click(row: 5, column: 20, double: true))) {
      $0.screen = .grid
      for i in 0...2 { $0.images[self.detailKey(assets[i])] = nil }
      for asset in assets { $0.images[self.stripRequest(asset).key] = nil }
      $0.prefetching = []
      for asset in assets { $0.images[self.tileKey(asset)] = .loading }
    }
    // Leaving cancels in key order: each photo's thumbnail, then its detail picture.
    store.assertEffects(
      [0, 1, 2].flatMap {
        [.cancelImage(stripRequest(assets[$0]).key), .cancelImage(detailKey(assets[$0]))]
      }
        + assets[3...].map { .cancelImage(stripRequest($0).key) }
        + assets.map { .loadImage(tileRequest($0)) })
    let albumsTab = BarLayout.tabs()[1].columns
    store.sendCollecting(.pointer(.click(row: 0, column: albumsTab.lowerBound + 1, double: false)))
    {
      $0.tab = .albums
      $0.savedPositions[.library] = SavedPosition(selected: assets[1].id, topRow: 0)
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = Int.max
      for asset in assets { $0.images[self.tileKey(asset)] = nil }
      $0.images[self.coverKey(assets[5])] = .loading
    }
    store.assertEffects(
      assets.map { .cancelImage(tileKey($0)) } + [.loadImage(coverRequest(assets[5]))])
    XCTAssertEqual(store.state.tab, .albums)
  }

  func testTheWheelScrollsTheGridAndPagesThePhotoView() {
    let (store, _) = prepared(6)
    store.send(.pointer(.wheel(up: true))) { $0.selectedIndex = 0 }
    store.send(.pointer(.wheel(up: false))) {
      $0.selectedIndex = 5
      $0.scrollDirection = 1
    }
    store.send(.edit(.restore)) { $0.message = "r restores photos in Albums › Recently Deleted" }
    store.send(.library(.operationFailed(reason: "IMG_1.jpg: permission denied"))) {
      $0.message = "IMG_1.jpg: permission denied"
      $0.messageIsError = true
    }
    XCTAssertFalse(
      {
        var s = store.state; s.message = "turned clockwise · u undo"; return s.messageIsError
      }(),
      "a new message is neutral unless its sender says otherwise")
  }
}
