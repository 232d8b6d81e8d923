import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// The zoomed detail view (the zoom in the title bar, the minimap over the photo's corner)
/// and the detail view with its bars hidden.
final class LoupeViewSnapshotTests: XCTestCase {
  let size = TerminalSize(columns: 100, rows: 30)

  /// The newest of 12 photos open in the detail view with every image drawn.
  func detail(zoomSteps: Int) -> AppState {
    var state = AppState(roots: ["/photos"], terminal: size)
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: Fixtures.assets(12), problems: [])))
    state.arrange(.library(.indexFinished))
    state.arrange(.open)
    for _ in 0..<zoomSteps { state.arrange(.detail(.zoomIn)) }
    for key in state.images.keys { state.arrange(.image(.loaded(key))) }
    return state
  }

  func testZoomedDetailShowsTheZoomAndTheMinimap() throws {
    let state = detail(zoomSteps: 3)
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "detail-zoomed-100x30")
    let zoomed = try XCTUnwrap(state.imageKey(forIndex: state.selectedIndex))
    XCTAssertNotNil(zoomed.region)
    let minimap = try XCTUnwrap(state.minimap)
    // The region first, then the minimap over its corner (sent after it, so on top).
    XCTAssertEqual(frame.images.map(\.key).prefix(2), [zoomed, minimap.key])
    XCTAssertTrue(frame.images[0].rect.intersects(frame.images[1].rect))
    XCTAssertTrue(frame.snapshotText.contains(try XCTUnwrap(state.zoomLabel)))
  }

  func testTheFittedPhotoStaysWhileTheRegionLoads() throws {
    var state = detail(zoomSteps: 0)
    state.arrange(.detail(.zoomIn))
    let fitted = try XCTUnwrap(state.fittedKey(forIndex: state.selectedIndex))
    XCTAssertEqual(state.images[fitted], .ready)
    let frame = LibraryView.render(state)
    XCTAssertEqual(frame.images.first?.key, fitted, "no Loading… over a blank view")
  }

  func testHiddenChromeLeavesThePhotoWhereItWas() {
    var state = detail(zoomSteps: 0)
    let shown = LibraryView.render(state)
    state.arrange(.detail(.toggleChrome))
    let hidden = LibraryView.render(state)
    Snapshot.assert(hidden.snapshotText, named: "detail-chrome-hidden-100x30")
    XCTAssertEqual(hidden.images.first, shown.images.first, "same picture, same cells")
    XCTAssertEqual(hidden.images.count, 1, "no filmstrip thumbnails")
    XCTAssertFalse(hidden.snapshotText.contains("of 12"), "no title bar")
  }
}
