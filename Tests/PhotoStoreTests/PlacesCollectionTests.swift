import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The Places collection of the Albums tab: its card among the albums, then countries,
/// regions and towns with counts and covers; Enter on a town opens its photos (time
/// ordered), Esc goes back up a level at a time.
final class PlacesCollectionTests: XCTestCase {
  /// 100×40: every card of each list in view (no scrolling in this test).
  let size = TerminalSize(columns: 100, rows: 40)
  typealias P = Fixtures.Places

  /// Album cards are 20×8 cells: covers of 20×16 pixels.
  func cover(_ asset: Asset) -> ImageRequest {
    Expected.request(asset, PixelSize(width: 20, height: 16))
  }
  func coverKey(_ asset: Asset) -> ImageKey {
    Expected.key(asset, PixelSize(width: 20, height: 16))
  }

  func entry(_ parts: [String], _ title: String, _ members: [Asset]) -> AlbumEntry {
    AlbumEntry(
      ref: .place(PlacePath(parts: parts)), title: title, count: members.count,
      cover: members.last)
  }

  /// Every picture asked for has come (their arrival has tests of their own).
  func drawn(_ store: TestStore) {
    store.arrangeState { state in
      for key in state.images.keys { state.images[key] = .ready }
    }
  }

  /// Six photos, five with places; the Albums tab shown with every cover drawn.
  func prepared() -> (TestStore, [Asset]) {
    let assets = Fixtures.placed(6, [P.paris, P.lyon, P.paris, P.kyoto, P.shinjuku, nil])
    let store = TestStore(AppState(roots: ["/photos"], terminal: size))
    store.arrange(
      .start, .library(.loaded(assets: assets, problems: [])),
      .library(.collectionsLoaded(LibraryCollections(albums: [], now: 0))), .showTab(.albums))
    drawn(store)
    return (store, assets)
  }

  func testThePlacesCardCountsThePhotosWithAPlace() {
    let (store, assets) = prepared()
    let places = store.state.albums.entries.first { $0.ref == .place(.all) }
    XCTAssertEqual(
      places, AlbumEntry(ref: .place(.all), title: "Places", count: 5, cover: assets[4]))
    XCTAssertEqual(
      store.state.albums.entries.map(\.ref.section),
      [.myAlbums, .myAlbums, .places, .utilities, .utilities, .utilities])
  }

