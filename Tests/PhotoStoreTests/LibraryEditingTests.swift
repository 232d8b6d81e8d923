import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// Exhaustive reducer tests for what a person does to a library: favorites, delete and
/// Recently Deleted, hidden, marks, albums, the picker and prompts, search, panels, mouse.
final class LibraryEditingTests: XCTestCase {
  /// 80×24: tiles 14×7 → 5 columns, 2 visible rows; 6 photos all fit.
  let size = TerminalSize(columns: 80, rows: 24)
  let tilePixels = PixelSize(width: 14, height: 14)
  let now: Int64 = 1_800_000_000

  func tileKey(_ asset: Asset) -> ImageKey {
    ImageKey(asset: asset.id, size: tilePixels, fit: .fill)
  }

  /// Album cards at 80×24 are 20×8 cells: covers of 20×16 pixels.
  func coverKey(_ asset: Asset) -> ImageKey {
    ImageKey(asset: asset.id, size: PixelSize(width: 20, height: 16), fit: .fill)
  }

  func coverRequest(_ asset: Asset) -> ImageRequest {
    var request = tileRequest(asset)
    request.key = coverKey(asset)
    return request
  }

  func tileRequest(_ asset: Asset) -> ImageRequest {
    ImageRequest(
      key: tileKey(asset), path: asset.path, format: asset.format, orientation: asset.orientation,
      priority: .visible, bestQuality: false, exifThumbnail: asset.exifThumbnail,
      storedSize: asset.storedPixelSize)
  }

  /// The detail photo's key at 80×24: 80×17 cells (the filmstrip takes 5 rows) = 80×34 px.
  func detailKey(_ asset: Asset) -> ImageKey {
    ImageKey(asset: asset.id, size: PixelSize(width: 80, height: 34), fit: .fit)
  }

  /// A filmstrip thumbnail under the detail photo: 6×3 cells = 6×6 pixels at 80×24.
  func stripRequest(_ asset: Asset) -> ImageRequest {
    ImageRequest(
      key: ImageKey(asset: asset.id, size: PixelSize(width: 6, height: 6), fit: .fill),
      path: asset.path, format: asset.format, orientation: asset.orientation,
      priority: .prefetch, bestQuality: false, exifThumbnail: asset.exifThumbnail,
      storedSize: asset.storedPixelSize)
  }

  /// The detail photo's request: visible, at its best quality.
  func detailRequest(_ asset: Asset) -> ImageRequest {
    ImageRequest(
      key: detailKey(asset), path: asset.path, format: asset.format,
      orientation: asset.orientation, priority: .visible, bestQuality: true,
      exifThumbnail: asset.exifThumbnail, storedSize: asset.storedPixelSize)
  }

  /// The Albums tab's cards, stated independently of the reducer.
  func entries(
    library: [Asset], albums: [Album] = [], hidden: [Asset] = [], trashed: [Asset] = []
  ) -> [AlbumEntry] {
    let favorites = library.filter(\.isFavorite)
    var list = [
      AlbumEntry(ref: .recents, title: "Recents", count: library.count, cover: library.last),
      AlbumEntry(
        ref: .favorites, title: "Favorites", count: favorites.count, cover: favorites.last),
    ]
    for album in albums {
      let members = library.filter { album.assetIDs.contains($0.id) }
      list.append(
        AlbumEntry(
          ref: .user(album.id), title: album.name, count: members.count, cover: members.last))
    }
    list += [
      AlbumEntry(ref: .imports, title: "Imports", count: 0, cover: nil),
      AlbumEntry(ref: .hidden, title: "Hidden", count: hidden.count, cover: hidden.last),
      AlbumEntry(
        ref: .recentlyDeleted, title: "Recently Deleted", count: trashed.count, cover: trashed.last),
    ]
    return list
  }

  /// A library of `count` photos (and `albums`) loaded, every tile drawn, newest selected.
  func prepared(_ count: Int = 6, albums: [Album] = []) -> (TestStore, [Asset]) {
    let assets = Fixtures.assets(count)
    let store = TestStore(AppState(roots: ["/photos"], terminal: size))
    store.arrange(
      .start, .library(.loaded(assets: assets, problems: [])),
      .library(.collectionsLoaded(LibraryCollections(albums: albums, now: now))))
    // Every tile drawn: a picture's arrival has tests of its own.
    store.arrangeState { state in
      for key in state.images.keys { state.images[key] = .ready }
    }
    XCTAssertEqual(store.state.selectedIndex, count - 1)
    XCTAssertEqual(store.state.albums.entries, entries(library: assets, albums: albums))
    return (store, assets)
  }

  // MARK: Favorites

