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

  func loaded() -> (AppState, [Asset]) {
    var assets = Fixtures.assets(3)
    assets[2].liveMovie = movie
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 100, rows: 30))
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    return (state, assets)
  }

  func testThePairCountsOnce() {
    let (state, _) = loaded()
    XCTAssertEqual(state.library.assets.count, 3)
    XCTAssertEqual(state.assets.count, 3)
  }

  func testDeleteMovesBothAndUndoBringsBackOneItem() {
    var (state, assets) = loaded()
    XCTAssertEqual(state.selectedAsset?.id, assets[2].id)
    let effects = Reducer.reduce(&state, .edit(.delete))
    XCTAssertTrue(effects.contains(.moveToTrash([assets[2].id, movie.id])), "\(effects)")
    XCTAssertEqual(state.library.assets.count, 2)
    let trashed = state.library.collections.trashed.map(\.asset)
    XCTAssertEqual(trashed.map(\.id), [assets[2].id, movie.id])
    XCTAssertEqual(trashed.last?.path, movie.path)
    XCTAssertEqual(trashed.last?.format, .video)
    XCTAssertEqual(trashed.last?.duration, 2.9)
    XCTAssertNil(trashed.last?.liveMovie)
    XCTAssertEqual(state.message, "IMG_1002.jpg moved to Recently Deleted · u undo")

    let undone = Reducer.reduce(&state, .edit(.undo))
    XCTAssertTrue(undone.contains(.restoreFromTrash([assets[2].id, movie.id])), "\(undone)")
    XCTAssertTrue(state.library.collections.trashed.isEmpty)
    XCTAssertEqual(state.library.assets.count, 3, "the movie is part of its still again")
    XCTAssertEqual(state.library.assets.last?.liveMovie, movie)
    XCTAssertEqual(state.message, "IMG_1002.jpg restored")
  }

  func testRestoreInRecentlyDeletedBringsTheMovieWithTheStill() {
    var (state, assets) = loaded()
    _ = Reducer.reduce(&state, .edit(.delete))
    _ = Reducer.reduce(&state, .showTab(.albums))
    _ = Reducer.reduce(&state, .move(.last))
    _ = Reducer.reduce(&state, .open)
    XCTAssertEqual(state.context, .album(.recentlyDeleted))
    _ = Reducer.reduce(&state, .move(.first))
    XCTAssertEqual(state.selectedAsset?.id, assets[2].id)
    let effects = Reducer.reduce(&state, .edit(.restore))
    XCTAssertTrue(effects.contains(.restoreFromTrash([assets[2].id, movie.id])), "\(effects)")
    XCTAssertTrue(state.library.collections.trashed.isEmpty)
    XCTAssertEqual(state.library.assets.count, 3)
  }

  /// The catalog answers a delete with its own Trash list, where the still and the movie are
  /// two files with nothing joining them: undo, and r on either file, still bring both back
  /// as one item.
  func testTheCatalogsTrashListIsPairedAgainOnRestore() {
    var (state, assets) = loaded()
    _ = Reducer.reduce(&state, .edit(.delete))
    var collections = state.library.collections
    for i in collections.trashed.indices { collections.trashed[i].asset.liveMovie = nil }
    _ = Reducer.reduce(&state, .library(.collectionsLoaded(collections)))
    XCTAssertTrue(state.library.collections.trashed.allSatisfy { $0.asset.companions.isEmpty })
    XCTAssertEqual(state.trashedWithCompanions([movie.id]), [movie.id, assets[2].id])
    let undone = Reducer.reduce(&state, .edit(.undo))
    XCTAssertTrue(undone.contains(.restoreFromTrash([assets[2].id, movie.id])), "\(undone)")
    XCTAssertEqual(state.library.assets.count, 3)
    XCTAssertEqual(state.library.assets.last?.liveMovie?.id, movie.id)
    XCTAssertEqual(state.message, "IMG_1002.jpg restored")
  }

  func testFavoriteHideAndAlbumsReachTheMovie() {
    var (state, assets) = loaded()
    XCTAssertEqual(
      Reducer.reduce(&state, .edit(.toggleFavorite)),
      [.setFavorite([assets[2].id, movie.id], true)])
    XCTAssertEqual(state.library.assets.filter(\.isFavorite).count, 1)
    XCTAssertEqual(state.withCompanions([assets[0].id]), [assets[0].id])
    let hidden = Reducer.reduce(&state, .edit(.toggleHidden))
    XCTAssertTrue(hidden.contains(.setHidden([assets[2].id, movie.id], true)), "\(hidden)")
  }
}
