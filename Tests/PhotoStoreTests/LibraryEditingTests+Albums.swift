import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// Albums: the Albums tab, opening and leaving an album, naming, renaming and deleting
/// albums, and the picker that adds photos to one.
extension LibraryEditingTests {
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
    store.send(.move(.right)) { $0.albums.cursor = 1 }
    store.send(.move(.right)) { $0.albums.cursor = 2 }
    store.send(.open, effects: [.cancelImage(coverKey(assets[1]))]) {
      $0.albums.open = .user(AlbumID(7))
      $0.gridTopRow = 0
      $0.images[self.coverKey(assets[1])] = nil
    }
    XCTAssertEqual(store.state.context, .album(.user(AlbumID(7))))
    XCTAssertTrue(store.state.assets.isEmpty)
    store.send(.back, effects: [.loadImage(coverRequest(assets[1]))]) {
      $0.albums.open = nil
      $0.gridTopRow = Int.max
      $0.savedPositions[.album(.user(AlbumID(7)))] = SavedPosition(selected: nil, topRow: 0)
      $0.images[self.coverKey(assets[1])] = .loading
    }
    store.send(.album(.rename)) {
      $0.overlay = .prompt(NamePrompt(purpose: .rename(AlbumID(7)), text: "Trip"))
    }
    XCTAssertEqual(store.state.inputMode, .text)
    store.send(.back) { $0.overlay = nil }
    store.send(.move(.left)) { $0.albums.cursor = 1 }
    store.send(.album(.rename)) { $0.message = "Favorites is built in and cannot be renamed" }
    store.send(.album(.delete)) { $0.message = "Favorites is built in and cannot be deleted" }
  }

  func testNewAlbumRefusesEmptyReservedAndDuplicateNames() {
    let album = Album(id: AlbumID(7), name: "Trip", createdAt: 0, assetIDs: [])
    let (store, _) = prepared(2, albums: [album])
    store.send(.album(.new)) { $0.overlay = .prompt(NamePrompt(purpose: .newAlbum(adding: []))) }
    store.send(.open) {
      $0.overlay = .prompt(
        NamePrompt(purpose: .newAlbum(adding: []), error: "An album needs a name"))
    }
    for c in "trip" {
      store.send(.field(.typed(c))) {
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
      store.send(.field(.deleteBackward)) {
        guard case .prompt(var prompt)? = $0.overlay else { return }
        prompt.text.removeLast()
        prompt.error = nil
        $0.overlay = .prompt(prompt)
      }
    }
    for c in "Hidden" {
      store.send(.field(.typed(c))) {
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
    store.send(.album(.addPhotos)) { $0.overlay = .picker(AlbumPicker(assets: [assets[2].id])) }
    store.send(.move(.down)) { $0.overlay = .picker(AlbumPicker(assets: [assets[2].id], row: 1)) }
    store.send(.move(.down))  // only one album: stays on it
    var filled = album
    filled.assetIDs = [assets[2].id]
    store.send(.open, effects: [.addToAlbum(AlbumID(7), [assets[2].id])]) {
      $0.overlay = nil
      $0.library.collections.albums = [filled]
      $0.albums.entries = self.entries(library: assets, albums: [filled])
      $0.message = "IMG_1002.jpg added to “Trip”"
    }
    store.send(.album(.addPhotos)) { $0.overlay = .picker(AlbumPicker(assets: [assets[2].id])) }
    store.send(.open) {
      $0.overlay = .prompt(NamePrompt(purpose: .newAlbum(adding: [assets[2].id])))
    }
    for c in "Seoul" {
      store.send(.field(.typed(c))) {
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
    store.send(.move(.right)) { $0.albums.cursor = 1 }
    store.send(.move(.right)) { $0.albums.cursor = 2 }
    store.send(
      .open,
      effects: [
        .cancelImage(coverKey(assets[2])), .loadImage(tileRequest(assets[0])),
        .loadImage(tileRequest(assets[2])),
      ]
    ) {
      $0.albums.open = .user(AlbumID(7))
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
      .album(.removePhotos),
      effects: [.removeFromAlbum(AlbumID(7), [assets[2].id]), .cancelImage(tileKey(assets[2]))]
    ) {
      $0.library.collections.albums = [smaller]
      $0.albums.entries = self.entries(library: assets, albums: [smaller])
      $0.assets = [assets[0]]
      $0.selectedIndex = 0
      $0.images[self.tileKey(assets[2])] = nil
      $0.message = "IMG_1002.jpg taken out of “Trip”"
    }
    XCTAssertEqual(store.state.library.assets, assets, "taking out of an album is not deleting")
    store.send(.album(.delete)) {
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
      $0.library.collections.albums = []
      $0.albums.open = nil
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = Int.max
      $0.savedPositions[.album(.user(AlbumID(7)))] = nil
      $0.albums.entries = self.entries(library: assets)
      $0.albums.layout = AlbumsLayout(albums: $0.albums.entries, columns: 3, rowHeight: 10)
      $0.albums.cursor = 2
      $0.albums.topEntry = 2
      $0.images[self.tileKey(assets[0])] = nil
      $0.message = "Album “Trip” deleted; its photos stay in the library"
    }
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
    store.send(.move(.right)) { $0.albums.cursor = 1 }
    store.send(.move(.right)) { $0.albums.cursor = 2 }  // Beach
    store.send(.album(.rename)) {
      $0.overlay = .prompt(NamePrompt(purpose: .rename(AlbumID(1)), text: "Beach"))
    }
    for _ in 0..<5 {
      store.send(.field(.deleteBackward)) {
        guard case .prompt(var prompt)? = $0.overlay else { return }
        prompt.text.removeLast()
        $0.overlay = .prompt(prompt)
      }
    }
    for c in "Zoo" {
      store.send(.field(.typed(c))) {
        guard case .prompt(var prompt)? = $0.overlay else { return }
        prompt.text.append(c)
        $0.overlay = .prompt(prompt)
      }
    }
    let renamed = [albums[1], Album(id: AlbumID(1), name: "Zoo", createdAt: 0, assetIDs: [])]
    store.send(.open, effects: [.renameAlbum(AlbumID(1), to: "Zoo")]) {
      $0.overlay = nil
      $0.library.collections.albums = renamed
      $0.albums.entries = self.entries(library: Fixtures.assets(1), albums: renamed)
      $0.albums.cursor = 3  // the cursor follows the album to its new place, on the next row
      $0.albums.topEntry = 1
      $0.message = "Album renamed “Zoo”"
    }
  }
}
