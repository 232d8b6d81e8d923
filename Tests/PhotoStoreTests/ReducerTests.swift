import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

final class ReducerTests: XCTestCase {
  /// 80×24: tiles 14×7 → 5 columns, 2 visible rows; tiles are 14×14 pixels in half-blocks.
  let size = TerminalSize(columns: 80, rows: 24)
  let tilePixels = PixelSize(width: 14, height: 14)

  func tileRequest(_ asset: Asset, _ priority: ImagePriority = .visible) -> ImageRequest {
    ImageRequest(
      key: ImageKey(asset: asset.id, size: tilePixels, fit: .fill), path: asset.path,
      format: asset.format, orientation: asset.orientation, priority: priority,
      bestQuality: false, exifThumbnail: asset.exifThumbnail, storedSize: asset.storedPixelSize)
  }

  func key(_ asset: Asset) -> ImageKey { ImageKey(asset: asset.id, size: tilePixels, fit: .fill) }

  func detailRequest(_ asset: Asset, _ priority: ImagePriority) -> ImageRequest {
    // Detail area: 80×17 cells (the filmstrip takes 5 rows) = 80×34 pixels.
    ImageRequest(
      key: ImageKey(asset: asset.id, size: PixelSize(width: 80, height: 34), fit: .fit),
      path: asset.path, format: asset.format, orientation: asset.orientation,
      priority: priority, bestQuality: true, exifThumbnail: asset.exifThumbnail,
      storedSize: asset.storedPixelSize)
  }

  /// The Albums tab's cards for a library of plain camera photos with no albums yet (the
  /// clock at 0, so every photo counts as a recent import).
  func plainAlbumEntries(_ assets: [Asset]) -> [AlbumEntry] {
    [
      AlbumEntry(ref: .recents, title: "Recents", count: assets.count, cover: assets.last),
      AlbumEntry(ref: .favorites, title: "Favorites", count: 0, cover: nil),
      AlbumEntry(ref: .imports, title: "Imports", count: assets.count, cover: assets.last),
      AlbumEntry(ref: .hidden, title: "Hidden", count: 0, cover: nil),
      AlbumEntry(ref: .recentlyDeleted, title: "Recently Deleted", count: 0, cover: nil),
    ]
  }

  /// Album cards at 80×24: 20×8 cards with a label row → 3 columns, rows 10 tall.
  func albumsLayout(_ entries: [AlbumEntry]) -> AlbumsLayout {
    AlbumsLayout(albums: entries, columns: 3, rowHeight: 10)
  }

  /// A filmstrip thumbnail under the detail photo: 6×3 cells = 6×6 pixels at 80×24.
  func stripRequest(_ asset: Asset) -> ImageRequest {
    ImageRequest(
      key: ImageKey(asset: asset.id, size: PixelSize(width: 6, height: 6), fit: .fill),
      path: asset.path, format: asset.format, orientation: asset.orientation,
      priority: .prefetch, bestQuality: false, exifThumbnail: asset.exifThumbnail,
      storedSize: asset.storedPixelSize)
  }

  /// A store whose library of `count` photos has loaded (newest selected, at the bottom).
  func loadedStore(_ count: Int) -> (TestStore, [Asset]) {
    let assets = Fixtures.assets(count)
    let store = TestStore(AppState(roots: ["/photos"], terminal: size))
    store.send(.start, effects: [.scanLibrary(roots: ["/photos"])])
    let effects = store.sendCollecting(.library(.loaded(assets: assets, problems: []))) {
      $0.assets = PhotoList(assets)
      $0.library.assets = assets
      $0.albums.entries = self.plainAlbumEntries(assets)
      $0.albums.layout = self.albumsLayout($0.albums.entries)
      $0.timeline = Timeline(assets: assets)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.library.daysTopEntry = $0.daysLayout.bottomTop(height: 21, tileRows: 7)
      $0.selectedIndex = count - 1
      $0.gridTopRow = max(0, (count + 4) / 5 - 2)
      let first = $0.gridTopRow * 5
      for asset in assets[max(0, first - 5)..<count] {
        $0.images[ImageKey(asset: asset.id, size: self.tilePixels, fit: .fill)] = .loading
      }
      // The row above the screen is asked for ahead: the grid opens at the bottom.
      $0.prefetching = Set(assets[max(0, first - 5)..<first].map { self.key($0) })
    }
    let first = max(0, (count + 4) / 5 - 2) * 5
    store.assertEffects(
      assets[first..<count].map { .loadImage(tileRequest($0)) }
        + assets[max(0, first - 5)..<first].map { .loadImage(tileRequest($0, .prefetch)) })
    XCTAssertEqual(effects.count, count - max(0, first - 5))
    return (store, assets)
  }

