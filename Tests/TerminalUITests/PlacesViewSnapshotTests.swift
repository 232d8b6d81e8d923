import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// Golden frames of the Places collection (the card among the albums, then each level:
/// countries, regions, towns, a town's photos), the info panel's place and the detail
/// view's town.
final class PlacesViewSnapshotTests: XCTestCase {
  let size = TerminalSize(columns: 100, rows: 30)
  typealias P = Fixtures.Places

  /// Eight photos: three in France (two in Paris), two in Japan, one in Zürich, two with
  /// no place; every wanted image drawn.
  func library() -> AppState {
    var assets = Fixtures.placed(
      8, [P.paris, P.lyon, P.paris, P.kyoto, P.shinjuku, P.zurich, nil, nil])
    assets[4].latitude = 35.6544
    assets[4].longitude = 139.7480
    var state = AppState(roots: ["/photos"], terminal: size)
    send(&state, .start, .library(.loaded(assets: assets, problems: [])), .library(.indexFinished))
    send(&state, .library(.collectionsLoaded(LibraryCollections(albums: [], now: 0))))
    return state
  }

  func settle(_ state: inout AppState) { state.settleImages() }

  func send(_ state: inout AppState, _ actions: Action...) {
    for action in actions { state.send(action) }
  }

  func testThePlacesCardAmongTheAlbums() {
    var state = library()
    send(&state, .showTab(.albums), .move(.right), .move(.right))
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "places-card-100x30")
    XCTAssertTrue(frame.snapshotText.contains("Places"))
    XCTAssertTrue(frame.snapshotText.contains(" Places · 6 photos"))
  }

  func testEachLevelOfPlaces() {
    var state = library()
    send(&state, .showTab(.albums), .move(.right), .move(.right), .open)
    var frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "places-countries-100x30")
    XCTAssertTrue(frame.snapshotText.contains("‹ Places  3 countries · Esc back"))
    for country in ["France", "Japan", "Switzerland"] {
      XCTAssertTrue(frame.snapshotText.contains(country), country)
    }
    send(&state, .open)
    frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "places-regions-100x30")
    XCTAssertTrue(frame.snapshotText.contains("‹ Places › France  2 regions"))
    XCTAssertTrue(frame.snapshotText.contains("Auvergne-Rhône-Alpes"))
    send(&state, .move(.right), .open)
    frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "places-towns-100x30")
    XCTAssertTrue(
      frame.snapshotText.contains("‹ Places › France › Île-de-France  1 town · Esc back"))
    send(&state, .open)
    frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "places-town-grid-100x30")
    XCTAssertTrue(
      frame.snapshotText.contains("‹ Places › France › Île-de-France › Paris  2 photos"))
  }

  func testTheInfoPanelAndTheDetailTitleShowThePlace() {
    var state = library()
    send(&state, .move(.first))
    for _ in 0..<4 { send(&state, .move(.right)) }
    XCTAssertEqual(state.selectedAsset?.place, P.shinjuku)
    send(&state, .open, .panel(.info))
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "places-detail-info-100x30")
    let text = frame.snapshotText
    XCTAssertTrue(text.contains("· Shinjuku · Tokyo"), "the town in the title bar")
    XCTAssertTrue(text.contains("│ Place     Shinjuku · Tokyo,"), "the place in the panel")
    XCTAssertTrue(text.contains("│           Tokyo, Japan"), "wrapped under itself")
  }
}
