import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// S in the grid or the photo view: a slideshow through the current list, paused and
/// resumed with S, stopped by any move, timed by ticks the runner sends back.
final class SlideshowTests: XCTestCase {
  /// 80×24 cells of 1×2 pixels: grid tiles are 14×7 cells, the detail photo's area 80×17
  /// cells, the filmstrip's thumbnails 6×3 cells.
  let tile = PixelSize(width: 14, height: 14)
  let area = PixelSize(width: 80, height: 34)
  let thumbnail = PixelSize(width: 6, height: 6)

  /// The grid of `count` photos, the oldest selected, its tiles asked for.
  func grid(_ count: Int = 4) -> (TestStore, [Asset]) {
    let assets = Fixtures.assets(count)
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24)))
    store.arrange(.start, .library(.loaded(assets: assets, problems: [])), .move(.first))
    XCTAssertEqual(store.state.selectedIndex, 0)
    XCTAssertEqual(store.state.screen, .grid)
    return (store, assets)
  }

  /// What the reducer asks the image pipeline for: `asset` at `size`.
  func request(_ asset: Asset, size: PixelSize, fit: ImageFit, _ priority: ImagePriority)
    -> ImageRequest
  {
    ImageRequest(
      key: ImageKey(asset: asset.id, size: size, fit: fit), path: asset.path,
      format: asset.format, orientation: asset.orientation, priority: priority,
      bestQuality: fit == .fit, exifThumbnail: asset.exifThumbnail,
      storedSize: asset.storedPixelSize)
  }

  /// The detail view's request for `asset`.
  func photo(_ asset: Asset, _ priority: ImagePriority = .visible) -> ImageRequest {
    request(asset, size: area, fit: .fit, priority)
  }

  func fitted(_ asset: Asset) -> ImageKey { photo(asset).key }

  /// S in the grid on the oldest photo: the photo opens, the first tick is armed; the
  /// grid's tiles (still coming) are cancelled, the photo, its neighbour and the
  /// filmstrip's thumbnails (nearest first) asked for.
  func startShow(
    _ store: TestStore, _ assets: [Asset], seconds: Int = 4, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let strip = assets.map { request($0, size: thumbnail, fit: .fill, .prefetch) }
    let wanted = [photo(assets[0]), photo(assets[1], .neighbour)] + strip
    store.send(
      .detail(.slideshow),
      effects: [.scheduleTick(milliseconds: seconds * 1000, token: 1)]
        + assets.map { .cancelImage(ImageKey(asset: $0.id, size: tile, fit: .fill)) }
        + wanted.map(Effect.loadImage),
      file: file, line: line
    ) {
      $0.screen = .detail
      $0.detail.lastTick = 1
      $0.detail.slideshow = Slideshow(intervalSeconds: seconds, tick: 1)
      $0.images = Dictionary(uniqueKeysWithValues: wanted.map { ($0.key, .loading) })
      $0.prefetching = Set(strip.map(\.key))
    }
  }

  func testSFromTheGridOpensThePhotoAndTicksPageToTheEnd() {
    let (store, assets) = grid()
    // The next photo is asked for before its turn (the detail view's neighbour).
    startShow(store, assets)
    store.send(
      .detail(.slideshowTick(1)),
      effects: [
        .scheduleTick(milliseconds: 4000, token: 2), .loadImage(photo(assets[2], .neighbour)),
      ]
    ) {
      $0.selectedIndex = 1
      $0.detail.lastTick = 2
      $0.detail.slideshow?.tick = 2
      $0.images[self.fitted(assets[2])] = .loading
    }
    store.send(
      .detail(.slideshowTick(2)),
      effects: [
        .scheduleTick(milliseconds: 4000, token: 3), .cancelImage(fitted(assets[0])),
        .loadImage(photo(assets[3], .neighbour)),
      ]
    ) {
      $0.selectedIndex = 2
      $0.detail.lastTick = 3
      $0.detail.slideshow?.tick = 3
      $0.images[self.fitted(assets[0])] = nil
      $0.images[self.fitted(assets[3])] = .loading
    }
    store.send(
      .detail(.slideshowTick(3)),
      effects: [.scheduleTick(milliseconds: 4000, token: 4), .cancelImage(fitted(assets[1]))]
    ) {
      $0.selectedIndex = 3
      $0.detail.lastTick = 4
      $0.detail.slideshow?.tick = 4
      $0.images[self.fitted(assets[1])] = nil
    }
    // The last photo: the next tick ends the show there.
    store.send(.detail(.slideshowTick(4))) {
      $0.detail.slideshow = nil
      $0.message = "Slideshow ended"
    }
    XCTAssertEqual(store.state.selectedIndex, 3)
  }

  func testPauseIgnoresTheTickAndResumeArmsANewOne() {
    let (store, assets) = grid()
    startShow(store, assets)
    // Paused: no tick armed.
    store.send(.detail(.slideshow)) {
      $0.detail.slideshow?.isPaused = true
      $0.message = "Slideshow paused · S resumes"
    }
    // A paused show does not move.
    store.send(.detail(.slideshowTick(1)))
    store.send(.detail(.slideshow), effects: [.scheduleTick(milliseconds: 4000, token: 2)]) {
      $0.detail.slideshow?.isPaused = false
      $0.detail.slideshow?.tick = 2
      $0.detail.lastTick = 2
      $0.message = nil
    }
    // The old tick is stale.
    store.send(.detail(.slideshowTick(1)))
    store.send(
      .detail(.slideshowTick(2)),
      effects: [
        .scheduleTick(milliseconds: 4000, token: 3), .loadImage(photo(assets[2], .neighbour)),
      ]
    ) {
      $0.selectedIndex = 1
      $0.detail.lastTick = 3
      $0.detail.slideshow?.tick = 3
      $0.images[self.fitted(assets[2])] = .loading
    }
  }

  func testAnyMoveStopsTheShowWithoutMovingAndQuitStillQuits() {
    let (store, assets) = grid()
    startShow(store, assets)
    // The key that stops the show is spent on it.
    store.send(.move(.right)) {
      $0.detail.slideshow = nil
      $0.message = "Slideshow stopped"
    }
    XCTAssertEqual(store.state.screen, .detail)
    store.send(.detail(.slideshowTick(1)))
    store.send(.detail(.slideshow), effects: [.scheduleTick(milliseconds: 4000, token: 2)]) {
      $0.detail.lastTick = 2
      $0.detail.slideshow = Slideshow(intervalSeconds: 4, tick: 2)
      $0.message = nil
    }
    // Quitting ends the app: every picture still coming is cancelled.
    let strip = assets.map { ImageKey(asset: $0.id, size: thumbnail, fit: .fill) }
    store.send(
      .quit,
      effects: [
        strip[0], fitted(assets[0]), strip[1], fitted(assets[1]), strip[2], strip[3],
      ].map(Effect.cancelImage)
    ) {
      $0.isRunning = false
      $0.images = [:]
    }
  }

  func testBracketsChangeTheIntervalWithinItsBounds() {
    let (store, assets) = grid()
    store.arrangeState { $0.detail.slideshowSeconds = 2 }  // slideshow-seconds = 2
    startShow(store, assets, seconds: 2)
    store.send(.detail(.slideshowFaster)) {
      $0.detail.slideshowSeconds = 1
      $0.detail.slideshow?.intervalSeconds = 1
      $0.message = "Slideshow: 1 s per photo"
    }
    // Not under a second.
    for _ in 0..<4 { store.send(.detail(.slideshowFaster)) }
    store.send(.detail(.slideshowSlower)) {
      $0.detail.slideshowSeconds = 2
      $0.detail.slideshow?.intervalSeconds = 2
      $0.message = "Slideshow: 2 s per photo"
    }
    XCTAssertEqual(store.state.slideshowLabel, "slideshow 2 s")
    // The tick armed at the start still comes; the next is armed at the new interval.
    store.send(
      .detail(.slideshowTick(1)),
      effects: [
        .scheduleTick(milliseconds: 2000, token: 2), .loadImage(photo(assets[2], .neighbour)),
      ]
    ) {
      $0.selectedIndex = 1
      $0.detail.lastTick = 2
      $0.detail.slideshow?.tick = 2
      $0.images[self.fitted(assets[2])] = .loading
    }
  }
}