  func testStartAsksForTheLibraryAndShowsScanning() {
    let store = TestStore(AppState(roots: ["/a", "/b"], terminal: size))
    store.send(.start, effects: [.scanLibrary(roots: ["/a", "/b"])])
    store.send(.library(.indexProgress(done: 12, total: 40))) {
      $0.library.status = .indexing(done: 12, total: 40)
    }
    // Indexed: the photos' hashes are brought up to date in the background.
    store.send(.library(.indexFinished), effects: [.findDuplicates]) {
      $0.library.status = .ready
    }
    // Files that arrive or change while the browser runs (the watcher, an import): the
    // same background job, for them.
    store.send(.library(.filesChanged), effects: [.findDuplicates])
  }

  func testLoadingOpensOnTheNewestPhotoAtTheBottom() {
    let (store, _) = loadedStore(23)
    XCTAssertEqual(store.state.selectedIndex, 22)
    XCTAssertEqual(store.state.gridTopRow, 3)  // rows 3 and 4 of 5 visible
  }

  func testArrowsMoveAndUpAcrossRows() {
    let (store, assets) = loadedStore(23)
    store.send(.move(.left)) { $0.selectedIndex = 21 }
    store.send(.move(.up)) { $0.selectedIndex = 16 }
    // Up again leaves the visible rows (3…4): the grid scrolls one row. That row was asked
    // for ahead, so it is asked for again as urgent, and the next row up is asked for ahead.
    store.send(
      .move(.up),
      effects: assets[20..<23].map { .cancelImage(key($0)) }
        + assets[10..<15].map { .loadImage(tileRequest($0)) }
        + assets[5..<10].map { .loadImage(tileRequest($0, .prefetch)) }
    ) {
      $0.selectedIndex = 11
      $0.gridTopRow = 2
      for a in assets[20..<23] { $0.images[self.key(a)] = nil }
      for a in assets[5..<10] { $0.images[self.key(a)] = .loading }
      $0.prefetching = Set(assets[5..<10].map { self.key($0) })
    }
    // Right turns the scroll direction down: the row below the screen is asked for ahead,
    // and the one above is no longer wanted.
    store.send(
      .move(.right),
      effects: assets[5..<10].map { .cancelImage(key($0)) }
        + assets[20..<23].map { .loadImage(tileRequest($0, .prefetch)) }
    ) {
      $0.selectedIndex = 12
      $0.scrollDirection = 1
      for a in assets[5..<10] { $0.images[self.key(a)] = nil }
      for a in assets[20..<23] { $0.images[self.key(a)] = .loading }
      $0.prefetching = Set(assets[20..<23].map { self.key($0) })
    }
  }

  func testDownStopsWhenThereIsNoPhotoBelow() {
    let (store, assets) = loadedStore(23)
    store.send(.move(.left)) { $0.selectedIndex = 21 }
    store.send(.move(.up)) { $0.selectedIndex = 16 }
    // Down at the last row: nothing below to ask for ahead; the row above is let go.
    store.send(.move(.down), effects: assets[10..<15].map { .cancelImage(key($0)) }) {
      $0.selectedIndex = 21
      $0.scrollDirection = 1
      for a in assets[10..<15] { $0.images[self.key(a)] = nil }
      $0.prefetching = []
    }
    store.send(.move(.down))  // index 26 does not exist: nothing changes
    store.send(.move(.right)) { $0.selectedIndex = 22 }
    store.send(.move(.right))  // already the last
  }

  func testReadyImagesStayAndLateResultsAreDropped() {
    let (store, assets) = loadedStore(12)
    let visibleKey = ImageKey(asset: assets[11].id, size: tilePixels, fit: .fill)
    store.send(.image(.loaded(visibleKey))) { $0.images[visibleKey] = .ready }
    store.send(
      .image(.failed(ImageKey(asset: assets[10].id, size: tilePixels, fit: .fill), reason: "bad"))
    ) {
      $0.images[ImageKey(asset: assets[10].id, size: self.tilePixels, fit: .fill)] = .failed("bad")
    }
    // A result for something nobody asks for any more changes nothing.
    let stale = ImageKey(asset: AssetID(404), size: tilePixels, fit: .fill)
    store.send(.image(.loaded(stale)))
    store.send(.image(.failed(stale, reason: "late")))
  }

