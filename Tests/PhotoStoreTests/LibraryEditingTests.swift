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
    var state = AppState(roots: ["/photos"], terminal: size)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .libraryLoaded(assets: assets, problems: []))
    _ = Reducer.reduce(&state, .collectionsLoaded(LibraryCollections(albums: albums, now: now)))
    for key in state.images.keys { state.images[key] = .ready }
    XCTAssertEqual(state.selectedIndex, count - 1)
    XCTAssertEqual(state.albumEntries, entries(library: assets, albums: albums))
    return (TestStore(state), assets)
  }

  // MARK: Favorites

  func testFavoriteTogglesTheFlagAndTheFavoritesAlbumFollows() {
    let (store, assets) = prepared()
    var favorite = assets
    favorite[5].isFavorite = true
    store.send(.toggleFavorite, effects: [.setFavorite([assets[5].id], true)]) {
      $0.libraryAssets = favorite
      $0.assets = favorite
      $0.albumEntries = self.entries(library: favorite)
      $0.message = "♦ IMG_1005.jpg added to Favorites"
    }
    XCTAssertEqual(store.state.albumEntries[1].count, 1)
    store.send(.toggleFavorite, effects: [.setFavorite([assets[5].id], false)]) {
      $0.libraryAssets = assets
      $0.assets = assets
      $0.albumEntries = self.entries(library: assets)
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
    store.send(.delete, effects: [.moveToTrash([assets[1].id])]) {
      $0.libraryAssets = rest
      $0.assets = rest
      $0.timeline = Timeline(assets: rest)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.collections.trashed = [trashed]
      $0.albumEntries = self.entries(library: rest, trashed: [assets[1]])
      $0.undoableTrash = [assets[1].id]
      $0.images[self.tileKey(assets[1])] = nil
      $0.message = "IMG_1001.jpg moved to Recently Deleted · u undo"
      // The cursor lands on the photo that took its place: the next one.
    }
    XCTAssertEqual(store.state.selectedAsset?.id, assets[2].id)
    store.send(
      .undo, effects: [.restoreFromTrash([assets[1].id]), .loadImage(tileRequest(assets[1]))]
    ) {
      $0.libraryAssets = assets
      $0.assets = assets
      $0.timeline = Timeline(assets: assets)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.collections.trashed = []
      $0.albumEntries = self.entries(library: assets)
      $0.undoableTrash = []
      $0.selectedIndex = 2
      $0.images[self.tileKey(assets[1])] = .loading
      $0.message = "IMG_1001.jpg restored"
    }
    store.send(.undo) { $0.message = "Nothing to undo" }
  }

  func testDeletingTheLastPhotoSelectsThePreviousOne() {
    let (store, assets) = prepared(3)
    let rest = Array(assets[0..<2])
    store.send(.delete, effects: [.moveToTrash([assets[2].id])]) {
      $0.libraryAssets = rest
      $0.assets = rest
      $0.timeline = Timeline(assets: rest)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.collections.trashed = [
        TrashedPhoto(asset: assets[2], originalPath: assets[2].path, deletedAt: self.now)
      ]
      $0.albumEntries = self.entries(library: rest, trashed: [assets[2]])
      $0.undoableTrash = [assets[2].id]
      $0.images[self.tileKey(assets[2])] = nil
      $0.selectedIndex = 1
      $0.message = "IMG_1002.jpg moved to Recently Deleted · u undo"
    }
  }

  func testMarkedPhotosAreDeletedAfterAConfirmationThatNamesTheCount() {
    let (store, assets) = prepared()
    store.send(.toggleMark) {
      $0.marked = [assets[5].id]
      $0.markAnchor = assets[5].id
      $0.message = "1 photo marked · d f a H act on them · Esc clears"
    }
    store.send(.move(.left)) {
      $0.selectedIndex = 4
      $0.message = nil
    }
    store.send(.move(.left)) { $0.selectedIndex = 3 }
    store.send(.markRange) {
      $0.marked = [assets[3].id, assets[4].id, assets[5].id]
      $0.markAnchor = assets[3].id
      $0.message = "3 photos marked · d f a H act on them · Esc clears"
    }
    let ids = [assets[3].id, assets[4].id, assets[5].id]
    store.send(.delete) {
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
    store.send(.delete) {
      $0.overlay = .confirm(
        Confirmation(
          purpose: .trash(ids), question: "Move 3 photos to Recently Deleted?",
          detail: "They stay there for 30 days; r restores them."))
    }
    let rest = Array(assets[0..<3])
    store.send(.answer(true), effects: [.moveToTrash(ids)]) {
      $0.overlay = nil
      $0.libraryAssets = rest
      $0.assets = rest
      $0.timeline = Timeline(assets: rest)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.collections.trashed = assets[3...].map {
        TrashedPhoto(asset: $0, originalPath: $0.path, deletedAt: self.now)
      }
      $0.albumEntries = self.entries(library: rest, trashed: Array(assets[3...]))
      $0.undoableTrash = ids
      $0.marked = []
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
    store.send(.collectionsLoaded(collections)) {
      $0.collections = collections
      $0.albumEntries = self.entries(library: assets, trashed: trashedAssets)
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
      $0.albumCursor = 4
      $0.albumsTopEntry = 2
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
      $0.openAlbum = .recentlyDeleted
      $0.assets = trashedAssets
      $0.selectedIndex = 1
      $0.gridTopRow = 0
      $0.images[self.coverKey(trashedAssets[1])] = nil
      for key in keys { $0.images[key] = .loading }
    }
    XCTAssertEqual(store.state.grid.labelRows, 1)
    store.send(.delete) {
      $0.overlay = .confirm(
        Confirmation(
          purpose: .deleteForever([trashedAssets[1].id]), question: "Delete IMG_1005.jpg for good?",
          detail: "The files are erased from the Trash. This cannot be undone."))
    }
    store.send(
      .answer(true), effects: [.deleteForever([trashedAssets[1].id]), .cancelImage(keys[1])]
    ) {
      $0.overlay = nil
      $0.collections.trashed = [collections.trashed[0]]
      $0.albumEntries = self.entries(library: assets, trashed: [trashedAssets[0]])
      $0.assets = [trashedAssets[0]]
      $0.selectedIndex = 0
      $0.images[keys[1]] = nil
      $0.message = "1 photo deleted for good"
    }
    let all = Fixtures.assets(5)
    store.send(
      .restore, effects: [.restoreFromTrash([trashedAssets[0].id]), .cancelImage(keys[0])]
    ) {
      $0.collections.trashed = []
      $0.libraryAssets = all
      $0.timeline = Timeline(assets: all)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.albumEntries = self.entries(library: all)
      $0.assets = []
      $0.images[keys[0]] = nil
      $0.message = "IMG_1004.jpg restored"
    }
  }

  // MARK: Hidden

  func testHiddenPhotosLeaveTheLibraryAndComeBackFromTheHiddenAlbum() {
    let (store, assets) = prepared(3)
    var hidden = assets[2]
    hidden.isHidden = true
    let rest = Array(assets[0..<2])
    store.send(.toggleHidden, effects: [.setHidden([assets[2].id], true)]) {
      $0.libraryAssets = rest
      $0.assets = rest
      $0.timeline = Timeline(assets: rest)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.collections.hidden = [hidden]
      $0.albumEntries = self.entries(library: rest, hidden: [hidden])
      $0.selectedIndex = 1
      $0.images[self.tileKey(assets[2])] = nil
      $0.message = "IMG_1002.jpg hidden · shown only in Albums › Hidden"
    }
    store.send(.showTab(.albums), effects: [.loadImage(coverRequest(assets[1]))]) {
      $0.tab = .albums
      $0.message = nil
      $0.savedPositions[.library] = SavedPosition(selected: assets[1].id, topRow: 0)
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = Int.max
      for asset in rest { $0.images[self.tileKey(asset)] = nil }
      $0.images[self.coverKey(assets[1])] = .loading
    }
    store.send(.move(.right)) { $0.albumCursor = 1 }
    // Imports, then Hidden: the list scrolls to Utilities, whose covers come in.
    store.send(
      .move(.right), effects: [.cancelImage(coverKey(assets[1])), .loadImage(coverRequest(hidden))]
    ) {
      $0.albumCursor = 2
      $0.albumsTopEntry = 2
      $0.images[self.coverKey(assets[1])] = nil
      $0.images[self.coverKey(hidden)] = .loading
    }
    store.send(.move(.right)) { $0.albumCursor = 3 }  // Hidden
    store.send(.open, effects: [.cancelImage(coverKey(hidden)), .loadImage(tileRequest(hidden))]) {
      $0.openAlbum = .hidden
      $0.assets = [hidden]
      $0.gridTopRow = 0
      $0.images[self.coverKey(hidden)] = nil
      $0.images[self.tileKey(hidden)] = .loading
    }
    store.send(
      .toggleHidden, effects: [.setHidden([assets[2].id], false), .cancelImage(tileKey(hidden))]
    ) {
      $0.collections.hidden = []
      $0.libraryAssets = assets
      $0.timeline = Timeline(assets: assets)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.albumEntries = self.entries(library: assets)
      $0.assets = []
      $0.images[self.tileKey(hidden)] = nil
      $0.message = "IMG_1002.jpg back in the library"
    }
  }

  // MARK: Albums

  func testAlbumsTabOpensAnEmptyAlbumAndEscReturns() {
    let album = Album(id: AlbumID(7), name: "Trip", createdAt: 0, assetIDs: [])
    let (store, assets) = prepared(2, albums: [album])
    store.send(.showTab(.albums), effects: [.loadImage(coverRequest(assets[1]))]) {
      $0.tab = .albums
      $0.savedPositions[.library] = SavedPosition(selected: assets[1].id, topRow: 0)
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = Int.max
      for asset in assets { $0.images[self.tileKey(asset)] = nil }
      $0.images[self.coverKey(assets[1])] = .loading
    }
    store.send(.move(.right)) { $0.albumCursor = 1 }
    store.send(.move(.right)) { $0.albumCursor = 2 }
    store.send(.open, effects: [.cancelImage(coverKey(assets[1]))]) {
      $0.openAlbum = .user(AlbumID(7))
      $0.gridTopRow = 0
      $0.images[self.coverKey(assets[1])] = nil
    }
    XCTAssertEqual(store.state.context, .album(.user(AlbumID(7))))
    XCTAssertTrue(store.state.assets.isEmpty)
    store.send(.back, effects: [.loadImage(coverRequest(assets[1]))]) {
      $0.openAlbum = nil
      $0.gridTopRow = Int.max
      $0.savedPositions[.album(.user(AlbumID(7)))] = SavedPosition(selected: nil, topRow: 0)
      $0.images[self.coverKey(assets[1])] = .loading
    }
    store.send(.renameAlbum) {
      $0.overlay = .prompt(NamePrompt(purpose: .rename(AlbumID(7)), text: "Trip"))
    }
    XCTAssertEqual(store.state.inputMode, .text)
    store.send(.back) { $0.overlay = nil }
    store.send(.move(.left)) { $0.albumCursor = 1 }
    store.send(.renameAlbum) { $0.message = "Favorites is built in and cannot be renamed" }
    store.send(.deleteAlbum) { $0.message = "Favorites is built in and cannot be deleted" }
  }

  func testNewAlbumRefusesEmptyReservedAndDuplicateNames() {
    let album = Album(id: AlbumID(7), name: "Trip", createdAt: 0, assetIDs: [])
    let (store, _) = prepared(2, albums: [album])
    store.send(.newAlbum) { $0.overlay = .prompt(NamePrompt(purpose: .newAlbum(adding: []))) }
    store.send(.open) {
      $0.overlay = .prompt(
        NamePrompt(purpose: .newAlbum(adding: []), error: "An album needs a name"))
    }
    for c in "trip" {
      store.send(.typed(c)) {
        guard case .prompt(var prompt)? = $0.overlay else { return }
        prompt.text.append(c)
        prompt.error = nil
        $0.overlay = .prompt(prompt)
      }
    }
    store.send(.open) {
      $0.overlay = .prompt(
        NamePrompt(
          purpose: .newAlbum(adding: []), text: "trip",
          error: "An album named “trip” already exists"))
    }
    for _ in 0..<4 {
      store.send(.deleteBackward) {
        guard case .prompt(var prompt)? = $0.overlay else { return }
        prompt.text.removeLast()
        prompt.error = nil
        $0.overlay = .prompt(prompt)
      }
    }
    for c in "Hidden" {
      store.send(.typed(c)) {
        guard case .prompt(var prompt)? = $0.overlay else { return }
        prompt.text.append(c)
        $0.overlay = .prompt(prompt)
      }
    }
    store.send(.open) {
      $0.overlay = .prompt(
        NamePrompt(
          purpose: .newAlbum(adding: []), text: "Hidden", error: "“Hidden” is a built-in album"))
    }
  }

  func testPickerAddsTheSelectionToAnAlbumOrMakesANewOne() {
    let album = Album(id: AlbumID(7), name: "Trip", createdAt: 0, assetIDs: [])
    let (store, assets) = prepared(3, albums: [album])
    store.send(.addToAlbum) { $0.overlay = .picker(AlbumPicker(assets: [assets[2].id])) }
    store.send(.move(.down)) { $0.overlay = .picker(AlbumPicker(assets: [assets[2].id], row: 1)) }
    store.send(.move(.down))  // only one album: stays on it
    var filled = album
    filled.assetIDs = [assets[2].id]
    store.send(.open, effects: [.addToAlbum(AlbumID(7), [assets[2].id])]) {
      $0.overlay = nil
      $0.collections.albums = [filled]
      $0.albumEntries = self.entries(library: assets, albums: [filled])
      $0.message = "IMG_1002.jpg added to “Trip”"
    }
    store.send(.addToAlbum) { $0.overlay = .picker(AlbumPicker(assets: [assets[2].id])) }
    store.send(.open) {
      $0.overlay = .prompt(NamePrompt(purpose: .newAlbum(adding: [assets[2].id])))
    }
    for c in "Seoul" {
      store.send(.typed(c)) {
        guard case .prompt(var prompt)? = $0.overlay else { return }
        prompt.text.append(c)
        $0.overlay = .prompt(prompt)
      }
    }
    store.send(.open, effects: [.createAlbum(name: "Seoul", adding: [assets[2].id])]) {
      $0.overlay = nil
      $0.message = "Album “Seoul” made with 1 photo"
    }
  }

  func testInsideAUserAlbumXTakesThePhotoOutAndDDeletesTheAlbumAfterAsking() {
    let assets = Fixtures.assets(3)
    let album = Album(
      id: AlbumID(7), name: "Trip", createdAt: 0, assetIDs: [assets[0].id, assets[2].id])
    let (store, _) = prepared(3, albums: [album])
    // Recents and Trip share a cover (the newest photo): one request.
    store.send(.showTab(.albums), effects: [.loadImage(coverRequest(assets[2]))]) {
      $0.tab = .albums
      $0.savedPositions[.library] = SavedPosition(selected: assets[2].id, topRow: 0)
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = Int.max
      for asset in assets { $0.images[self.tileKey(asset)] = nil }
      $0.images[self.coverKey(assets[2])] = .loading
    }
    store.send(.move(.right)) { $0.albumCursor = 1 }
    store.send(.move(.right)) { $0.albumCursor = 2 }
    store.send(
      .open,
      effects: [
        .cancelImage(coverKey(assets[2])), .loadImage(tileRequest(assets[0])),
        .loadImage(tileRequest(assets[2])),
      ]
    ) {
      $0.openAlbum = .user(AlbumID(7))
      $0.assets = [assets[0], assets[2]]
      $0.selectedIndex = 1
      $0.gridTopRow = 0
      $0.images[self.coverKey(assets[2])] = nil
      $0.images[self.tileKey(assets[0])] = .loading
      $0.images[self.tileKey(assets[2])] = .loading
    }
    var smaller = album
    smaller.assetIDs = [assets[0].id]
    store.send(
      .removeFromAlbum,
      effects: [.removeFromAlbum(AlbumID(7), [assets[2].id]), .cancelImage(tileKey(assets[2]))]
    ) {
      $0.collections.albums = [smaller]
      $0.albumEntries = self.entries(library: assets, albums: [smaller])
      $0.assets = [assets[0]]
      $0.selectedIndex = 0
      $0.images[self.tileKey(assets[2])] = nil
      $0.message = "IMG_1002.jpg taken out of “Trip”"
    }
    XCTAssertEqual(store.state.libraryAssets, assets, "taking out of an album is not deleting")
    store.send(.deleteAlbum) {
      $0.overlay = .confirm(
        Confirmation(
          purpose: .deleteAlbum(AlbumID(7)), question: "Delete the album “Trip”?",
          detail: "Its 1 photo stay in the library."))
    }
    // Back to the list, on the card that took the album's place (Imports, scrolled to).
    store.send(
      .answer(true), effects: [.deleteAlbum(AlbumID(7)), .cancelImage(tileKey(assets[0]))]
    ) {
      $0.overlay = nil
      $0.collections.albums = []
      $0.openAlbum = nil
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = Int.max
      $0.savedPositions[.album(.user(AlbumID(7)))] = nil
      $0.albumEntries = self.entries(library: assets)
      $0.albumsLayout = AlbumsLayout(albums: $0.albumEntries, columns: 3, rowHeight: 10)
      $0.albumCursor = 2
      $0.albumsTopEntry = 2
      $0.images[self.tileKey(assets[0])] = nil
      $0.message = "Album “Trip” deleted; its photos stay in the library"
    }
  }

  // MARK: Search

  func testSlashTypesIntoTheQueryAndResultsFollowEachKey() {
    let (store, assets) = prepared(3)
    store.send(.startSearch) {
      $0.tab = .search
      $0.isEditingSearch = true
      $0.savedPositions[.library] = SavedPosition(selected: assets[2].id, topRow: 0)
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = 0
      for asset in assets { $0.images[self.tileKey(asset)] = nil }
    }
    XCTAssertEqual(store.state.inputMode, .text)
    store.send(.typed("1"), effects: assets.map { .loadImage(tileRequest($0)) }) {
      $0.searchText = "1"
      $0.assets = assets
      $0.selectedIndex = 2
      $0.gridTopRow = 0
      for asset in assets { $0.images[self.tileKey(asset)] = .loading }
    }
    store.send(.typed("0")) { $0.searchText = "10" }
    store.send(.typed("0")) { $0.searchText = "100" }
    store.send(
      .typed("2"), effects: [.cancelImage(tileKey(assets[0])), .cancelImage(tileKey(assets[1]))]
    ) {
      $0.searchText = "1002"
      $0.assets = [assets[2]]
      $0.selectedIndex = 0
      $0.images[self.tileKey(assets[0])] = nil
      $0.images[self.tileKey(assets[1])] = nil
    }
    store.send(.open) {
      $0.isEditingSearch = false
      $0.searchHistory = SearchHistory(entries: ["1002"])
    }
    let strip = stripRequest(assets[2])
    store.send(
      .open,
      effects: [
        .cancelImage(tileKey(assets[2])), .loadImage(detailRequest(assets[2])), .loadImage(strip),
      ]
    ) {
      $0.screen = .detail
      $0.images[self.tileKey(assets[2])] = nil
      $0.images[self.detailKey(assets[2])] = .loading
      $0.images[strip.key] = .loading
      $0.prefetching = [strip.key]
    }
    store.sendCollecting(.back) {
      $0.screen = .grid
      $0.images[self.detailKey(assets[2])] = nil
      $0.images[strip.key] = nil
      $0.prefetching = []
      $0.images[self.tileKey(assets[2])] = .loading
    }
    store.assertEffects(
      [
        .cancelImage(strip.key), .cancelImage(detailKey(assets[2])),
        .loadImage(tileRequest(assets[2])),
      ])
    store.send(.back)  // in the results: nothing to leave
    // / again on the Search tab: a new query, the old one selected.
    store.send(.startSearch) {
      $0.isEditingSearch = true
      $0.searchSelectsAll = true
    }
    store.send(.back) {
      $0.isEditingSearch = false
      $0.searchSelectsAll = false
    }
    XCTAssertEqual(store.state.inputMode, .normal, "q quits again after Esc")
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

  func detailRequest(_ asset: Asset) -> ImageRequest {
    ImageRequest(
      key: detailKey(asset), path: asset.path, format: asset.format,
      orientation: asset.orientation, priority: .visible, bestQuality: true,
      exifThumbnail: asset.exifThumbnail, storedSize: asset.storedPixelSize)
  }

  // MARK: Panels and the mouse

  func testHelpAndInfoOpenOverTheViewAndClose() {
    let (store, _) = prepared(3)
    store.send(.toggleHelp) { $0.overlay = .help }
    store.send(.toggleHelp) { $0.overlay = nil }
    store.send(.toggleInfo) { $0.overlay = .info }
    store.send(.move(.left)) { $0.selectedIndex = 1 }
    XCTAssertEqual(store.state.overlay, .info, "info stays open while moving")
    store.send(.back) { $0.overlay = nil }
  }

  func testClickSelectsDoubleClickOpensAndTabsAreClickable() {
    let (store, assets) = prepared(6)
    // Tile (row 0, column 1) of the 80×24 grid sits at rows 3…9, columns 17…30.
    store.send(.click(row: 5, column: 20, double: false)) { $0.selectedIndex = 1 }
    store.sendCollecting(.click(row: 5, column: 20, double: true)) {
      $0.screen = .detail
      for asset in assets { $0.images[self.tileKey(asset)] = nil }
      for i in 0...2 { $0.images[self.detailKey(assets[i])] = .loading }
      for asset in assets { $0.images[self.stripRequest(asset).key] = .loading }
      $0.prefetching = Set(assets.map { self.stripRequest($0).key })
    }
    // The photo, its neighbours, then the filmstrip nearest first.
    store.assertEffects(
      [.loadImage(detailRequest(assets[1]))]
        + [2, 0].map { i -> Effect in
          var request = detailRequest(assets[i])
          request.priority = .neighbour
          return .loadImage(request)
        }
        + [1, 2, 0, 3, 4, 5].map { .loadImage(stripRequest(assets[$0])) })
    store.sendCollecting(.click(row: 5, column: 20, double: true)) {
      $0.screen = .grid
      for i in 0...2 { $0.images[self.detailKey(assets[i])] = nil }
      for asset in assets { $0.images[self.stripRequest(asset).key] = nil }
      $0.prefetching = []
      for asset in assets { $0.images[self.tileKey(asset)] = .loading }
    }
    // Leaving cancels in key order: each photo's thumbnail, then its detail picture.
    store.assertEffects(
      [0, 1, 2].flatMap {
        [.cancelImage(stripRequest(assets[$0]).key), .cancelImage(detailKey(assets[$0]))]
      }
        + assets[3...].map { .cancelImage(stripRequest($0).key) }
        + assets.map { .loadImage(tileRequest($0)) })
    let albumsTab = BarLayout.tabs()[1].columns
    store.sendCollecting(.click(row: 0, column: albumsTab.lowerBound + 1, double: false)) {
      $0.tab = .albums
      $0.savedPositions[.library] = SavedPosition(selected: assets[1].id, topRow: 0)
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = Int.max
      for asset in assets { $0.images[self.tileKey(asset)] = nil }
      $0.images[self.coverKey(assets[5])] = .loading
    }
    store.assertEffects(
      assets.map { .cancelImage(tileKey($0)) } + [.loadImage(coverRequest(assets[5]))])
    XCTAssertEqual(store.state.tab, .albums)
  }

  func testRenameSavesTheNewNameAndKeepsTheListSorted() {
    let albums = [
      Album(id: AlbumID(1), name: "Beach", createdAt: 0, assetIDs: []),
      Album(id: AlbumID(2), name: "Trip", createdAt: 0, assetIDs: []),
    ]
    let (store, _) = prepared(1, albums: albums)
    store.send(.showTab(.albums), effects: [.loadImage(coverRequest(Fixtures.assets(1)[0]))]) {
      $0.tab = .albums
      $0.savedPositions[.library] = SavedPosition(selected: AssetID(1), topRow: 0)
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = Int.max
      $0.images = [self.coverKey(Fixtures.assets(1)[0]): .loading]
    }
    store.send(.move(.right)) { $0.albumCursor = 1 }
    store.send(.move(.right)) { $0.albumCursor = 2 }  // Beach
    store.send(.renameAlbum) {
      $0.overlay = .prompt(NamePrompt(purpose: .rename(AlbumID(1)), text: "Beach"))
    }
    for _ in 0..<5 {
      store.send(.deleteBackward) {
        guard case .prompt(var prompt)? = $0.overlay else { return }
        prompt.text.removeLast()
        $0.overlay = .prompt(prompt)
      }
    }
    for c in "Zoo" {
      store.send(.typed(c)) {
        guard case .prompt(var prompt)? = $0.overlay else { return }
        prompt.text.append(c)
        $0.overlay = .prompt(prompt)
      }
    }
    let renamed = [albums[1], Album(id: AlbumID(1), name: "Zoo", createdAt: 0, assetIDs: [])]
    store.send(.open, effects: [.renameAlbum(AlbumID(1), to: "Zoo")]) {
      $0.overlay = nil
      $0.collections.albums = renamed
      $0.albumEntries = self.entries(library: Fixtures.assets(1), albums: renamed)
      $0.albumCursor = 3  // the cursor follows the album to its new place, on the next row
      $0.albumsTopEntry = 1
      $0.message = "Album renamed “Zoo”"
    }
  }

  func testTheWheelScrollsTheGridAndPagesThePhotoView() {
    let (store, _) = prepared(6)
    store.send(.wheel(up: true)) { $0.selectedIndex = 0 }
    store.send(.wheel(up: false)) {
      $0.selectedIndex = 5
      $0.scrollDirection = 1
    }
    store.send(.restore) { $0.message = "r restores photos in Albums › Recently Deleted" }
    store.send(.operationFailed(reason: "IMG_1.jpg: permission denied")) {
      $0.message = "IMG_1.jpg: permission denied"
    }
  }
}
