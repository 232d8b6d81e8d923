import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// A request whose read blocks is marked "waiting for disk" while it is still wanted and
/// unmarked when its picture or failure arrives or when it leaves the screen.
final class WaitingForDiskTests: XCTestCase {
  func testTheMarkFollowsTheRequest() throws {
    let assets = Fixtures.assets(40)
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24)))
    store.arrange(.start, .library(.loaded(assets: assets, problems: [])))
    // 80×24: rows 6 and 7 (photos 30…39) on screen, row 5 (25…29) asked for ahead.
    let tile = PixelSize(width: 14, height: 14)
    func key(_ i: Int) -> ImageKey { Expected.key(assets[i], tile) }
    XCTAssertEqual(Set(store.state.images.keys), Set((25..<40).map(key)))
    let keys = store.state.images.keys.sorted(by: AppState.keyOrder)
    let (a, b) = (keys[0], keys[1])
    XCTAssertEqual([a, b], [key(25), key(26)])
    store.send(.image(.waitingForDisk(a))) { $0.waitingForDisk = [a] }
    store.send(.image(.waitingForDisk(b))) { $0.waitingForDisk = [a, b] }
    store.send(.image(.loaded(a))) {
      $0.waitingForDisk = [b]
      $0.images[a] = .ready
    }
    store.send(.image(.failed(b, reason: "cannot read file: I/O error"))) {
      $0.waitingForDisk = []
      $0.images[b] = .failed("cannot read file: I/O error")
    }
    // A finished picture is never marked; an unwanted key is not either.
    store.send(.image(.waitingForDisk(a)))
    let stranger = ImageKey(asset: AssetID(9999), size: a.size, fit: .fill)
    store.send(.image(.waitingForDisk(stranger)))
    // Marked requests that leave the screen take their marks with them.
    let pending = Set(store.state.images.filter { $0.value == .loading }.keys)
    XCTAssertEqual(pending, Set((27..<40).map(key)))
    for key in pending.sorted(by: AppState.keyOrder) {
      store.send(.image(.waitingForDisk(key))) { $0.waitingForDisk.insert(key) }
    }
    XCTAssertEqual(store.state.waitingForDisk, pending)
    // Home: rows 0 and 1 on screen, nothing above them to ask for ahead.
    store.send(
      .move(.first),
      effects: (27..<40).map { .cancelImage(key($0)) }
        + (0..<10).map { .loadImage(Expected.request(assets[$0], tile)) }
    ) {
      $0.selectedIndex = 0
      $0.gridTopRow = 0
      $0.images = Dictionary(uniqueKeysWithValues: (0..<10).map { (key($0), .loading) })
      $0.prefetching = []
      $0.waitingForDisk = []
    }
    let stillWanted = pending.filter { store.state.images[$0] != nil }
    XCTAssertLessThan(stillWanted.count, pending.count, "the grid scrolled away from some")
    XCTAssertEqual(store.state.waitingForDisk, stillWanted)
  }
}