  func testPreviewThenFinalPicture() {
    let (store, assets) = loadedStore(3)
    let key = ImageKey(asset: assets[2].id, size: tilePixels, fit: .fill)
    store.send(.image(.preview(key))) { $0.images[key] = .preview }
    store.send(.image(.preview(key)))  // a second preview changes nothing
    store.send(.image(.loaded(key))) { $0.images[key] = .ready }
    store.send(.image(.preview(key)))  // never downgrades a final picture
    let gone = ImageKey(asset: AssetID(999), size: tilePixels, fit: .fill)
    store.send(.image(.preview(gone)))  // not wanted: dropped
    // Quitting cancels a request that only has its preview.
    let other = ImageKey(asset: assets[1].id, size: tilePixels, fit: .fill)
    store.send(.image(.preview(other))) { $0.images[other] = .preview }
    store.send(
      .quit,
      effects: [
        .cancelImage(ImageKey(asset: assets[0].id, size: tilePixels, fit: .fill)),
        .cancelImage(other),
      ]
    ) {
      $0.isRunning = false
      $0.images = [:]
    }
  }

  func testOpenPagesAndBackReturnsToTheSamePlace() {
    let (store, assets) = loadedStore(12)
    let gridKeys = assets[0..<12].map { ImageKey(asset: $0.id, size: tilePixels, fit: .fill) }
    store.send(.move(.left)) { $0.selectedIndex = 10 }
    store.send(
      .open,
      effects: gridKeys.map { .cancelImage($0) } + [
        .loadImage(detailRequest(assets[10], .visible)),
        .loadImage(detailRequest(assets[11], .neighbour)),
        .loadImage(detailRequest(assets[9], .neighbour)),
      ]
        // The filmstrip (11 slots, photos 5…11 exist), nearest first, after the neighbours.
        + [10, 11, 9, 8, 7, 6, 5].map { .loadImage(stripRequest(assets[$0])) }
    ) {
      $0.screen = .detail
      // The grid's row above leaves; the filmstrip's thumbnails are asked for at prefetch
      // priority.
      $0.prefetching = Set((5...11).map { self.stripRequest(assets[$0]).key })
      $0.images = [
        self.detailRequest(assets[10], .visible).key: .loading,
        self.detailRequest(assets[11], .visible).key: .loading,
        self.detailRequest(assets[9], .visible).key: .loading,
      ]
      for i in 5...11 { $0.images[self.stripRequest(assets[i]).key] = .loading }
    }
    store.send(.image(.loaded(detailRequest(assets[11], .visible).key))) {
      $0.images[self.detailRequest(assets[11], .visible).key] = .ready
    }
    // Right pages to the prefetched neighbour: only the next one is new; the filmstrip
    // slides and its leftmost thumbnail leaves.
    store.send(
      .move(.right),
      effects: [
        .cancelImage(stripRequest(assets[5]).key),
        .cancelImage(detailRequest(assets[9], .visible).key),
      ]
    ) {
      $0.selectedIndex = 11
      $0.images[self.detailRequest(assets[9], .visible).key] = nil
      $0.images[self.stripRequest(assets[5]).key] = nil
      $0.prefetching.remove(self.stripRequest(assets[5]).key)
    }
    store.send(.move(.right))  // the last photo: stays
    store.send(
      .back,
      effects: (6...9).map { .cancelImage(stripRequest(assets[$0]).key) }
        + [
          .cancelImage(stripRequest(assets[10]).key),
          .cancelImage(detailRequest(assets[10], .visible).key),
          .cancelImage(stripRequest(assets[11]).key),
        ]
        + assets[5..<12].map { .loadImage(tileRequest($0)) }
        + assets[0..<5].map { .loadImage(tileRequest($0, .prefetch)) }
    ) {
      $0.screen = .grid
      $0.images = Dictionary(uniqueKeysWithValues: gridKeys.map { ($0, ImageStatus.loading) })
      $0.prefetching = Set(assets[0..<5].map { self.key($0) })
    }
  }

  func testPageAndHomeEnd() {
    let (store, assets) = loadedStore(40)
    let tiles = { (range: Range<Int>) in
      assets[range].map { ImageKey(asset: $0.id, size: self.tilePixels, fit: .fill) }
    }
    store.send(
      .move(.first),
      effects: tiles(25..<40).map { .cancelImage($0) }
        + assets[0..<10].map { .loadImage(tileRequest($0)) }
    ) {
      $0.selectedIndex = 0
      $0.gridTopRow = 0
      $0.images = Dictionary(uniqueKeysWithValues: tiles(0..<10).map { ($0, ImageStatus.loading) })
      $0.prefetching = []
    }
    store.send(
      .move(.pageDown),
      effects: tiles(0..<5).map { .cancelImage($0) }
        + assets[10..<15].map { .loadImage(tileRequest($0)) }
        + assets[15..<20].map { .loadImage(tileRequest($0, .prefetch)) }
    ) {
      $0.selectedIndex = 10
      $0.gridTopRow = 1
      $0.scrollDirection = 1
      $0.images = Dictionary(uniqueKeysWithValues: tiles(5..<20).map { ($0, ImageStatus.loading) })
      $0.prefetching = Set(tiles(15..<20))
    }
    store.send(
      .move(.pageUp),
      effects: tiles(10..<20).map { .cancelImage($0) }
        + assets[0..<5].map { .loadImage(tileRequest($0)) }
    ) {
      $0.selectedIndex = 0
      $0.gridTopRow = 0
      $0.scrollDirection = -1
      $0.images = Dictionary(uniqueKeysWithValues: tiles(0..<10).map { ($0, ImageStatus.loading) })
      $0.prefetching = []
    }
  }