  func testFavoriteTogglesTheFlagAndTheFavoritesAlbumFollows() {
    let (store, assets) = prepared()
    var favorite = assets
    favorite[5].isFavorite = true
    store.send(.edit(.toggleFavorite), effects: [.setFavorite([assets[5].id], true)]) {
      $0.library.assets = favorite
      $0.assets = PhotoList(favorite)
      $0.albums.entries = self.entries(library: favorite)
      $0.message = "♦ IMG_1005.jpg added to Favorites"
    }
    XCTAssertEqual(store.state.albums.entries[1].count, 1)
    store.send(.edit(.toggleFavorite), effects: [.setFavorite([assets[5].id], false)]) {
      $0.library.assets = assets
      $0.assets = PhotoList(assets)
      $0.albums.entries = self.entries(library: assets)
      $0.message = "IMG_1005.jpg removed from Favorites"
    }
  }

  // MARK: Delete, undo, Recently Deleted

  func testDeleteTakesThePhotoOutAtOnceLandsOnTheNextAndUndoBringsItBack() {
    let (store, assets) = prepared()
    store.send(.move(.first)) { $0.selectedIndex = 0 }
    store.send(.move(.right)) {
      $0.selectedIndex = 1
      $0.scrollDirection = 1
    }
    var rest = assets
    rest.remove(at: 1)
    let trashed = TrashedPhoto(asset: assets[1], originalPath: assets[1].path, deletedAt: now)
    store.send(.edit(.delete), effects: [.moveToTrash([assets[1].id])]) {
      $0.library.assets = rest
      $0.assets = PhotoList(rest)
      $0.timeline = Timeline(assets: rest)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.library.collections.trashed = [trashed]
      $0.albums.entries = self.entries(library: rest, trashed: [assets[1]])
      $0.library.undoableTrash = [assets[1].id]
      $0.images[self.tileKey(assets[1])] = nil
      $0.message = "IMG_1001.jpg moved to Recently Deleted · u undo"
      // The cursor lands on the photo that took its place: the next one.
    }
    XCTAssertEqual(store.state.selectedAsset?.id, assets[2].id)
    store.send(
      .edit(.undo),
      effects: [.restoreFromTrash([assets[1].id]), .loadImage(tileRequest(assets[1]))]
    ) {
      $0.library.assets = assets
      $0.assets = PhotoList(assets)
      $0.timeline = Timeline(assets: assets)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.library.collections.trashed = []
      $0.albums.entries = self.entries(library: assets)
      $0.library.undoableTrash = []
      $0.selectedIndex = 2
      $0.images[self.tileKey(assets[1])] = .loading
      $0.message = "IMG_1001.jpg restored"
    }
    store.send(.edit(.undo)) { $0.message = "Nothing to undo" }
  }

  func testDeletingTheLastPhotoSelectsThePreviousOne() {
    let (store, assets) = prepared(3)
    let rest = Array(assets[0..<2])
    store.send(.edit(.delete), effects: [.moveToTrash([assets[2].id])]) {
      $0.library.assets = rest
      $0.assets = PhotoList(rest)
      $0.timeline = Timeline(assets: rest)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.library.collections.trashed = [
        TrashedPhoto(asset: assets[2], originalPath: assets[2].path, deletedAt: self.now)
      ]
      $0.albums.entries = self.entries(library: rest, trashed: [assets[2]])
      $0.library.undoableTrash = [assets[2].id]
      $0.images[self.tileKey(assets[2])] = nil
      $0.selectedIndex = 1
      $0.message = "IMG_1002.jpg moved to Recently Deleted · u undo"
    }
  }

  func testMarkedPhotosAreDeletedAfterAConfirmationThatNamesTheCount() {
    let (store, assets) = prepared()
    store.send(.mark(.toggle)) {
      $0.marks.ids = [assets[5].id]
      $0.marks.anchor = assets[5].id
      $0.message = "1 photo marked · d f a H act on them · Esc clears"
    }
    store.send(.move(.left)) {
      $0.selectedIndex = 4
      $0.message = nil
    }
    store.send(.move(.left)) { $0.selectedIndex = 3 }
    store.send(.mark(.range)) {
      $0.marks.ids = [assets[3].id, assets[4].id, assets[5].id]
      $0.marks.anchor = assets[3].id
      $0.message = "3 photos marked · d f a H act on them · Esc clears"
    }
    let ids = [assets[3].id, assets[4].id, assets[5].id]
    store.send(.edit(.delete)) {
      $0.overlay = .confirm(
        Confirmation(
          purpose: .trash(ids), question: "Move 3 photos to Recently Deleted?",
          detail: "They stay there for 30 days; r restores them."))
    }
    XCTAssertEqual(store.state.inputMode, .confirm)
    store.send(.answer(false)) {
      $0.overlay = nil
      $0.message = nil
    }
    store.send(.edit(.delete)) {
      $0.overlay = .confirm(
        Confirmation(
          purpose: .trash(ids), question: "Move 3 photos to Recently Deleted?",
          detail: "They stay there for 30 days; r restores them."))
    }
    let rest = Array(assets[0..<3])
    store.send(.answer(true), effects: [.moveToTrash(ids)]) {
      $0.overlay = nil
      $0.library.assets = rest
      $0.assets = PhotoList(rest)
      $0.timeline = Timeline(assets: rest)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.library.collections.trashed = assets[3...].map {
        TrashedPhoto(asset: $0, originalPath: $0.path, deletedAt: self.now)
      }
      $0.albums.entries = self.entries(library: rest, trashed: Array(assets[3...]))
      $0.library.undoableTrash = ids
      $0.marks.ids = []
      $0.selectedIndex = 2
      for asset in assets[3...] { $0.images[self.tileKey(asset)] = nil }
      $0.message = "3 photos moved to Recently Deleted · u undo"
    }
  }

