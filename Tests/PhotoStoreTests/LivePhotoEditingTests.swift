import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// A Live Photo is one item: deleting it moves the still and the movie to the Trash, undo and
/// restore bring both back as one item again, and favorites, hiding and albums reach both
/// files in the catalog.
final class LivePhotoEditingTests: XCTestCase {
  let movie = CompanionFile(
    id: AssetID(99), path: "/photos/IMG_1002.MOV", byteSize: 3_000_000, format: .video,
    duration: 2.9)
  /// 100×30: tiles of 14×7 cells (14×14 pixels), 6 to a row; album cards 4 to a row.
  let tile = PixelSize(width: 14, height: 14)

  func loaded() -> (TestStore, [Asset]) {
    var assets = Fixtures.assets(3)
    assets[2].liveMovie = movie
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 100, rows: 30)))
    store.arrange(.start, .library(.loaded(assets: assets, problems: [])))
    return (store, assets)
  }

  /// The movie as the Trash lists it: a file of its own, nothing joining it to the still.
  func movieFile(_ still: Asset) -> Asset {
    var file = still
    file.id = movie.id
    file.path = movie.path
    file.byteSize = movie.byteSize
    file.format = .video
    file.duration = 2.9
    file.liveMovie = nil
    return file
  }

  /// The state after `d` on the Live Photo (the newest of `assets`, selected).
  func deleted(_ state: inout AppState, _ assets: [Asset]) {
    let rest = Array(assets[0..<2])
    state.library.assets = rest
    state.assets = PhotoList(rest)
    state.timeline = Timeline(assets: rest)
    state.daysLayout = DaysLayout(timeline: state.timeline, columns: 6)
    state.library.collections.trashed = [assets[2], movieFile(assets[2])].map {
      TrashedPhoto(asset: $0, originalPath: $0.path, deletedAt: 0)
    }
    state.albums.entries = Expected.albumEntries(
      library: rest, trashed: [assets[2], movieFile(assets[2])])
    state.library.undoableTrash = [assets[2].id, movie.id]
    state.selectedIndex = 1
    state.images[Expected.key(assets[2], tile)] = nil
    state.message = "IMG_1002.jpg moved to Recently Deleted · u undo"
  }

  /// The state after the Live Photo came back from the Trash: one item again.
  func restored(_ state: inout AppState, _ assets: [Asset]) {
    state.library.assets = assets
    state.timeline = Timeline(assets: assets)
    state.daysLayout = DaysLayout(timeline: state.timeline, columns: 6)
    state.library.collections.trashed = []
    state.albums.entries = Expected.albumEntries(library: assets)
    state.message = "IMG_1002.jpg restored"
  }

  func testThePairCountsOnce() {
    let (store, _) = loaded()
    XCTAssertEqual(store.state.library.assets.count, 3)
    XCTAssertEqual(store.state.assets.count, 3)
  }

  func testDeleteMovesBothAndUndoBringsBackOneItem() {
    let (store, assets) = loaded()
    XCTAssertEqual(store.state.selectedAsset?.id, assets[2].id)
    store.send(
      .edit(.delete),
      effects: [
        .moveToTrash([assets[2].id, movie.id]), .cancelImage(Expected.key(assets[2], tile)),
      ]
    ) { self.deleted(&$0, assets) }
    XCTAssertEqual(store.state.library.assets.count, 2)
    let trashed = store.state.library.collections.trashed.map(\.asset)
    XCTAssertEqual(trashed.map(\.id), [assets[2].id, movie.id])
    XCTAssertEqual(trashed.last?.path, movie.path)
    XCTAssertEqual(trashed.last?.format, .video)
    XCTAssertEqual(trashed.last?.duration, 2.9)
    XCTAssertNil(trashed.last?.liveMovie)

    store.send(
      .edit(.undo),
      effects: [
        .restoreFromTrash([assets[2].id, movie.id]),
        .loadImage(Expected.request(assets[2], tile)),
      ]
    ) {
      self.restored(&$0, assets)
      $0.assets = PhotoList(assets)
      $0.library.undoableTrash = []
      $0.images[Expected.key(assets[2], self.tile)] = .loading
    }
    XCTAssertEqual(store.state.library.assets.count, 3, "the movie is part of its still again")
    XCTAssertEqual(store.state.library.assets.last?.liveMovie, movie)
  }

  func testRestoreInRecentlyDeletedBringsTheMovieWithTheStill() {
    let (store, assets) = loaded()
    store.arrange(.edit(.delete), .showTab(.albums), .move(.last), .open)
    XCTAssertEqual(store.state.context, .album(.recentlyDeleted))
    store.send(.move(.first)) { $0.selectedIndex = 0 }
    XCTAssertEqual(store.state.selectedAsset?.id, assets[2].id)
    store.send(
      .edit(.restore),
      effects: [
        .restoreFromTrash([assets[2].id, movie.id]),
        .cancelImage(Expected.key(assets[2], tile)),
        .cancelImage(Expected.key(movieFile(assets[2]), tile)),
      ]
    ) {
      self.restored(&$0, assets)
      // Recently Deleted is empty now.
      $0.assets = []
      $0.library.undoableTrash = []
      $0.images = [:]
    }
    XCTAssertTrue(store.state.library.collections.trashed.isEmpty)
    XCTAssertEqual(store.state.library.assets.count, 3)
  }

  /// The catalog answers a delete with its own Trash list, where the still and the movie are
  /// two files with nothing joining them: undo, and r on either file, still bring both back
  /// as one item.
  func testTheCatalogsTrashListIsPairedAgainOnRestore() {
    let (store, assets) = loaded()
    store.arrange(.edit(.delete))
    var collections = store.state.library.collections
    for i in collections.trashed.indices { collections.trashed[i].asset.liveMovie = nil }
    store.send(.library(.collectionsLoaded(collections))) {
      $0.library.collections = collections
    }
    XCTAssertTrue(
      store.state.library.collections.trashed.allSatisfy { $0.asset.companions.isEmpty })
    XCTAssertEqual(store.state.trashedWithCompanions([movie.id]), [movie.id, assets[2].id])
    store.send(
      .edit(.undo),
      effects: [
        .restoreFromTrash([assets[2].id, movie.id]),
        .loadImage(Expected.request(assets[2], tile)),
      ]
    ) {
      self.restored(&$0, assets)
      $0.assets = PhotoList(assets)
      $0.library.undoableTrash = []
      $0.images[Expected.key(assets[2], self.tile)] = .loading
    }
    XCTAssertEqual(store.state.library.assets.count, 3)
    XCTAssertEqual(store.state.library.assets.last?.liveMovie?.id, movie.id)
  }

  func testFavoriteHideAndAlbumsReachTheMovie() {
    let (store, assets) = loaded()
    var favorite = assets
    favorite[2].isFavorite = true
    store.send(.edit(.toggleFavorite), effects: [.setFavorite([assets[2].id, movie.id], true)]) {
      $0.library.assets = favorite
      $0.assets = PhotoList(favorite)
      $0.albums.entries = Expected.albumEntries(library: favorite)
      $0.message = "♦ IMG_1002.jpg added to Favorites"
    }
    XCTAssertEqual(store.state.library.assets.filter(\.isFavorite).count, 1)
    XCTAssertEqual(store.state.withCompanions([assets[0].id]), [assets[0].id])
    var hidden = favorite[2]
    hidden.isHidden = true
    let rest = Array(assets[0..<2])
    store.send(
      .edit(.toggleHidden),
      effects: [
        .setHidden([assets[2].id, movie.id], true), .cancelImage(Expected.key(assets[2], tile)),
      ]
    ) {
      $0.library.assets = rest
      $0.library.collections.hidden = [hidden]
      $0.assets = PhotoList(rest)
      $0.timeline = Timeline(assets: rest)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 6)
      $0.albums.entries = Expected.albumEntries(library: rest, hidden: [hidden])
      $0.selectedIndex = 1
      $0.images[Expected.key(assets[2], self.tile)] = nil
      $0.message = "IMG_1002.jpg hidden · shown only in Albums › Hidden"
    }
  }
}
