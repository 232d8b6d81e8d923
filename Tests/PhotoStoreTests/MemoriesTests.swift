import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// On This Day in the Albums tab: today's memories lead the list, open as a grid, and follow
/// favourites, hiding and deleting at once (a fixed "today": 14 August 2026).
final class MemoriesTests: XCTestCase {
  let size = TerminalSize(columns: 80, rows: 24)
  /// 2026-08-14 12:00 UTC.
  let now = Int64(CaptureDate.daysFromCivil(year: 2026, month: 8, day: 14)) * 86_400 + 43_200

  /// Six photos of 13–15 Aug 2024 (the fixtures), two of 16 Aug 2025, one of 1 June 2025.
  func library() -> [Asset] {
    var assets = Fixtures.assets(6)
    func photo(_ id: Int64, _ month: Int, _ day: Int) -> Asset {
      var asset = assets[0]
      asset.id = AssetID(id)
      asset.path = "/photos/IMG_\(id).jpg"
      asset.captureDate = CaptureDate(year: 2025, month: month, day: day, hour: 10, source: .exif)
      return asset
    }
    assets += [photo(9, 6, 1), photo(7, 8, 16), photo(8, 8, 16)]
    return assets
  }

  func tileKey(_ asset: Asset) -> ImageKey {
    ImageKey(asset: asset.id, size: PixelSize(width: 14, height: 14), fit: .fill)
  }

  /// Album cards at 80×24 are 20×8 cells: covers of 20×16 pixels.
  func coverKey(_ asset: Asset) -> ImageKey {
    ImageKey(asset: asset.id, size: PixelSize(width: 20, height: 16), fit: .fill)
  }

  func tileRequest(_ asset: Asset) -> ImageRequest {
    ImageRequest(
      key: tileKey(asset), path: asset.path, format: asset.format, orientation: asset.orientation,
      priority: .visible, bestQuality: false, exifThumbnail: asset.exifThumbnail,
      storedSize: asset.storedPixelSize)
  }

  func coverRequest(_ asset: Asset) -> ImageRequest {
    var request = tileRequest(asset)
    request.key = coverKey(asset)
    return request
  }

  func prepared() -> (TestStore, [Asset]) {
    let assets = library()
    let store = TestStore(AppState(roots: ["/photos"], terminal: size))
    store.arrange(
      .start, .library(.loaded(assets: assets, problems: [])),
      .library(.collectionsLoaded(LibraryCollections(now: now))))
    store.arrangeState { state in
      for key in state.images.keys { state.images[key] = .ready }
    }
    return (store, assets)
  }

  /// Cards for the memories of `library`, stated independently of the reducer.
  func memoryCards(_ library: [Asset], covers: [AssetID]) -> [AlbumEntry] {
    let y2025 = library.filter { $0.captureDate.year == 2025 && $0.captureDate.month == 8 }
    let y2024 = library.filter { $0.captureDate.year == 2024 }
    return [
      AlbumEntry(
        ref: .memory(year: 2025), title: "1 year ago", count: y2025.count,
        cover: library.first { $0.id == covers[0] }),
      AlbumEntry(
        ref: .memory(year: 2024), title: "2 years ago", count: y2024.count,
        cover: library.first { $0.id == covers[1] }),
    ].filter { $0.count > 0 }
  }

  func testMemoriesLeadTheAlbumsTabAndOpenAsAGrid() {
    let (store, assets) = prepared()
    let state = store.state
    XCTAssertEqual(state.albums.memories.map(\.year), [2025, 2024])
    XCTAssertEqual(state.albums.memories[0].summary, "1 year ago · 16 Aug 2025 · 2 photos")
    XCTAssertEqual(state.albums.memories[1].summary, "2 years ago · 13–15 Aug 2024 · 6 photos")
    // The middle still of each: the first of two, the third of six.
    XCTAssertEqual(
      Array(state.albums.entries.prefix(2)),
      memoryCards(assets, covers: [AssetID(7), assets[2].id]))
    XCTAssertEqual(state.albums.entries[2].ref, .recents)
    XCTAssertEqual(state.albums.layout.entries.first, .header(.memories))
    XCTAssertEqual(AlbumSection.memories.title, "On This Day")
    store.arrange(.showTab(.albums))
    // The selection stays on Recents, where it was before the memories came (the first load
    // has no clock yet): a card that moved under the cursor would open the wrong album.
    XCTAssertEqual(store.state.albums.cursor, 2)
    // Up to the memories: the list scrolls to its top, their covers are asked for and the
    // one that left the screen (Recents') let go.
    let topBefore = store.state.albums.topEntry
    XCTAssertGreaterThan(topBefore, 0)
    store.send(
      .move(.left),
      effects: [
        .cancelImage(coverKey(assets[8])), .loadImage(coverRequest(assets[7])),
        .loadImage(coverRequest(assets[2])),
      ]
    ) {
      $0.albums.cursor = 1
      $0.albums.topEntry = 0
      $0.images[self.coverKey(assets[8])] = nil
      $0.images[self.coverKey(assets[7])] = .loading
      $0.images[self.coverKey(assets[2])] = .loading
    }
    let members = Array(assets.prefix(6))
    store.send(
      .open,
      effects: [.cancelImage(coverKey(assets[2])), .cancelImage(coverKey(assets[7]))]
        + members.map { .loadImage(tileRequest($0)) }
    ) {
      $0.albums.open = .memory(year: 2024)
      $0.assets = PhotoList(members)
      $0.selectedIndex = 5
      $0.gridTopRow = 0
      $0.images[self.coverKey(assets[2])] = nil
      $0.images[self.coverKey(assets[7])] = nil
      for asset in members { $0.images[self.tileKey(asset)] = .loading }
    }
    XCTAssertEqual(store.state.context, .album(.memory(year: 2024)))
    XCTAssertEqual(store.state.title(of: .memory(year: 2024)), "2 years ago · 13–15 Aug 2024")
  }

