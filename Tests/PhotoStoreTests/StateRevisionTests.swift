import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The browser draws a frame when the state's revision moved: every change moves it, and a
/// key that changes nothing leaves it, so it draws nothing.
final class StateRevisionTests: XCTestCase {
  /// 80×24: tiles of 14×14 pixels, 5 to a row, 2 rows on screen.
  let tile = PixelSize(width: 14, height: 14)

  /// `count` photos loaded and indexed; the newest selected, at the bottom.
  func loaded(_ count: Int) -> (TestStore, [Asset]) {
    let assets = Fixtures.assets(count)
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24)))
    store.arrange(
      .start, .library(.loaded(assets: assets, problems: [])), .library(.indexFinished))
    return (store, assets)
  }

  func testEveryChangeMovesTheRevision() {
    let (store, assets) = loaded(30)
    // Rows 4 and 5 (photos 20…29) on screen, row 3 (15…19) asked for ahead.
    var revision = store.state.revision.count
    var state = store.state
    func moved(_ action: Action, file: StaticString = #filePath, line: UInt = #line) {
      XCTAssertNotEqual(store.state, state, "\(action) changes the state", file: file, line: line)
      XCTAssertNotEqual(
        store.state.revision.count, revision, "\(action) moves the revision", file: file,
        line: line)
      (revision, state) = (store.state.revision.count, store.state)
    }
    store.send(.move(.left)) { $0.selectedIndex = 28 }
    moved(.move(.left))
    var favorite = assets
    favorite[28].isFavorite = true
    store.send(.edit(.toggleFavorite), effects: [.setFavorite([assets[28].id], true)]) {
      $0.library.assets = favorite
      $0.assets = PhotoList(favorite)
      $0.albums.entries = Expected.albumEntries(library: favorite)
      $0.message = "♦ IMG_1028.jpg added to Favorites"
    }
    moved(.edit(.toggleFavorite))
    // Years: one card, for 2024, its key photo the middle one (14) at 30×24 pixels.
    let tiles = (15..<30).map { Expected.key(favorite[$0], tile) }
    let yearCard = Expected.request(favorite[14], PixelSize(width: 30, height: 24))
    store.send(.nextSegment, effects: tiles.map { .cancelImage($0) } + [.loadImage(yearCard)]) {
      $0.library.segment = .years
      $0.message = nil
      $0.images = [yearCard.key: .loading]
      $0.prefetching = []
    }
    moved(.nextSegment)
    // Enter on the year: Months at its first month, August, whose card is 20×16 pixels.
    let monthCard = Expected.request(favorite[14], PixelSize(width: 20, height: 16))
    store.send(.open, effects: [.cancelImage(yearCard.key), .loadImage(monthCard)]) {
      $0.library.segment = .months
      $0.selectedIndex = 0
      $0.images = [monthCard.key: .loading]
    }
    moved(.open)
    store.send(.back, effects: [.cancelImage(monthCard.key), .loadImage(yearCard)]) {
      $0.library.segment = .years
      $0.images = [yearCard.key: .loading]
    }
    moved(.back)
  }

  func testAKeyThatChangesNothingLeavesTheRevision() {
    let (store, assets) = loaded(30)
    store.send(
      .move(.first),
      effects: (15..<30).map { .cancelImage(Expected.key(assets[$0], tile)) }
        + (0..<10).map { .loadImage(Expected.request(assets[$0], tile)) }
    ) {
      $0.selectedIndex = 0
      $0.gridTopRow = 0
      $0.images = Dictionary(
        uniqueKeysWithValues: (0..<10).map { (Expected.key(assets[$0], self.tile), .loading) })
      $0.prefetching = []
    }
    let before = (store.state.revision.count, store.state)
    store.send(.move(.first))
    XCTAssertEqual(store.state, before.1, "nothing changed")
    XCTAssertEqual(store.state.revision.count, before.0, "so no frame is drawn")
  }

  func testTwoStatesAreEqualWhateverTheirRevisions() {
    var a = loaded(3).0.state
    let b = a
    a.message = "x"
    a.message = nil
    XCTAssertNotEqual(a.revision.count, b.revision.count)
    XCTAssertEqual(a, b)
  }
}
