import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The terminal answered the probe after the first frame and the pictures changed format:
/// every picture wanted is asked for again at the new cell size, the ones still being made
/// in the old format are cancelled.
final class PicturesResetTests: XCTestCase {
  func loaded() -> AppState {
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24))
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: Fixtures.assets(12), problems: [])))
    return state
  }

  func testEveryPictureIsAskedForAgainAtTheNewCellSize() throws {
    var state = loaded()
    let before = Set(state.images.keys)
    XCTAssertFalse(before.isEmpty)
    // Some pictures were made in half-blocks, the rest are still being made.
    let done = before.sorted(by: AppState.keyOrder).prefix(3)
    for key in done { _ = Reducer.reduce(&state, .image(.loaded(key))) }
    let sixelCell = PixelSize(width: 10, height: 19)
    let effects = Reducer.reduce(&state, .picturesReset(cellPixelSize: sixelCell))

    XCTAssertEqual(state.cellPixelSize, sixelCell)
    let cancelled = Set(
      effects.compactMap { if case .cancelImage(let key) = $0 { key } else { nil } })
    XCTAssertEqual(cancelled, before.subtracting(done), "only the pictures still being made")
    let requested = effects.compactMap { if case .loadImage(let r) = $0 { r.key } else { nil } }
    XCTAssertEqual(Set(requested), Set(state.images.keys))
    XCTAssertEqual(requested.count, before.count, "the same pictures, once each")
    XCTAssertTrue(state.images.values.allSatisfy { $0 == .loading })
    // Each at the new size: a tile of 14×7 cells is 140×133 pixels of sixel.
    XCTAssertTrue(
      requested.allSatisfy { $0.size.width % 10 == 0 && $0.size.height % 19 == 0 }, "\(requested)")
    XCTAssertTrue(Set(requested).isDisjoint(with: before))
  }

  func testTheSameCellSizeStillAsksForEveryPictureAgain() {
    // A sixel palette the answers changed: same keys, pictures gone from the cache.
    var state = loaded()
    for key in state.images.keys { _ = Reducer.reduce(&state, .image(.loaded(key))) }
    let before = Set(state.images.keys)
    let effects = Reducer.reduce(&state, .picturesReset(cellPixelSize: state.cellPixelSize))
    let requested = effects.compactMap { if case .loadImage(let r) = $0 { r.key } else { nil } }
    XCTAssertEqual(Set(requested), before)
    XCTAssertFalse(effects.contains { if case .cancelImage = $0 { true } else { false } })
  }
}