  func testAFavouriteBecomesTheCoverAndHidingTakesAPhotoOut() {
    let (store, assets) = prepared()
    // Photo 1 of 2024 made a favourite: the memory's cover at once.
    store.arrangeState { $0.selectedIndex = 0 }
    var favorite = library()
    favorite[0].isFavorite = true
    store.send(.edit(.toggleFavorite), effects: [.setFavorite([assets[0].id], true)]) {
      $0.library.assets = favorite
      $0.assets = PhotoList(favorite)
      $0.albums.memories[1].cover = assets[0].id
      $0.albums.entries[1].cover = favorite[0]
      $0.albums.entries[3].count = 1  // Favorites
      $0.albums.entries[3].cover = favorite[0]
      $0.message = "♦ IMG_1000.jpg added to Favorites"
    }
    XCTAssertEqual(
      Array(store.state.albums.entries.prefix(2)),
      memoryCards(favorite, covers: [AssetID(7), assets[0].id]))
    // Both 2025 photos hidden: that memory goes, and the cards are laid out again.
    store.arrange(.mark(.toggle))
    store.arrangeState { state in
      state.marks.ids = [AssetID(7), AssetID(8)]
    }
    store.arrange(.edit(.toggleHidden))
    XCTAssertEqual(store.state.albums.memories.map(\.year), [2024])
    XCTAssertEqual(store.state.albums.layout.entries.first, .header(.memories))
    XCTAssertEqual(store.state.albums.entries.first?.ref, .memory(year: 2024))
    XCTAssertEqual(store.state.albums.entries.filter { $0.ref == .hidden }.first?.count, 2)
    var rebuilt = store.state
    rebuilt.rebuildAlbumEntries()
    XCTAssertEqual(store.state.albums, rebuilt.albums, "as the full rebuild has them")
  }

  func testMKeyOpensTheMemoriesFromAPhotoAndSaysWhenThereAreNone() {
    let (store, assets) = prepared()
    store.arrange(.open)  // the newest photo, full screen
    XCTAssertEqual(store.state.screen, .detail)
    store.arrange(.album(.showMemories))
    XCTAssertEqual(store.state.tab, .albums)
    XCTAssertEqual(store.state.screen, .grid)
    XCTAssertEqual(store.state.context, .albumList)
    XCTAssertEqual(store.state.selectedAlbumEntry?.ref, .memory(year: 2025))
    // From inside an album too: back to the list, the first memory selected.
    store.arrange(.move(.right), .move(.right), .open)
    XCTAssertEqual(store.state.context, .album(.recents))
    store.arrange(.album(.showMemories))
    XCTAssertEqual(store.state.context, .albumList)
    XCTAssertEqual(store.state.albums.cursor, 0)
    XCTAssertEqual(assets.count, 9)

    let none = TestStore(AppState(roots: ["/photos"], terminal: size))
    none.arrange(
      .start, .library(.loaded(assets: Fixtures.assets(2), problems: [])),
      .library(.collectionsLoaded(LibraryCollections(now: now - 100 * 86_400))))  // 6 May
    none.send(.album(.showMemories)) {
      $0.message = "No memories today · photos from this week in earlier years show here"
    }
  }

  func testNoMemoriesNoSectionAndThisYearIsNone() {
    let assets = Fixtures.assets(4)
    let store = TestStore(AppState(roots: ["/photos"], terminal: size))
    // 14 Aug 2024 itself: the photos are this year's, no memory.
    let sameYear = Int64(CaptureDate.daysFromCivil(year: 2024, month: 8, day: 14)) * 86_400
    store.arrange(
      .start, .library(.loaded(assets: assets, problems: [])),
      .library(.collectionsLoaded(LibraryCollections(now: sameYear))))
    XCTAssertTrue(store.state.albums.memories.isEmpty)
    XCTAssertEqual(store.state.albums.layout.entries.first, .header(.myAlbums))
    XCTAssertEqual(store.state.albums.entries.first?.ref, .recents)
  }
}
