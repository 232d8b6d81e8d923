import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// Golden frames of the Duplicates and Bursts albums: a group to a row, the facts under
/// each tile, the keeper marked; and the Utilities cards with their counts.
final class DuplicatesViewSnapshotTests: XCTestCase {
  let size = TerminalSize(columns: 100, rows: 40)

  /// Eight photos: 1 and 4 exact copies (4 in another folder, smaller as a file); 2, 3 and
  /// 8 similar (3 half the size); 5, 6 and 7 a burst. Every wanted image drawn.
  func library() -> AppState {
    var assets = Fixtures.assets(8)
    assets[3].path = "/photos/Copies/IMG_1003.jpg"
    assets[3].byteSize = 2_900_000
    assets[2].storedPixelSize = PixelSize(width: 2016, height: 1512)
    var state = AppState(roots: ["/photos"], terminal: size)
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: assets, problems: [])))
    state.arrange(.library(.indexFinished))
    state.arrange(.library(.collectionsLoaded(LibraryCollections(now: 1_800_000_000))))
    state.arrange(
      .library(
        .duplicatesFound(
          groups: [
            PhotoGroup(kind: .exact, members: [AssetID(1), AssetID(4)]),
            PhotoGroup(kind: .similar, members: [AssetID(2), AssetID(8), AssetID(3)]),
          ],
          bursts: [PhotoGroup(kind: .burst, members: [AssetID(5), AssetID(6), AssetID(7)])])))
    state.settleImages()
    return state
  }

  func open(_ ref: AlbumRef, _ state: inout AppState) {
    state.send(.showTab(.albums))
    state.albums.cursor = state.albums.entries.firstIndex { $0.ref == ref }!
    state.send(.open)
    state.settleImages()
  }

  func testUtilitiesListDuplicatesAndBurstsWithCounts() {
    var state = library()
    state.send(.showTab(.albums))
    state.send(.move(.last))
    state.settleImages()
    let text = LibraryView.render(state).snapshotText
    Snapshot.assert(text, named: "duplicates-albums-100x40")
    XCTAssertTrue(text.contains("Duplicates"), text)
    XCTAssertTrue(text.contains("Bursts"), text)
  }

  func testDuplicatesShowEachGroupARowWithItsFactsAndKeeper() {
    var state = library()
    open(.duplicates, &state)
    var text = LibraryView.render(state).snapshotText
    Snapshot.assert(text, named: "duplicates-groups-100x40")
    XCTAssertTrue(text.contains("‹ Duplicates  5 photos in 2 groups · group 1: exact copies"), text)
    XCTAssertTrue(text.contains("» keep 4032×3024"), text)
    XCTAssertTrue(text.contains("Copies/"), text)
    XCTAssertTrue(text.contains("2.9 MB · JPEG"), text)
    XCTAssertTrue(text.contains("K keep  J merge"), text)
    // The second group; K on its second photo makes it the keeper.
    state.send(.move(.down))
    state.send(.move(.right))
    state.send(.duplicates(.chooseKeeper))
    state.settleImages()
    text = LibraryView.render(state).snapshotText
    Snapshot.assert(text, named: "duplicates-keeper-picked-100x40")
    XCTAssertTrue(text.contains("group 2: similar · 3 photos"), text)
    XCTAssertTrue(text.contains("IMG_1007.jpg is kept when the group is merged"), text)
  }

  func testMergeAsksOnceNamingTheKeeper() {
    var state = library()
    open(.duplicates, &state)
    state.send(.duplicates(.merge))
    let text = LibraryView.render(state).snapshotText
    Snapshot.assert(text, named: "duplicates-merge-confirm-100x40")
    XCTAssertTrue(text.contains("Merge 2 photos into IMG_1000.jpg?"), text)
    XCTAssertTrue(text.contains("The other one goes to Recently Deleted"), text)
  }

  func testBurstsListedApartWithoutAKeeper() {
    var state = library()
    open(.bursts, &state)
    let text = LibraryView.render(state).snapshotText
    Snapshot.assert(text, named: "bursts-100x40")
    XCTAssertTrue(text.contains("‹ Bursts  3 photos in 1 burst · burst 1: 3 frames"), text)
    XCTAssertFalse(text.contains("» keep"), text)
  }

  func testHashingProgressIsInTheStatusLine() {
    var state = library()
    state.send(.library(.hashProgress(done: 1_200, total: 5_000)))
    let text = LibraryView.render(state).snapshotText
    XCTAssertTrue(text.contains("Finding duplicates 1,200 of 5,000"), text)
  }
}
