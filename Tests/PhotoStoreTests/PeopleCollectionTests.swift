import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The People collection of the Albums tab: its card among the albums (after Places, before
/// Tags), then a card a person with their count and a cover cropped to their face; Enter
/// opens a person's photos, Esc goes back to the people and from them to the albums.
final class PeopleCollectionTests: XCTestCase {
  let size = TerminalSize(columns: 100, rows: 40)
  let anna = FaceArea(left: 0.5, top: 0.2, width: 0.2, height: 0.1)
  let annaEarlier = FaceArea(left: 0.1, top: 0.1, width: 0.3, height: 0.3)
  let bo = FaceArea(left: 0.6, top: 0.6, width: 0.1, height: 0.1)

  func cover(_ asset: Asset, crop: FaceArea? = nil) -> ImageRequest {
    var request = Expected.request(asset, PixelSize(width: 20, height: 16))
    request.key.crop = crop
    return request
  }
  func coverKey(_ asset: Asset, crop: FaceArea? = nil) -> ImageKey {
    cover(asset, crop: crop).key
  }

  func drawn(_ store: TestStore) {
    store.arrangeState { state in
      for key in state.images.keys { state.images[key] = .ready }
    }
  }

  /// Five photos: 0 Anna (a face), 1 Bo (no rectangle) and Åsa, 2 Anna and Bo, 3 nobody,
  /// 4 nobody. The Albums tab shown.
  func prepared() -> (TestStore, [Asset]) {
    let assets = Fixtures.assets(5)
    let people = PhotoPeople(photos: [
      (assets[0].id, [("Anna", annaEarlier)]),
      (assets[1].id, [("Bo", .none), ("Åsa", .none)]),
      (assets[2].id, [("Anna", anna), ("Bo", bo)]),
    ])
    let store = TestStore(AppState(roots: ["/photos"], terminal: size))
    store.arrange(
      .start, .library(.loaded(assets: assets, problems: [])),
      .library(.collectionsLoaded(LibraryCollections(albums: [], now: 0))),
      .library(.peopleLoaded(people: people, captions: PhotoCaptions())), .showTab(.albums))
    drawn(store)
    return (store, assets)
  }

  func testThePeopleCardCountsThePhotosNamingSomeone() {
    let (store, assets) = prepared()
    let card = store.state.albums.entries.first { $0.ref == .people }
    XCTAssertEqual(
      card,
      AlbumEntry(ref: .people, title: "People", count: 3, cover: assets[2], coverCrop: anna),
      "the newest photo naming someone, cropped to the first face it names")
    XCTAssertEqual(
      store.state.albums.entries.map(\.ref.section),
      [.myAlbums, .myAlbums, .people, .utilities, .utilities, .utilities])
    XCTAssertEqual(
      store.state.members(of: .person("Anna")).map(\.id), [assets[0].id, assets[2].id])
    XCTAssertEqual(store.state.members(of: .person("Nobody")), [])
  }

  func testPeopleThenTheirPhotosAndEscBack() {
    let (store, assets) = prepared()
    store.send(.move(.right)) { $0.albums.cursor = 1 }
    store.send(.move(.right)) { $0.albums.cursor = 2 }
    // Enter on People: a card a person by name (accents folded: Åsa after Anna), each
    // cover the person's newest photo cropped to their face there (Bo's has no rectangle).
    let people = [
      AlbumEntry(
        ref: .person("Anna"), title: "Anna", count: 2, cover: assets[2], coverCrop: anna),
      AlbumEntry(ref: .person("Åsa"), title: "Åsa", count: 1, cover: assets[1]),
      AlbumEntry(ref: .person("Bo"), title: "Bo", count: 2, cover: assets[2], coverCrop: bo),
    ]
    store.send(
      .open,
      effects: [
        .loadImage(cover(assets[1])), .loadImage(cover(assets[2], crop: bo)),
      ]
    ) {
      $0.albums.showsPeople = true
      $0.albums.entries = people
      $0.albums.layout = AlbumsLayout(albums: people, columns: 4, rowHeight: 10)
      $0.albums.cursor = 0
      $0.images[self.coverKey(assets[4])] = nil
      $0.images[self.coverKey(assets[1])] = .loading
      $0.images[self.coverKey(assets[2], crop: self.bo)] = .loading
    }
    drawn(store)
    store.send(.move(.right)) { $0.albums.cursor = 1 }
    store.send(.move(.right)) { $0.albums.cursor = 2 }
    // Bo: his photos as a grid.
    let tile = Expected.request(assets[2], PixelSize(width: 14, height: 14))
    let first = Expected.request(assets[1], PixelSize(width: 14, height: 14))
    store.send(.open, effects: [.loadImage(first), .loadImage(tile)]) {
      $0.albums.open = .person("Bo")
      $0.assets = PhotoList([assets[1], assets[2]])
      $0.selectedIndex = 1
      $0.gridTopRow = 0
      $0.images = [tile.key: .loading, first.key: .loading]
    }
    drawn(store)
    XCTAssertEqual(store.state.context, .album(.person("Bo")))
    // Esc: the people, Bo selected; Esc again: the albums, People selected.
    store.send(
      .back,
      effects: [
        .loadImage(cover(assets[2], crop: anna)), .loadImage(cover(assets[1])),
        .loadImage(cover(assets[2], crop: bo)),
      ]
    ) {
      $0.albums.open = nil
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = Int.max
      $0.savedPositions[.album(.person("Bo"))] = SavedPosition(
        selected: assets[2].id, topRow: 0)
      $0.images = [
        self.coverKey(assets[2], crop: self.anna): .loading,
        self.coverKey(assets[1]): .loading,
        self.coverKey(assets[2], crop: self.bo): .loading,
      ]
    }
    drawn(store)
    let albums = prepared().0.state.albums
    store.send(.back, effects: [.loadImage(cover(assets[4]))]) {
      $0.albums = albums
      $0.albums.cursor = 2
      $0.images[self.coverKey(assets[1])] = nil
      $0.images[self.coverKey(assets[2], crop: self.bo)] = nil
      $0.images[self.coverKey(assets[4])] = .loading
    }
  }

  /// The Albums tab's key among the people: back to the albums, People selected.
  func testTheTabKeyLeavesThePeople() {
    let (store, _) = prepared()
    store.arrange(.move(.right), .move(.right), .open)
    XCTAssertTrue(store.state.albums.showsPeople)
    store.arrange(.showTab(.albums))
    XCTAssertFalse(store.state.albums.showsPeople)
    XCTAssertEqual(store.state.selectedAlbumEntry?.ref, .people)
  }

  /// A photo naming someone hidden from the Library leaves the People card: counted again.
  func testHidingAPhotoOfSomeoneMovesThePeopleCard() {
    let (store, assets) = prepared()
    store.arrange(.showTab(.library), .move(.last), .move(.left), .move(.left))
    XCTAssertEqual(store.state.selectedAsset?.id, assets[2].id)
    store.arrange(.edit(.toggleHidden))
    store.arrange(.showTab(.albums))
    let card = store.state.albums.entries.first { $0.ref == .people }
    XCTAssertEqual(card?.count, 2)
    XCTAssertEqual(card?.cover?.id, assets[1].id)
    XCTAssertNil(card?.coverCrop, "Bo has no rectangle there")
    var rebuilt = store.state
    rebuilt.rebuildAlbumEntries()
    XCTAssertEqual(rebuilt.albums.entries, store.state.albums.entries, "as a full rebuild says")
    // Bo's and Åsa's photo hidden too: the cover is photo 0, cropped to Anna's face there.
    store.arrange(.showTab(.library), .move(.first), .move(.right))
    XCTAssertEqual(store.state.selectedAsset?.id, assets[1].id)
    store.arrange(.edit(.toggleHidden), .showTab(.albums))
    XCTAssertEqual(
      store.state.albums.entries.first { $0.ref == .people },
      AlbumEntry(
        ref: .people, title: "People", count: 1, cover: assets[0], coverCrop: annaEarlier))
    rebuilt = store.state
    rebuilt.rebuildAlbumEntries()
    XCTAssertEqual(rebuilt.albums.entries, store.state.albums.entries, "as a full rebuild says")
  }

  /// One photo's covers cropped around two faces are cancelled in one order, whatever the
  /// dictionary's: the crop breaks the tie.
  func testCoversOfOnePhotoAreOrderedByTheirCrop() {
    let asset = Fixtures.assets(1)[0]
    let whole = coverKey(asset)
    let annas = coverKey(asset, crop: anna)
    let bos = coverKey(asset, crop: bo)
    XCTAssertTrue(AppState.keyOrder(whole, annas))
    XCTAssertFalse(AppState.keyOrder(annas, whole))
    XCTAssertTrue(AppState.keyOrder(annas, bos))
    XCTAssertFalse(AppState.keyOrder(bos, annas))
    XCTAssertFalse(AppState.keyOrder(bos, bos))
  }

  /// Loading the same people again changes nothing; other people rebuild the cards.
  func testLoadingPeople() {
    let (store, assets) = prepared()
    let people = store.state.library.people
    store.send(.library(.peopleLoaded(people: people, captions: PhotoCaptions())))
    let captions = PhotoCaptions([(assets[3].id, "Title", nil)])
    store.send(.library(.peopleLoaded(people: people, captions: captions))) {
      $0.library.captions = captions
    }
    XCTAssertEqual(store.state.library.captions.entry(of: assets[3].id).title, "Title")
  }
}
