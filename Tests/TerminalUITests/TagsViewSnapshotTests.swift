import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// Golden frames of the Tags collection (the card among the albums, a level with its "All",
/// a tag's photos with their rating badges) and the info panel's rating, label and tags.
final class TagsViewSnapshotTests: XCTestCase {
  let size = TerminalSize(columns: 100, rows: 30)

  /// Six photos: ratings 0, 5, 3, rejected, 1, 0; tags under Places/Japan, "cat", and one
  /// with an escape sequence in its name (drawn visible, never sent).
  func library() -> AppState {
    var assets = Fixtures.assets(6)
    for (i, rating) in [0, 5, 3, -1, 1, 0].enumerated() { assets[i].rating = rating }
    let tags = PhotoTags(
      paths: [
        ["Places", "Japan", "Kyoto"], ["cat"], ["Places", "Japan", "Tokyo"], ["bad\u{1B}[31m"],
      ],
      photos: [
        (assets[0].id, [0, 1]), (assets[1].id, [2]), (assets[2].id, [0]), (assets[3].id, [1]),
        (assets[4].id, [3, 0]),
      ],
      labels: [assets[1].id: "Red"])
    var state = AppState(roots: ["/photos"], terminal: size)
    for action: Action in [
      .start, .library(.loaded(assets: assets, problems: [])), .library(.indexFinished),
      .library(.collectionsLoaded(LibraryCollections(albums: [], now: 0))),
      .library(.tagsLoaded(tags)),
    ] {
      state.send(action)
    }
    return state
  }

  func send(_ state: inout AppState, _ actions: Action...) {
    for action in actions { state.send(action) }
  }

  func testTheTagsCardAndItsLevels() {
    var state = library()
    send(&state, .showTab(.albums), .move(.right), .move(.right))
    var frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "tags-card-100x30")
    XCTAssertTrue(frame.snapshotText.contains(" Tags · 5 photos · built in"))
    send(&state, .open)
    frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "tags-top-100x30")
    XCTAssertTrue(frame.snapshotText.contains("‹ Tags  3 tags · Esc back"))
    XCTAssertTrue(frame.snapshotText.contains("bad\\e[31m"), "the escape shown, not sent")
    send(&state, .move(.right), .move(.right), .open, .move(.right), .open)
    frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "tags-japan-100x30")
    XCTAssertTrue(frame.snapshotText.contains("‹ Tags › Places › Japan  2 tags · Esc back"))
    XCTAssertTrue(frame.snapshotText.contains("All"))
  }

  func testATagsPhotosWithRatingBadges() {
    var state = library()
    send(&state, .showTab(.albums), .move(.right), .move(.right), .open)
    send(&state, .move(.right), .move(.right), .open, .move(.right), .open, .open)
    XCTAssertEqual(state.albums.open, .tag(TagPath(parts: ["Places", "Japan"], isWhole: true)))
    state.settleImages()
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "tags-grid-badges-100x30")
    XCTAssertTrue(frame.snapshotText.contains("‹ Tags › Places › Japan  4 photos"))
    for badge in ["5*", "3*", "1*"] {
      XCTAssertTrue(frame.snapshotText.contains(badge), badge)
    }
  }

  func testTheInfoPanelShowsRatingLabelAndTags() {
    var state = library()
    send(&state, .move(.first), .move(.right), .open, .panel(.info))
    var frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "tags-info-100x30")
    XCTAssertTrue(frame.snapshotText.contains("Rating    5 stars"))
    XCTAssertTrue(frame.snapshotText.contains("Label     Red"))
    XCTAssertTrue(frame.snapshotText.contains("Tags      Places/Japan/Tokyo"))
    send(&state, .move(.right), .move(.right))
    frame = LibraryView.render(state)
    XCTAssertTrue(frame.snapshotText.contains("Rating    rejected"))
    XCTAssertEqual(LibraryView.ratingBadge(-1), Glyphs.rejected)
    XCTAssertNil(LibraryView.ratingBadge(0))
  }
}
