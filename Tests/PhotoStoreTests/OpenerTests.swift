import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// o and O ask for the external opener as an effect: the selected photo's path, or its
/// folder; nothing in the album list or in Recently Deleted.
final class OpenerTests: XCTestCase {
  /// 100×30: the detail photo's area is 100×23 cells (the filmstrip takes 5 rows).
  let detailPixels = PixelSize(width: 100, height: 46)

  func loaded() -> (TestStore, [Asset]) {
    let assets = Fixtures.assets(3)
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 100, rows: 30)))
    store.arrange(.start, .library(.loaded(assets: assets, problems: [])))
    return (store, assets)
  }

  func testOOpensTheSelectedPhotoAndCapitalOItsFolder() {
    let (store, assets) = loaded()
    // No state change: the state is the opener's answer's to change.
    store.send(
      .edit(.openExternally(folder: false)), effects: [.openExternally(path: assets[2].path)])
    store.send(.move(.left)) { $0.selectedIndex = 1 }
    store.send(.edit(.openExternally(folder: true)), effects: [.openExternally(path: "/photos")])
    XCTAssertNotEqual(assets[1].path, "/photos")
  }

  func testTheDetailViewOpensItsPhoto() {
    let (store, assets) = loaded()
    store.arrange(.move(.first), .open)
    store.send(
      .move(.right),
      effects: [.loadImage(Expected.request(assets[2], detailPixels, .fit, .neighbour))]
    ) {
      $0.selectedIndex = 1
      $0.images[Expected.key(assets[2], self.detailPixels, .fit)] = .loading
    }
    XCTAssertEqual(store.state.screen, .detail)
    store.send(
      .edit(.openExternally(folder: false)), effects: [.openExternally(path: assets[1].path)])
  }

  func testNothingToOpenInTheAlbumListOrRecentlyDeleted() {
    let (store, _) = loaded()
    store.arrange(.showTab(.albums))
    XCTAssertEqual(store.state.context, .albumList)
    store.send(.edit(.openExternally(folder: false)))
    store.arrange(.showTab(.library), .edit(.delete), .showTab(.albums), .move(.last), .open)
    XCTAssertEqual(store.state.context, .album(.recentlyDeleted))
    XCTAssertNotNil(store.state.selectedAsset)
    store.send(.edit(.openExternally(folder: false)))
    store.send(.edit(.openExternally(folder: true)))
  }

  func testFolderOfPaths() {
    XCTAssertEqual(Reducer.folder(of: "/a/b/c.jpg"), "/a/b")
    XCTAssertEqual(Reducer.folder(of: "/c.jpg"), "/")
    XCTAssertEqual(Reducer.folder(of: "c.jpg"), ".")
  }
}