  func testRecentlyDeletedShowsDaysLeftRestoresAndDeletesForGoodAfterAConfirmation() {
    let (store, assets) = prepared(4)
    let trashedAssets = [Fixtures.assets(6)[4], Fixtures.assets(6)[5]]
    var collections = LibraryCollections(now: now)
    collections.trashed = [
      TrashedPhoto(
        asset: trashedAssets[0], originalPath: trashedAssets[0].path, deletedAt: now - 29 * 86_400),
      TrashedPhoto(
        asset: trashedAssets[1], originalPath: trashedAssets[1].path, deletedAt: now - 86_400),
    ]
    XCTAssertEqual(collections.trashed[0].daysLeft(now: now, retentionDays: 30), 1)
    XCTAssertEqual(collections.trashed[1].daysLeft(now: now, retentionDays: 30), 29)
    store.send(.library(.collectionsLoaded(collections))) {
      $0.library.collections = collections
      $0.albums.entries = self.entries(library: assets, trashed: trashedAssets)
    }
    store.send(.showTab(.albums), effects: [.loadImage(coverRequest(assets[3]))]) {
      $0.tab = .albums
      $0.savedPositions[.library] = SavedPosition(selected: assets[3].id, topRow: 0)
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = Int.max
      for asset in assets { $0.images[self.tileKey(asset)] = nil }
      $0.images[self.coverKey(assets[3])] = .loading
    }
    // The cards: Recents, Favorites | Imports, Hidden, Recently Deleted (index 4), whose
    // cover is the last photo deleted; the list scrolls to the Utilities section.
    store.send(
      .move(.last),
      effects: [.cancelImage(coverKey(assets[3])), .loadImage(coverRequest(trashedAssets[1]))]
    ) {
      $0.albums.cursor = 4
      $0.albums.topEntry = 2
      $0.images[self.coverKey(assets[3])] = nil
      $0.images[self.coverKey(trashedAssets[1])] = .loading
    }
    // Recently Deleted has a label row under each photo: the tiles keep their size.
    let keys = trashedAssets.map { tileKey($0) }
    store.send(
      .open,
      effects: [.cancelImage(coverKey(trashedAssets[1]))]
        + trashedAssets.map { .loadImage(tileRequest($0)) }
    ) {
      $0.albums.open = .recentlyDeleted
      $0.assets = PhotoList(trashedAssets)
      $0.selectedIndex = 1
      $0.gridTopRow = 0
      $0.images[self.coverKey(trashedAssets[1])] = nil
      for key in keys { $0.images[key] = .loading }
    }
    XCTAssertEqual(store.state.grid.labelRows, 1)
    store.send(.edit(.delete)) {
      $0.overlay = .confirm(
        Confirmation(
          purpose: .deleteForever([trashedAssets[1].id]), question: "Delete IMG_1005.jpg for good?",
          detail: "The files are erased from the Trash. This cannot be undone."))
    }
    store.send(
      .answer(true), effects: [.deleteForever([trashedAssets[1].id]), .cancelImage(keys[1])]
    ) {
      $0.overlay = nil
      $0.library.collections.trashed = [collections.trashed[0]]
      $0.albums.entries = self.entries(library: assets, trashed: [trashedAssets[0]])
      $0.assets = [trashedAssets[0]]
      $0.selectedIndex = 0
      $0.images[keys[1]] = nil
      $0.message = "1 photo deleted for good"
    }
    let all = Fixtures.assets(5)
    store.send(
      .edit(.restore), effects: [.restoreFromTrash([trashedAssets[0].id]), .cancelImage(keys[0])]
    ) {
      $0.library.collections.trashed = []
      $0.library.assets = all
      $0.timeline = Timeline(assets: all)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.albums.entries = self.entries(library: all)
      $0.assets = []
      $0.images[keys[0]] = nil
      $0.message = "IMG_1004.jpg restored"
    }
  }
}
