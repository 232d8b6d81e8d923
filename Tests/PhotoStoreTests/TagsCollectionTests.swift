import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The Tags collection of the Albums tab: its card among the albums (after Places), then
/// the keyword hierarchy a level at a time with counts and covers; Enter on a level opens
/// it, on a leaf or a level's "All" its photos; Esc goes back up a level at a time.
final class TagsCollectionTests: XCTestCase {
  let size = TerminalSize(columns: 100, rows: 40)

  func cover(_ asset: Asset) -> ImageRequest {
    Expected.request(asset, PixelSize(width: 20, height: 16))
  }
  func coverKey(_ asset: Asset) -> ImageKey {
    Expected.key(asset, PixelSize(width: 20, height: 16))
  }

  func entry(_ path: TagPath, _ title: String, _ members: [Asset]) -> AlbumEntry {
    AlbumEntry(ref: .tag(path), title: title, count: members.count, cover: members.last)
  }

  func drawn(_ store: TestStore) {
    store.arrangeState { state in
      for key in state.images.keys { state.images[key] = .ready }
    }
  }

  /// Five photos: 0 Places/Japan/Kyoto and cat, 1 Places/Japan/Tokyo, 2 Places/Japan (the
  /// node itself) and Places/Japan/Kyoto, 3 cat, 4 none. The Albums tab shown.
  func prepared() -> (TestStore, [Asset]) {
    let assets = Fixtures.assets(5)
    let tags = PhotoTags(
      paths: [
        ["Places", "Japan", "Kyoto"], ["cat"], ["Places", "Japan", "Tokyo"],
        ["Places", "Japan"],
      ],
      photos: [
        (assets[0].id, [0, 1]), (assets[1].id, [2]), (assets[2].id, [3, 0]),
        (assets[3].id, [1]),
      ])
    let store = TestStore(AppState(roots: ["/photos"], terminal: size))
    store.arrange(
      .start, .library(.loaded(assets: assets, problems: [])),
      .library(.collectionsLoaded(LibraryCollections(albums: [], now: 0))),
      .library(.tagsLoaded(tags)), .showTab(.albums))
    drawn(store)
    return (store, assets)
  }

  func testTheTagsCardCountsTheTaggedPhotos() {
    let (store, assets) = prepared()
    let card = store.state.albums.entries.first { $0.ref == .tag(.all) }
    XCTAssertEqual(card, AlbumEntry(ref: .tag(.all), title: "Tags", count: 4, cover: assets[3]))
    XCTAssertEqual(
      store.state.albums.entries.map(\.ref.section),
      [.myAlbums, .myAlbums, .tags, .utilities, .utilities, .utilities])
    XCTAssertEqual(
      store.state.members(of: .tag(TagPath(parts: ["Places", "Japan"]))).map(\.id),
      [assets[0].id, assets[1].id, assets[2].id])
    XCTAssertEqual(
      store.state.members(of: .tag(TagPath(parts: ["cat"]))).map(\.id),
      [assets[0].id, assets[3].id])
  }