  func testCountriesRegionsTownsThenThePhotosAndEscBackUp() {
    let (store, assets) = prepared()
    XCTAssertEqual(
      Set(store.state.images.keys), [coverKey(assets[5]), coverKey(assets[4])],
      "Recents' and Places' covers (Favorites and the utilities are empty)")
    store.send(.move(.right)) { $0.albums.cursor = 1 }
    store.send(.move(.right)) { $0.albums.cursor = 2 }
    // The Map card first (every photo with a place: its cover is Places' own), then the
    // countries.
    let countries = [
      AlbumEntry(ref: .worldMap, title: "Map", count: 5, cover: assets[4]),
      entry(["France"], "France", [assets[0], assets[1], assets[2]]),
      entry(["Japan"], "Japan", [assets[3], assets[4]]),
    ]
    // Enter on Places: its countries, newest photo as each one's cover, the first selected.
    store.send(.open, effects: [.loadImage(cover(assets[2]))]) {
      $0.albums.placePath = .all
      $0.albums.entries = countries
      $0.albums.layout = AlbumsLayout(albums: countries, columns: 4, rowHeight: 10)
      $0.albums.cursor = 1
      $0.images[self.coverKey(assets[5])] = nil
      $0.images[self.coverKey(assets[2])] = .loading
    }
    drawn(store)
    XCTAssertEqual(
      store.state.albums.layout.entries.prefix(3),
      [.header(.places), .cards(first: 0, count: 1), .header(.countries)])
    store.send(.move(.right)) { $0.albums.cursor = 2 }
    // Enter on Japan: its regions, by name.
    let regions = [
      entry(["Japan", "Kyoto"], "Kyoto", [assets[3]]),
      entry(["Japan", "Tokyo"], "Tokyo", [assets[4]]),
    ]
    store.send(.open, effects: [.loadImage(cover(assets[3]))]) {
      $0.albums.placePath = PlacePath(parts: ["Japan"])
      $0.albums.entries = regions
      $0.albums.layout = AlbumsLayout(albums: regions, columns: 4, rowHeight: 10)
      $0.albums.cursor = 0
      $0.images[self.coverKey(assets[2])] = nil
      $0.images[self.coverKey(assets[3])] = .loading
    }
    drawn(store)
    store.send(.move(.right)) { $0.albums.cursor = 1 }
    // Enter on Tokyo: its towns; Shinjuku is listed under its city.
    let towns = [entry(["Japan", "Tokyo", "Tokyo"], "Tokyo", [assets[4]])]
    store.send(.open) {
      $0.albums.placePath = PlacePath(parts: ["Japan", "Tokyo"])
      $0.albums.entries = towns
      $0.albums.layout = AlbumsLayout(albums: towns, columns: 4, rowHeight: 10)
      $0.albums.cursor = 0
      $0.images[self.coverKey(assets[3])] = nil
    }
    drawn(store)
    // Enter on the town: its photos as a grid.
    let town = AlbumRef.place(PlacePath(parts: ["Japan", "Tokyo", "Tokyo"]))
    let tile = Expected.request(assets[4], PixelSize(width: 14, height: 14))
    store.send(.open, effects: [.loadImage(tile)]) {
      $0.albums.open = town
      $0.assets = PhotoList([assets[4]])
      $0.selectedIndex = 0
      $0.gridTopRow = 0
      $0.images[self.coverKey(assets[4])] = nil
      $0.images[tile.key] = .loading
    }
    drawn(store)
    XCTAssertEqual(store.state.context, .album(town))
    // Esc: the towns again, then the regions, the countries, the albums; each time the
    // place just left is selected.
    store.send(.back, effects: [.loadImage(cover(assets[4]))]) {
      $0.albums.open = nil
      $0.assets = []
      $0.gridTopRow = Int.max
      $0.savedPositions[.album(town)] = SavedPosition(selected: assets[4].id, topRow: 0)
      $0.images[tile.key] = nil
      $0.images[self.coverKey(assets[4])] = .loading
    }
    drawn(store)
    store.send(.back, effects: [.loadImage(cover(assets[3]))]) {
      $0.albums.placePath = PlacePath(parts: ["Japan"])
      $0.albums.entries = regions
      $0.albums.layout = AlbumsLayout(albums: regions, columns: 4, rowHeight: 10)
      $0.albums.cursor = 1
      $0.images[self.coverKey(assets[3])] = .loading
    }
    drawn(store)
    store.send(.back, effects: [.loadImage(cover(assets[2]))]) {
      $0.albums.placePath = .all
      $0.albums.entries = countries
      $0.albums.layout = AlbumsLayout(albums: countries, columns: 4, rowHeight: 10)
      $0.albums.cursor = 2
      $0.images[self.coverKey(assets[3])] = nil
      $0.images[self.coverKey(assets[2])] = .loading
    }
    drawn(store)
    let albums = prepared().0.state.albums
    store.send(.back, effects: [.loadImage(cover(assets[5]))]) {
      $0.albums = albums
      $0.albums.cursor = 2
      $0.images[self.coverKey(assets[2])] = nil
      $0.images[self.coverKey(assets[5])] = .loading
    }
    drawn(store)
  }

  func testATownsPhotosAreInTimeOrderAndTheTabKeyLeavesPlaces() {
    let (store, assets) = prepared()
    let paris = AlbumRef.place(PlacePath(parts: ["France", "Île-de-France", "Paris"]))
    XCTAssertEqual(store.state.members(of: paris).map(\.id), [assets[0].id, assets[2].id])
    XCTAssertEqual(store.state.title(of: paris), "Paris")
    XCTAssertEqual(
      PlacePath(parts: ["France", "Île-de-France", "Paris"]).trail,
      "Places › France › Île-de-France › Paris")
    store.send(.move(.right)) { $0.albums.cursor = 1 }
    store.send(.move(.right)) { $0.albums.cursor = 2 }
    let albums = store.state.albums
    store.arrange(.open)
    drawn(store)
    XCTAssertEqual(store.state.albums.placePath, .all)
    // 2 (the Albums tab's key) from inside Places: the albums again, Places selected.
    store.send(.showTab(.albums), effects: [.loadImage(cover(assets[5]))]) {
      $0.albums = albums
      $0.albums.cursor = 2
      $0.gridTopRow = Int.max
      $0.images[self.coverKey(assets[2])] = nil
      $0.images[self.coverKey(assets[5])] = .loading
    }
  }
}
