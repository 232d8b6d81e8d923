import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// Golden frames of the People collection (the card among the albums, the people, a
/// person's photos) and the info panel's people, title and caption; names with escape
/// sequences are drawn visible, never sent.
final class PeopleViewSnapshotTests: XCTestCase {
  let size = TerminalSize(columns: 100, rows: 30)

  /// Five photos: Anna in 0 and 2, Bo in 2, a hostile name in 3; titles and captions on 1
  /// and 2.
  func library() -> AppState {
    let assets = Fixtures.assets(5)
    let face = FaceArea(left: 0.4, top: 0.2, width: 0.2, height: 0.2)
    let people = PhotoPeople(photos: [
      (assets[0].id, [("Anna Weiß", face)]),
      (assets[2].id, [("Anna Weiß", face), ("Bo", .none)]),
      (assets[3].id, [("evil\u{1B}]0;pwned\u{07}\u{9B}2J", .none)]),
    ])
    let captions = PhotoCaptions([
      (assets[1].id, "Picnic", nil),
      (assets[2].id, "By the lake", "Anna and Bo\u{1B}[2J at the lake"),
    ])
    var state = AppState(roots: ["/photos"], terminal: size)
    for action: Action in [
      .start, .library(.loaded(assets: assets, problems: [])), .library(.indexFinished),
      .library(.collectionsLoaded(LibraryCollections(albums: [], now: 0))),
      .library(.peopleLoaded(people: people, captions: captions)),
    ] {
      state.send(action)
    }
    return state
  }

  func send(_ state: inout AppState, _ actions: Action...) {
    for action in actions { state.send(action) }
  }

  func testThePeopleCardThePeopleAndAPersonsPhotos() {
    var state = library()
    send(&state, .showTab(.albums), .move(.right), .move(.right))
    var frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "people-card-100x30")
    XCTAssertTrue(frame.snapshotText.contains(" People · 3 photos · built in"))
    send(&state, .open)
    frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "people-list-100x30")
    XCTAssertTrue(frame.snapshotText.contains("‹ People  3 people · Esc back"))
    XCTAssertTrue(frame.snapshotText.contains("evil\\e]0;pwned"), "the escape shown, not sent")
    XCTAssertFalse(frame.snapshotText.contains("\u{1B}"))
    XCTAssertFalse(frame.snapshotText.contains("\u{9B}"))
    XCTAssertTrue(frame.snapshotText.contains("People › Anna Weiß · 2 photos"))
    send(&state, .open)
    state.settleImages()
    frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "people-anna-100x30")
    XCTAssertTrue(frame.snapshotText.contains("‹ People › Anna Weiß  2 photos"))
  }

  func testTheInfoPanelShowsPeopleTitleAndCaption() {
    var state = library()
    send(&state, .move(.first), .move(.right), .move(.right), .open, .panel(.info))
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "people-info-100x30")
    XCTAssertTrue(frame.snapshotText.contains("People    Anna Weiß, Bo"))
    XCTAssertTrue(frame.snapshotText.contains("Title     By the lake"))
    XCTAssertTrue(frame.snapshotText.contains("Caption   Anna and Bo\\e[2J at"), "wrapped")
  }
}