  func testLevelsThenThePhotosAndEscBackUp() {
    let (store, assets) = prepared()
    store.send(.move(.right)) { $0.albums.cursor = 1 }
    store.send(.move(.right)) { $0.albums.cursor = 2 }
    // Enter on Tags: the top-level tags by name, no "All" at the top.
    let top = [
      entry(TagPath(parts: ["cat"]), "cat", [assets[0], assets[3]]),
      entry(TagPath(parts: ["Places"]), "Places", [assets[0], assets[1], assets[2]]),
    ]
    store.send(.open, effects: [.loadImage(cover(assets[2]))]) {
      $0.albums.tagPath = .all
      $0.albums.entries = top
      $0.albums.layout = AlbumsLayout(albums: top, columns: 4, rowHeight: 10)
      $0.albums.cursor = 0
      $0.images[self.coverKey(assets[4])] = nil
      $0.images[self.coverKey(assets[2])] = .loading
    }
    drawn(store)
    store.send(.move(.right)) { $0.albums.cursor = 1 }
    // Places → its one tag, Japan (with its "All" first).
    let places = [
      entry(TagPath(parts: ["Places"], isWhole: true), "All", [assets[0], assets[1], assets[2]]),
      entry(TagPath(parts: ["Places", "Japan"]), "Japan", [assets[0], assets[1], assets[2]]),
    ]
    store.send(.open) {
      $0.albums.tagPath = TagPath(parts: ["Places"])
      $0.albums.entries = places
      $0.albums.layout = AlbumsLayout(albums: places, columns: 4, rowHeight: 10)
      $0.albums.cursor = 0
      $0.images[self.coverKey(assets[3])] = nil
    }
    store.send(.move(.right)) { $0.albums.cursor = 1 }
    let japan = [
      entry(
        TagPath(parts: ["Places", "Japan"], isWhole: true), "All",
        [assets[0], assets[1], assets[2]]),
      entry(TagPath(parts: ["Places", "Japan", "Kyoto"]), "Kyoto", [assets[0], assets[2]]),
      entry(TagPath(parts: ["Places", "Japan", "Tokyo"]), "Tokyo", [assets[1]]),
    ]
    store.send(.open, effects: [.loadImage(cover(assets[1]))]) {
      $0.albums.tagPath = TagPath(parts: ["Places", "Japan"])
      $0.albums.entries = japan
      $0.albums.layout = AlbumsLayout(albums: japan, columns: 4, rowHeight: 10)
      $0.albums.cursor = 0
      $0.images[self.coverKey(assets[1])] = .loading
    }
    drawn(store)
    store.send(.move(.right)) { $0.albums.cursor = 1 }
    // Kyoto has nothing under it: its photos as a grid.
    let kyoto = AlbumRef.tag(TagPath(parts: ["Places", "Japan", "Kyoto"]))
    let tile = Expected.request(assets[2], PixelSize(width: 14, height: 14))
    let first = Expected.request(assets[0], PixelSize(width: 14, height: 14))
    store.send(.open, effects: [.loadImage(first), .loadImage(tile)]) {
      $0.albums.open = kyoto
      $0.assets = PhotoList([assets[0], assets[2]])
      $0.selectedIndex = 1
      $0.gridTopRow = 0
      $0.images = [tile.key: .loading, first.key: .loading]
    }
    drawn(store)
    XCTAssertEqual(store.state.context, .album(kyoto))
    // Esc: Japan's level, Kyoto selected; then Places, then every tag, then the albums.
    store.send(.back, effects: [.loadImage(cover(assets[2])), .loadImage(cover(assets[1]))]) {
      $0.albums.open = nil
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = Int.max
      $0.savedPositions[.album(kyoto)] = SavedPosition(selected: assets[2].id, topRow: 0)
      $0.images = [
        self.coverKey(assets[2]): .loading, self.coverKey(assets[1]): .loading,
      ]
    }
    drawn(store)
    store.send(.back) {
      $0.albums.tagPath = TagPath(parts: ["Places"])
      $0.albums.entries = places
      $0.albums.layout = AlbumsLayout(albums: places, columns: 4, rowHeight: 10)
      $0.albums.cursor = 1
      $0.images[self.coverKey(assets[1])] = nil
    }
    store.send(.back, effects: [.loadImage(cover(assets[3]))]) {
      $0.albums.tagPath = .all
      $0.albums.entries = top
      $0.albums.layout = AlbumsLayout(albums: top, columns: 4, rowHeight: 10)
      $0.albums.cursor = 1
      $0.images[self.coverKey(assets[3])] = .loading
    }
    drawn(store)
    let albums = prepared().0.state.albums
    store.send(.back, effects: [.loadImage(cover(assets[4]))]) {
      $0.albums = albums
      $0.albums.cursor = 2
      $0.images[self.coverKey(assets[2])] = nil
      $0.images[self.coverKey(assets[4])] = .loading
    }
  }

  func testALevelsAllOpensEveryPhotoUnderIt() {
    let (store, assets) = prepared()
    store.arrange(.move(.right), .move(.right), .open, .move(.right), .open)
    XCTAssertEqual(store.state.albums.tagPath, TagPath(parts: ["Places"]))
    XCTAssertEqual(store.state.selectedAlbumEntry?.title, "All")
    store.arrange(.open)
    XCTAssertEqual(
      store.state.context, .album(.tag(TagPath(parts: ["Places"], isWhole: true))))
    XCTAssertEqual(store.state.assets.map(\.id), [assets[0].id, assets[1].id, assets[2].id])
    XCTAssertEqual(TagPath(parts: ["Places", "Japan"]).trail, "Tags › Places › Japan")
  }
}

extension TagsCollectionTests {
  /// A tagged photo hidden from the Library leaves the Tags card's count and cover: worked
  /// out from the removal, as the other smart cards are.
  func testHidingATaggedPhotoMovesTheTagsCard() {
    let (store, assets) = prepared()
    store.arrange(.showTab(.library), .move(.last), .move(.left))
    XCTAssertEqual(store.state.selectedAsset?.id, assets[3].id)
    store.arrange(.edit(.toggleHidden))
    store.arrange(.showTab(.albums))
    let card = store.state.albums.entries.first { $0.ref == .tag(.all) }
    XCTAssertEqual(card?.count, 3)
    XCTAssertEqual(card?.cover?.id, assets[2].id, "the newest tagged photo left")
    var rebuilt = store.state
    rebuilt.rebuildAlbumEntries()
    XCTAssertEqual(rebuilt.albums.entries, store.state.albums.entries, "as a full rebuild says")
  }
}
