import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// Golden frames of the caption editor (C) over the grid, and the caption in the info panel.
final class CaptionEditorSnapshotTests: XCTestCase {
  let size = TerminalSize(columns: 100, rows: 30)

  func library() -> AppState {
    let assets = Fixtures.assets(4)
    var state = AppState(roots: ["/photos"], terminal: size)
    for action: Action in [
      .start, .library(.loaded(assets: assets, problems: [])), .library(.indexFinished),
      .library(.collectionsLoaded(LibraryCollections(albums: [], now: 0))),
    ] {
      state.send(action)
    }
    return state
  }

  func testTheEditorHoldsTheCaptionOnOneLine() {
    var state = library()
    let selected = state.selectedAsset!.id
    state.send(.edit(.caption))
    // Read from the files: its line break is a space in the one-line field, its escape drawn.
    state.send(
      .library(.captionRead(selected, caption: "Kyoto at dusk,\nfrom the \u{1B}[31mbridge")))
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "caption-editor-100x30")
    XCTAssertTrue(frame.snapshotText.contains(" Caption "))
    XCTAssertTrue(frame.snapshotText.contains("Caption: Kyoto at dusk, from the \\e[31mbridge"))
    XCTAssertTrue(frame.snapshotText.contains("Enter save · empty removes · Esc cancel"))
  }

  func testMarkedPhotosGetOneCaptionAndTheInfoPanelShowsIt() {
    var state = library()
    state.send(.mark(.toggle))
    state.send(.move(.left))
    state.send(.mark(.toggle))
    state.send(.edit(.caption))
    var frame = LibraryView.render(state)
    XCTAssertTrue(frame.snapshotText.contains(" Caption of 2 photos "))
    state.send(.back)
    let selected = state.selectedAsset!.id
    state.send(.library(.captionRead(selected, caption: "Tea house")))
    state.send(.panel(.info))
    frame = LibraryView.render(state)
    XCTAssertTrue(frame.snapshotText.contains("Caption    Tea house"), frame.snapshotText)
  }
}
