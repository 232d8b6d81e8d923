import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// > and <: a turn kept in the catalog, on top of the file's orientation; pictures are asked
/// for again (the key carries the turn), u turns back.
final class RotationTests: XCTestCase {
  func loaded(_ count: Int = 4) -> AppState {
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24))
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: Fixtures.assets(count), problems: [])))
    for key in state.images.keys { _ = Reducer.reduce(&state, .image(.loaded(key))) }
    return state
  }

  func testATurnIsStoredAndEveryPictureOfThePhotoIsAskedForAgain() throws {
    var state = loaded()
    let id = try XCTUnwrap(state.selectedAsset?.id)
    let before = try XCTUnwrap(state.imageKey(forIndex: state.selectedIndex))
    let shown = try XCTUnwrap(state.selectedAsset?.displayPixelSize)
    let effects = Reducer.reduce(&state, .edit(.rotate(clockwise: true)))
    XCTAssertTrue(effects.contains(.setRotation([id: 1])))
    XCTAssertEqual(state.selectedAsset?.userRotation, 1)
    XCTAssertEqual(state.library.assets.first { $0.id == id }?.userRotation, 1)
    XCTAssertEqual(state.selectedAsset?.displayPixelSize, shown.transposed, "a quarter turn")
    let after = try XCTUnwrap(state.imageKey(forIndex: state.selectedIndex))
    XCTAssertEqual(after.rotation, 1)
    XCTAssertNotEqual(after, before)
    XCTAssertTrue(effects.contains(.cancelImage(before)) || state.images[before] == nil)
    XCTAssertTrue(
      effects.contains { if case .loadImage(let r) = $0 { r.key == after } else { false } })
    // Anticlockwise twice from 1: 3 (quarter turns wrap).
    _ = Reducer.reduce(&state, .edit(.rotate(clockwise: false)))
    let wrapped = Reducer.reduce(&state, .edit(.rotate(clockwise: false)))
    XCTAssertTrue(wrapped.contains(.setRotation([id: 3])))
  }

  func testUndoTurnsBackAndADeleteTakesOverTheUndo() throws {
    var state = loaded()
    let id = try XCTUnwrap(state.selectedAsset?.id)
    _ = Reducer.reduce(&state, .edit(.rotate(clockwise: true)))
    let undo = Reducer.reduce(&state, .edit(.undo))
    XCTAssertTrue(undo.contains(.setRotation([id: 0])))
    XCTAssertEqual(state.selectedAsset?.userRotation, 0)
    XCTAssertEqual(state.library.undoableRotation, [:])
    // After a turn, a delete is what u undoes.
    _ = Reducer.reduce(&state, .edit(.rotate(clockwise: true)))
    _ = Reducer.reduce(&state, .edit(.delete))
    XCTAssertEqual(state.library.undoableRotation, [:])
    XCTAssertFalse(state.library.undoableTrash.isEmpty)
  }

  func testMarkedPhotosTurnTogetherAndTheOrientationAlgebraHolds() throws {
    var state = loaded()
    _ = Reducer.reduce(&state, .mark(.toggle))
    _ = Reducer.reduce(&state, .move(.left))
    _ = Reducer.reduce(&state, .mark(.toggle))
    let effects = Reducer.reduce(&state, .edit(.rotate(clockwise: false)))
    let ids = state.assets.suffix(2).map(\.id)
    XCTAssertTrue(effects.contains(.setRotation([ids[0]: 3, ids[1]: 3])))
    // Four quarter turns are none; a turn keeps a mirror a mirror.
    for orientation in Orientation.allCases {
      XCTAssertEqual(orientation.rotatedClockwise(by: 4), orientation)
      XCTAssertEqual(orientation.rotatedClockwise(by: 1).rotatedClockwise(by: -1), orientation)
      XCTAssertEqual(orientation.rotatedClockwise(by: 1).isMirrored, orientation.isMirrored)
    }
    XCTAssertEqual(Orientation.up.rotatedClockwise(by: 1), .right)
    XCTAssertEqual(Orientation.right.rotatedClockwise(by: 2), .left)
    XCTAssertEqual(Orientation.upMirrored.rotatedClockwise(by: 1), .rightMirrored)
  }
}
