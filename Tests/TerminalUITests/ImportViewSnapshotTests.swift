import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// Golden frames of the import view: a card's photos as a grid with the one already in the
/// library dimmed, marks, and the question Enter asks over it.
final class ImportViewSnapshotTests: XCTestCase {
  let size = TerminalSize(columns: 100, rows: 30)

  /// A library of three photos and a card of eight, the third of them in the library.
  func withCard() -> AppState {
    let items = Fixtures.assets(8).enumerated().map { index, photo in
      var asset = photo
      asset.id = ImportItem.assetID(index: index)
      asset.path = "/media/me/EOS_DIGITAL/DCIM/100CANON/IMG_\(4000 + index).JPG"
      return ImportItem(
        asset: asset, isNew: index != 2, fileCount: index == 4 ? 2 : 1,
        bytes: index == 2 ? 0 : 5_000_000)
    }
    var state = AppState(roots: ["/photos"], terminal: size)
    state.send(.start)
    state.send(.library(.loaded(assets: Fixtures.assets(3), problems: [])))
    state.send(
      .importing(
        .offered(
          ImportOffer(
            name: "EOS_DIGITAL", source: "/media/me/EOS_DIGITAL/DCIM", library: "/photos",
            newCount: 7, bytes: 35_000_000, items: items))))
    state.send(.importing(.start))
    state.settleImages()
    return state
  }

  func testTheCardAsAGridWithTheImportedOneDimmed() {
    var state = withCard()
    state.send(.move(.right), .mark(.toggle), .move(.right))
    state.settleImages()
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "import-view-100x30")
    let text = frame.snapshotText
    XCTAssertTrue(text.contains("Import from EOS_DIGITAL"), text)
    XCTAssertTrue(text.contains("6 of 7 new marked · 30 MB · 1 in library"), text)
    XCTAssertTrue(text.contains("in library"), text)
    XCTAssertTrue(text.contains("Enter import"), text)
    // Seven new photos drawn; the one in the library has no picture.
    XCTAssertEqual(frame.images.count, 7)
    XCTAssertFalse(frame.images.contains { $0.key.asset == ImportItem.assetID(index: 2) })
  }

  func testEnterAsksOverTheGrid() {
    var state = withCard()
    state.send(.edit(.delete), .open)
    let text = LibraryView.render(state).snapshotText
    Snapshot.assert(text, named: "import-view-question-100x30")
    XCTAssertTrue(
      text.contains("Import 7 new photos from EOS_DIGITAL (35 MB) and delete them from the card?"),
      text)
  }
}
