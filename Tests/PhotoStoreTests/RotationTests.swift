import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// > and <: a turn kept in the catalog, on top of the file's orientation; pictures are asked
/// for again (the key carries the turn), u turns back.
final class RotationTests: XCTestCase {
  /// 80×24: tiles of 14×7 cells (14×14 pixels); 4 photos fit in one row.
  let tile = PixelSize(width: 14, height: 14)

  /// `count` photos loaded, every tile drawn, the newest selected.
  func loaded(_ count: Int = 4) -> (TestStore, [Asset]) {
    let assets = Fixtures.assets(count)
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24)))
    store.arrange(.start, .library(.loaded(assets: assets, problems: [])))
    for key in store.state.images.keys { store.arrange(.image(.loaded(key))) }
    return (store, assets)
  }

  /// `assets` with photo `i` turned `turns[i]` quarters clockwise.
  func turned(_ assets: [Asset], _ turns: [Int: Int]) -> [Asset] {
    var assets = assets
    for (i, rotation) in turns { assets[i].userRotation = rotation }
    return assets
  }

  /// The library now `assets`, turned in place: the grid's list and the album covers follow.
  func library(_ state: inout AppState, _ assets: [Asset]) {
    state.library.assets = assets
    state.assets = PhotoList(assets)
    state.albums.entries = Expected.albumEntries(library: assets)
  }

  func testATurnIsStoredAndEveryPictureOfThePhotoIsAskedForAgain() throws {
    let (store, assets) = loaded()
    let id = try XCTUnwrap(store.state.selectedAsset?.id)
    let before = try XCTUnwrap(store.state.imageKey(forIndex: store.state.selectedIndex))
    let shown = try XCTUnwrap(store.state.selectedAsset?.displayPixelSize)
    let once = turned(assets, [3: 1])
    store.send(
      .edit(.rotate(clockwise: true)),
      effects: [.setRotation([id: 1]), .loadImage(Expected.request(once[3], tile))]
    ) {
      self.library(&$0, once)
      $0.library.undoableRotation = [id: 0]
      $0.message = "IMG_1003.jpg turned clockwise · u undo"
      // The picture in the old orientation was done: nothing to cancel, it is let go.
      $0.images[before] = nil
      $0.images[Expected.key(once[3], self.tile)] = .loading
    }
    XCTAssertEqual(store.state.selectedAsset?.userRotation, 1)
    XCTAssertEqual(store.state.library.assets.first { $0.id == id }?.userRotation, 1)
    XCTAssertEqual(store.state.selectedAsset?.displayPixelSize, shown.transposed, "a quarter turn")
    let after = try XCTUnwrap(store.state.imageKey(forIndex: store.state.selectedIndex))
    XCTAssertEqual(after.rotation, 1)
    XCTAssertNotEqual(after, before)
    // Anticlockwise twice from 1: 3 (quarter turns wrap).
    store.send(
      .edit(.rotate(clockwise: false)),
      effects: [
        .setRotation([id: 0]), .cancelImage(after), .loadImage(Expected.request(assets[3], tile)),
      ]
    ) {
      self.library(&$0, assets)
      $0.library.undoableRotation = [id: 1]
      $0.message = "IMG_1003.jpg turned anticlockwise · u undo"
      $0.images[after] = nil
      $0.images[before] = .loading
    }
    let thrice = turned(assets, [3: 3])
    store.send(
      .edit(.rotate(clockwise: false)),
      effects: [
        .setRotation([id: 3]), .cancelImage(before), .loadImage(Expected.request(thrice[3], tile)),
      ]
    ) {
      self.library(&$0, thrice)
      $0.library.undoableRotation = [id: 0]
      $0.images[before] = nil
      $0.images[Expected.key(thrice[3], self.tile)] = .loading
    }
  }

  func testUndoTurnsBackAndADeleteTakesOverTheUndo() throws {
    let (store, assets) = loaded()
    let id = try XCTUnwrap(store.state.selectedAsset?.id)
    let once = turned(assets, [3: 1])
    let (plain, turnedKey) = (Expected.key(assets[3], tile), Expected.key(once[3], tile))
    store.send(
      .edit(.rotate(clockwise: true)),
      effects: [.setRotation([id: 1]), .loadImage(Expected.request(once[3], tile))]
    ) {
      self.library(&$0, once)
      $0.library.undoableRotation = [id: 0]
      $0.message = "IMG_1003.jpg turned clockwise · u undo"
      $0.images[plain] = nil
      $0.images[turnedKey] = .loading
    }
    store.send(
      .edit(.undo),
      effects: [
        .setRotation([id: 0]), .cancelImage(turnedKey),
        .loadImage(Expected.request(assets[3], tile)),
      ]
    ) {
      self.library(&$0, assets)
      $0.library.undoableRotation = [:]
      $0.message = "Turn undone"
      $0.images[turnedKey] = nil
      $0.images[plain] = .loading
    }
    XCTAssertEqual(store.state.selectedAsset?.userRotation, 0)
    // After a turn, a delete is what u undoes.
    store.send(
      .edit(.rotate(clockwise: true)),
      effects: [
        .setRotation([id: 1]), .cancelImage(plain), .loadImage(Expected.request(once[3], tile)),
      ]
    ) {
      self.library(&$0, once)
      $0.library.undoableRotation = [id: 0]
      $0.message = "IMG_1003.jpg turned clockwise · u undo"
      $0.images[plain] = nil
      $0.images[turnedKey] = .loading
    }
    let rest = Array(assets[0..<3])
    store.send(.edit(.delete), effects: [.moveToTrash([id]), .cancelImage(turnedKey)]) {
      $0.library.assets = rest
      $0.assets = PhotoList(rest)
      $0.timeline = Timeline(assets: rest)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.library.collections.trashed = [
        TrashedPhoto(asset: once[3], originalPath: once[3].path, deletedAt: 0)
      ]
      $0.albums.entries = Expected.albumEntries(library: rest, trashed: [once[3]])
      $0.library.undoableTrash = [id]
      $0.library.undoableRotation = [:]
      $0.selectedIndex = 2
      $0.images[turnedKey] = nil
      $0.message = "IMG_1003.jpg moved to Recently Deleted · u undo"
    }
  }

  func testMarkedPhotosTurnTogetherAndTheOrientationAlgebraHolds() throws {
    let (store, assets) = loaded()
    let message = " marked · d f a H act on them · Esc clears"
    store.send(.mark(.toggle)) {
      $0.marks.ids = [assets[3].id]
      $0.marks.anchor = assets[3].id
      $0.message = "1 photo" + message
    }
    store.send(.move(.left)) {
      $0.selectedIndex = 2
      $0.message = nil
    }
    store.send(.mark(.toggle)) {
      $0.marks.ids = [assets[2].id, assets[3].id]
      $0.marks.anchor = assets[2].id
      $0.message = "2 photos" + message
    }
    let ids = store.state.assets.suffix(2).map(\.id)
    let both = turned(assets, [2: 3, 3: 3])
    store.send(
      .edit(.rotate(clockwise: false)),
      effects: [
        .setRotation([ids[0]: 3, ids[1]: 3]), .loadImage(Expected.request(both[2], tile)),
        .loadImage(Expected.request(both[3], tile)),
      ]
    ) {
      self.library(&$0, both)
      $0.library.undoableRotation = [ids[0]: 0, ids[1]: 0]
      $0.marks.ids = []
      $0.message = "2 photos turned anticlockwise · u undo"
      for i in 2...3 {
        $0.images[Expected.key(assets[i], self.tile)] = nil
        $0.images[Expected.key(both[i], self.tile)] = .loading
      }
    }
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
