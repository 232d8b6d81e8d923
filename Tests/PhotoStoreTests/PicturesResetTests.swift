import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The terminal answered the probe after the first frame and the pictures changed format:
/// every picture wanted is asked for again at the new cell size, the ones still being made
/// in the old format are cancelled.
final class PicturesResetTests: XCTestCase {
  /// 80×24 in half-blocks: tiles of 14×7 cells are 14×14 pixels, 5 to a row, 2 rows shown.
  let halfBlockTile = PixelSize(width: 14, height: 14)

  /// 12 photos loaded: rows 1 and 2 (photos 5…11) on screen, row 0 (0…4) asked for ahead.
  func loaded() -> (TestStore, [Asset]) {
    let assets = Fixtures.assets(12)
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24)))
    store.arrange(.start, .library(.loaded(assets: assets, problems: [])))
    XCTAssertEqual(
      Set(store.state.images.keys), Set(assets.map { Expected.key($0, halfBlockTile) }))
    return (store, assets)
  }

  /// Every picture asked for at `tile`: the ones on screen, then the row above, ahead.
  func requests(_ assets: [Asset], _ tile: PixelSize) -> [Effect] {
    assets[5..<12].map { .loadImage(Expected.request($0, tile)) }
      + assets[0..<5].map { .loadImage(Expected.request($0, tile, .fill, .prefetch)) }
  }

  func testEveryPictureIsAskedForAgainAtTheNewCellSize() throws {
    let (store, assets) = loaded()
    let before = Set(store.state.images.keys)
    XCTAssertFalse(before.isEmpty)
    // Some pictures were made in half-blocks, the rest are still being made.
    let done = before.sorted(by: AppState.keyOrder).prefix(3)
    for key in done { store.send(.image(.loaded(key))) { $0.images[key] = .ready } }
    let sixelCell = PixelSize(width: 10, height: 19)
    // Each at the new size: a tile of 14×7 cells is 140×133 pixels of sixel.
    let sixelTile = PixelSize(width: 140, height: 133)
    store.send(
      .picturesReset(cellPixelSize: sixelCell),
      effects: assets[3..<12].map { .cancelImage(Expected.key($0, halfBlockTile)) }
        + requests(assets, sixelTile)
    ) {
      $0.cellPixelSize = sixelCell
      $0.images = Dictionary(
        uniqueKeysWithValues: assets.map { (Expected.key($0, sixelTile), .loading) })
      $0.prefetching = Set(assets[0..<5].map { Expected.key($0, sixelTile) })
    }
    XCTAssertEqual(
      Set(assets[3..<12].map { Expected.key($0, halfBlockTile) }), before.subtracting(done),
      "only the pictures still being made are cancelled")
    XCTAssertTrue(Set(store.state.images.keys).isDisjoint(with: before))
  }

  func testTheSameCellSizeStillAsksForEveryPictureAgain() {
    // A sixel palette the answers changed: same keys, pictures gone from the cache.
    let (store, assets) = loaded()
    for key in store.state.images.keys.sorted(by: AppState.keyOrder) {
      store.send(.image(.loaded(key))) { $0.images[key] = .ready }
    }
    // Nothing is being made: nothing to cancel, every picture asked for again.
    store.send(
      .picturesReset(cellPixelSize: store.state.cellPixelSize),
      effects: requests(assets, halfBlockTile)
    ) {
      for key in $0.images.keys { $0.images[key] = .loading }
    }
  }
}
