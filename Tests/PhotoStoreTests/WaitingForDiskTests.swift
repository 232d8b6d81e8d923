import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// A request whose read blocks is marked "waiting for disk" while it is still wanted and
/// unmarked when its picture or failure arrives or when it leaves the screen.
final class WaitingForDiskTests: XCTestCase {
  func testTheMarkFollowsTheRequest() throws {
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24))
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: Fixtures.assets(40), problems: [])))
    let keys = state.images.keys.sorted(by: AppState.keyOrder)
    let (a, b) = (keys[0], keys[1])
    _ = Reducer.reduce(&state, .image(.waitingForDisk(a)))
    _ = Reducer.reduce(&state, .image(.waitingForDisk(b)))
    XCTAssertEqual(state.waitingForDisk, [a, b])
    _ = Reducer.reduce(&state, .image(.loaded(a)))
    _ = Reducer.reduce(&state, .image(.failed(b, reason: "cannot read file: I/O error")))
    XCTAssertEqual(state.waitingForDisk, [])
    // A finished picture is never marked; an unwanted key is not either.
    _ = Reducer.reduce(&state, .image(.waitingForDisk(a)))
    let stranger = ImageKey(asset: AssetID(9999), size: a.size, fit: .fill)
    _ = Reducer.reduce(&state, .image(.waitingForDisk(stranger)))
    XCTAssertEqual(state.waitingForDisk, [])
    // Marked requests that leave the screen take their marks with them.
    let pending = Set(state.images.filter { $0.value == .loading }.keys)
    for key in pending { _ = Reducer.reduce(&state, .image(.waitingForDisk(key))) }
    XCTAssertEqual(state.waitingForDisk, pending)
    _ = Reducer.reduce(&state, .move(.first))
    let stillWanted = pending.filter { state.images[$0] != nil }
    XCTAssertLessThan(stillWanted.count, pending.count, "the grid scrolled away from some")
    XCTAssertEqual(state.waitingForDisk, stillWanted)
  }
}
