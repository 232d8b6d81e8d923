import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// o and O ask for the external opener as an effect: the selected photo's path, or its
/// folder; nothing in the album list or in Recently Deleted.
final class OpenerTests: XCTestCase {
  func loaded() -> (AppState, [Asset]) {
    let assets = Fixtures.assets(3)
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 100, rows: 30))
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    return (state, assets)
  }

  func testOOpensTheSelectedPhotoAndCapitalOItsFolder() {
    var (state, assets) = loaded()
    let before = state
    XCTAssertEqual(
      Reducer.reduce(&state, .edit(.openExternally(folder: false))),
      [.openExternally(path: assets[2].path)])
    XCTAssertEqual(state, before, "the state is the opener's answer's to change")
    _ = Reducer.reduce(&state, .move(.left))
    XCTAssertEqual(
      Reducer.reduce(&state, .edit(.openExternally(folder: true))),
      [.openExternally(path: "/photos")])
    XCTAssertNotEqual(assets[1].path, "/photos")
  }

  func testTheDetailViewOpensItsPhoto() {
    var (state, assets) = loaded()
    _ = Reducer.reduce(&state, .move(.first))
    _ = Reducer.reduce(&state, .open)
    _ = Reducer.reduce(&state, .move(.right))
    XCTAssertEqual(state.screen, .detail)
    let effects = Reducer.reduce(&state, .edit(.openExternally(folder: false)))
    XCTAssertEqual(effects, [.openExternally(path: assets[1].path)])
  }

  func testNothingToOpenInTheAlbumListOrRecentlyDeleted() {
    var (state, _) = loaded()
    _ = Reducer.reduce(&state, .showTab(.albums))
    XCTAssertEqual(state.context, .albumList)
    XCTAssertEqual(Reducer.reduce(&state, .edit(.openExternally(folder: false))), [])
  }

  func testFolderOfPaths() {
    XCTAssertEqual(Reducer.folder(of: "/a/b/c.jpg"), "/a/b")
    XCTAssertEqual(Reducer.folder(of: "/c.jpg"), "/")
    XCTAssertEqual(Reducer.folder(of: "c.jpg"), ".")
  }
}
