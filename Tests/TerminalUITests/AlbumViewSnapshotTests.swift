import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// Golden frames of the Albums tab, Recently Deleted, search, the panels and the dialogs.
final class AlbumViewSnapshotTests: XCTestCase {
  let size = TerminalSize(columns: 100, rows: 30)
  let now: Int64 = 1_800_000_000

  /// A library of 12 photos (two favorites, one panorama screenshot-free), the album "Trip"
  /// holding three and the empty album "Empty", one hidden and two trashed photos; every
  /// wanted image drawn.
  func library() -> AppState {
    var assets = Fixtures.assets(14)
    assets[3].isFavorite = true
    assets[8].isFavorite = true
    assets[5].exposure = Exposure(
      fNumber: 1.8, exposureTime: ExposureTime(numerator: 1, denominator: 120), iso: 50,
      focalLength: 6.9)
    assets[5].lensModel = "iPhone 15 back camera 6.86mm f/1.78"
    assets[5].latitude = 37.56650
    assets[5].longitude = 126.97800
    var hidden = assets[12]
    hidden.isHidden = true
    let trashed = [assets[13], assets[11]]
    let library = Array(assets[0..<11])
    var state = AppState(roots: ["/photos"], terminal: size)
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: library, problems: [])))
    state.arrange(.library(.indexFinished))
    let albums = [
      Album(id: AlbumID(2), name: "Empty", createdAt: 0, assetIDs: []),
      Album(
        id: AlbumID(1), name: "Trip", createdAt: 0,
        assetIDs: [assets[2].id, assets[5].id, assets[9].id]),
    ]
    state.arrange(
      .library(
        .collectionsLoaded(
          LibraryCollections(
            albums: albums, hidden: [hidden],
            trashed: [
              TrashedPhoto(
                asset: trashed[0], originalPath: trashed[0].path, deletedAt: now - 28 * 86_400),
              TrashedPhoto(
                asset: trashed[1], originalPath: trashed[1].path, deletedAt: now - 2 * 86_400),
            ], now: now))))
    settle(&state)
    return state
  }

  func settle(_ state: inout AppState) { state.settleImages() }

  func send(_ state: inout AppState, _ actions: Action...) {
    for action in actions { state.send(action) }
  }

  func testAlbumsTab() {
    var state = library()
    send(&state, .showTab(.albums))
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "albums-100x30")
    let text = frame.snapshotText
    XCTAssertTrue(text.contains("My Albums"))
    XCTAssertTrue(text.contains("Favorites"))
    XCTAssertTrue(text.contains("Trip"))
  }

  func testEmptyAlbumShowsAHint() {
    var state = library()
    send(&state, .showTab(.albums), .move(.right), .move(.right), .open)
    XCTAssertEqual(state.context, .album(.user(AlbumID(2))))
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "album-empty-100x30")
    XCTAssertTrue(frame.snapshotText.contains("Press a in the Library to add photos"))
  }

  func testRecentlyDeletedShowsDaysLeft() {
    var state = library()
    send(&state, .showTab(.albums), .move(.last), .open)
    XCTAssertEqual(state.context, .album(.recentlyDeleted))
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "recently-deleted-100x30")
    XCTAssertTrue(frame.snapshotText.contains("2 days left"))
    XCTAssertTrue(frame.snapshotText.contains("28 days left"))
  }

  func testPickerAndPromptAndConfirmations() {
    var state = library()
    send(&state, .album(.addPhotos))
    let picker = LibraryView.render(state)
    Snapshot.assert(picker.snapshotText, named: "picker-100x30")
    XCTAssertTrue(
      picker.images.allSatisfy {
        !$0.rect.intersects(CellRect(row: 11, column: 33, width: 34, height: 8))
      })
    send(
      &state, .open, .field(.typed("S")), .field(.typed("e")), .field(.typed("o")),
      .field(.typed("u")), .field(.typed("l")))
    Snapshot.assert(LibraryView.render(state).snapshotText, named: "prompt-new-album-100x30")
    send(&state, .back, .mark(.toggle), .move(.left), .mark(.range), .edit(.delete))
    Snapshot.assert(LibraryView.render(state).snapshotText, named: "confirm-trash-100x30")
    send(
      &state, .answer(false), .back, .showTab(.albums), .move(.right), .move(.right), .move(.right),
      .album(.delete))
    Snapshot.assert(LibraryView.render(state).snapshotText, named: "confirm-delete-album-100x30")
  }

  func testSearchResults() {
    var state = library()
    send(&state, .startSearch)
    Snapshot.assert(LibraryView.render(state).snapshotText, named: "search-empty-100x30")
    send(&state, .field(.typed("T")), .field(.typed("r")), .field(.typed("i")), .field(.typed("p")))
    XCTAssertEqual(state.assets.count, 3, "the album Trip's photos")
    Snapshot.assert(LibraryView.render(state).snapshotText, named: "search-results-100x30")
  }

  func testInfoPanel() {
    var state = library()
    send(&state, .move(.first))
    for _ in 0..<5 { send(&state, .move(.right)) }
    send(&state, .panel(.info))
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "info-100x30")
    let text = frame.snapshotText
    // A column beside the grid (which flows into the columns left of it), long values
    // wrapped under themselves.
    XCTAssertTrue(text.contains("f/1.8 · 1/120 s · ISO │"), text)
    XCTAssertTrue(text.contains("│            50 · 6.9 mm"), text)
    XCTAssertTrue(text.contains("37.5665° N, 126.9780°"))
    XCTAssertTrue(text.contains("Trip"))
    let panel = CellRect(row: 1, column: 64, width: 36, height: 28)
    XCTAssertFalse(frame.images.isEmpty)
    for image in frame.images {
      XCTAssertFalse(image.rect.intersects(panel), "no picture under the panel: \(image.rect)")
    }
  }

  func testHelpOverlayCoversThePictures() {
    var state = library()
    send(&state, .panel(.help))
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "help-100x30")
    XCTAssertTrue(frame.snapshotText.contains("favorite ♦"))
    // The help is a page over the whole view: no picture is left, and no tile is half
    // covered (its uncovered part painted as a grey placeholder).
    XCTAssertEqual(frame.images, [])
    for row in 1..<(size.rows - 1) {
      for column in 0..<size.columns {
        XCTAssertNotEqual(frame[row, column].role, .tilePlaceholder, "\(row),\(column)")
      }
    }
  }

  func testHelpShowsReboundKeys() {
    var state = library()
    send(&state, .panel(.help))
    let keys = KeyMap(overrides: [.favorite: [.character("*")]])
    let text = LibraryView.render(state, keyMap: keys).snapshotText
    XCTAssertTrue(text.contains("*"), "the help names the key the config bound")
  }

  func testFavoriteHeartsAndMarks() {
    var state = library()
    send(&state, .move(.first))
    for _ in 0..<3 { send(&state, .move(.right)) }
    send(&state, .mark(.toggle), .move(.right), .mark(.toggle))
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "marks-and-hearts-100x30")
    XCTAssertTrue(frame.snapshotText.contains("♦"))
    XCTAssertTrue(frame.snapshotText.contains("┏"))
  }

  func testAnAlbumNamedWithEscapesIsShownEscaped() {
    var state = library()
    let hostile = "\u{1B}]0;pwned\u{07}\u{9B}2J\u{202E}gpj.exe"
    var collections = state.library.collections
    collections.albums.append(Album(id: AlbumID(9), name: hostile, createdAt: 0, assetIDs: []))
    send(&state, .library(.collectionsLoaded(collections)), .showTab(.albums))
    let albumsText = LibraryView.render(state).cells.map(\.text).joined()
    send(&state, .showTab(.library), .album(.addPhotos))
    let pickerText = LibraryView.render(state).cells.map(\.text).joined()
    for text in [albumsText, pickerText] {
      XCTAssertFalse(
        text.unicodeScalars.contains {
          $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B || $0.value == 0x202E
        })
    }
    XCTAssertTrue(pickerText.contains("\\e]0;pwned"), "the picker shows the name escaped")
  }
}