  func testResizeReflowsAndKeepsTheSelectionInView() {
    let (store, assets) = loadedStore(23)
    // 120×40: 7 columns and 4 visible rows hold all 23 photos (4 rows), so the top row
    // must come back from 3 to 0.
    let wide = TerminalSize(columns: 120, rows: 40)
    let effects = store.sendCollecting(.resized(wide)) {
      $0.terminal = wide
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 7)
      // Days: one entry per day (header + a row of its 2–3 photos); the last day stays in view.
      $0.library.daysTopEntry = $0.daysLayout.top(
        keeping: $0.daysLayout.entries.count - 1, from: $0.library.daysTopEntry, height: 37,
        tileRows: 7)
      $0.gridTopRow = 0
      $0.images = Dictionary(
        uniqueKeysWithValues: assets.map {
          (ImageKey(asset: $0.id, size: self.tilePixels, fit: .fill), ImageStatus.loading)
        })
      $0.prefetching = []
    }
    // Every photo is visible now: 0…9 are requested, the row asked for ahead (10…14) is
    // asked for again as urgent, 15…22 stay as they are.
    XCTAssertEqual(effects, assets[0..<15].map { .loadImage(tileRequest($0)) })
    store.assertEffects(effects)
    XCTAssertEqual(store.state.grid.columns, 7)
  }

  func testQuitCancelsPendingWork() {
    let (store, assets) = loadedStore(3)
    let keys = assets.map { ImageKey(asset: $0.id, size: tilePixels, fit: .fill) }
    store.send(.image(.loaded(keys[0]))) { $0.images[keys[0]] = .ready }
    store.send(.quit, effects: [.cancelImage(keys[1]), .cancelImage(keys[2])]) {
      $0.isRunning = false
      $0.images = [:]
    }
  }

  func testEmptyLibraryIgnoresMovesAndOpen() {
    let store = TestStore(AppState(roots: ["/empty"], terminal: size))
    store.send(.start, effects: [.scanLibrary(roots: ["/empty"])])
    store.send(.library(.loaded(assets: [], problems: ["/empty: Permission denied"]))) {
      $0.albums.entries = self.plainAlbumEntries([])
      $0.albums.layout = self.albumsLayout($0.albums.entries)
      $0.daysLayout = DaysLayout(timeline: Timeline(), columns: 5)
      $0.library.problems = ["/empty: Permission denied"]
      $0.message = "1 file could not be read: /empty: Permission denied"
      $0.messageIsError = true
    }
    store.send(.move(.down))
    store.send(.open)
    store.send(.back) { $0.message = nil }
  }

  func testReloadKeepsTheSelectedPhoto() {
    let (store, assets) = loadedStore(5)
    store.send(.move(.first)) { $0.selectedIndex = 0 }
    // A new older photo arrives: the selection follows its photo to index 1.
    var older = Fixtures.assets(1)[0]
    older.id = AssetID(99)
    older.captureDate.year = 2020
    let reloaded = [older] + assets
    let effects = store.sendCollecting(.library(.loaded(assets: reloaded, problems: []))) {
      $0.assets = PhotoList(reloaded)
      $0.library.assets = reloaded
      $0.albums.entries = self.plainAlbumEntries(reloaded)
      $0.albums.layout = self.albumsLayout($0.albums.entries)
      $0.timeline = Timeline(assets: reloaded)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 5)
      $0.selectedIndex = 1
      $0.gridTopRow = 0
      $0.images[ImageKey(asset: AssetID(99), size: self.tilePixels, fit: .fill)] = .loading
    }
    XCTAssertEqual(effects, [.loadImage(tileRequest(older))])
    store.assertEffects(effects)
  }

  func testStoreRunsTheReducer() {
    let store = Store(state: AppState(roots: ["/p"], terminal: size))
    XCTAssertEqual(store.send(.start), [.scanLibrary(roots: ["/p"])])
    store.send(.quit)
    XCTAssertFalse(store.state.isRunning)
  }
}
