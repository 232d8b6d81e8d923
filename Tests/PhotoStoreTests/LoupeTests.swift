import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The detail view as a loupe: zoom steps, pan, fit / 1:1 / fill, and what is asked for.
final class LoupeTests: XCTestCase {
  /// 80×24 cells of 10×20 pixels (a sixel terminal): the photo's area is 80×17 cells,
  /// 800×340 pixels; the fixtures' photos are 4032×3024 (the fourth turned: 3024×4032).
  let size = TerminalSize(columns: 80, rows: 24)
  let photo = PixelSize(width: 4032, height: 3024)
  let area = PixelSize(width: 800, height: 340)
  var fit: Double { min(800 / 4032, 340 / 3024) }

  /// The newest of `count` photos open in the detail view, every image ready.
  func detail(_ count: Int = 5) -> (TestStore, [Asset]) {
    let assets = Fixtures.assets(count)
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: size, cellPixelSize: PixelSize(width: 10, height: 20)))
    store.arrange(.start, .library(.loaded(assets: assets, problems: [])), .open)
    store.arrangeState { state in
      for key in state.images.keys { state.images[key] = .ready }
    }
    XCTAssertEqual(store.state.screen, .detail)
    XCTAssertEqual(store.state.selectedIndex, count - 1)
    return (store, assets)
  }

  /// What the reducer asks the image pipeline for `key` of `asset`.
  func request(_ asset: Asset, _ key: ImageKey, _ priority: ImagePriority = .visible)
    -> ImageRequest
  {
    ImageRequest(
      key: key, path: asset.path, format: asset.format, orientation: asset.orientation,
      priority: priority, bestQuality: key.fit == .fit, exifThumbnail: asset.exifThumbnail,
      storedSize: asset.storedPixelSize)
  }

  /// The fitted photo in the detail view.
  func fitted(_ asset: Asset) -> ImageKey { ImageKey(asset: asset.id, size: area, fit: .fit) }

  /// The zoomed view's pictures in `state`: the sharp region and the minimap (the whole
  /// photo with the region framed), from the view's own geometry.
  func loupeKeys(_ state: AppState) -> (region: ImageKey, minimap: ImageKey)? {
    guard let (region, drawn) = state.loupeRegion, let asset = state.selectedAsset,
      let minimap = state.minimap
    else { return nil }
    return (ImageKey(asset: asset.id, size: drawn, fit: .fit, region: region), minimap.key)
  }

  /// Sends a loupe key expecting `change` to the zoom or the centre: the view before's
  /// region and minimap (asked for, not arrived) are cancelled, the minimap first (the
  /// smaller picture comes first in key order), and the new view's asked for; a key that
  /// changes nothing asks for nothing.
  func sendLoupe(
    _ store: TestStore, _ action: Action, file: StaticString = #filePath, line: UInt = #line,
    _ change: (inout AppState) -> Void
  ) {
    var expected = store.state
    change(&expected)
    let old = loupeKeys(store.state)
    let new = loupeKeys(expected)
    let asset = store.state.selectedAsset!
    var effects: [Effect] = []
    if old?.region != new?.region {
      if let old { effects += [.cancelImage(old.minimap), .cancelImage(old.region)] }
      if let new {
        effects += [
          .loadImage(request(asset, new.region)), .loadImage(request(asset, new.minimap)),
        ]
      }
    }
    store.send(action, effects: effects, file: file, line: line) {
      change(&$0)
      if old?.region != new?.region {
        if let old { $0.images[old.region] = nil; $0.images[old.minimap] = nil }
        if let new { $0.images[new.region] = .loading; $0.images[new.minimap] = .loading }
      }
    }
  }

  /// + on the photo shown: a step of √2 up to 4×, about the photo's centre when it was fitted.
  func zoomIn(_ store: TestStore, file: StaticString = #filePath, line: UInt = #line) {
    let image = store.state.selectedAsset!.displayPixelSize!
    let fit = min(
      Double(area.width) / Double(image.width), Double(area.height) / Double(image.height))
    let zoom = min(AppState.maximumZoom, (store.state.detail.zoom ?? fit) * 2.0.squareRoot())
    let fitted = store.state.detail.zoom == nil
    sendLoupe(store, .detail(.zoomIn), file: file, line: line) {
      $0.detail.zoom = zoom
      if fitted {
        $0.detail.centerX = Double(image.width) / 2
        $0.detail.centerY = Double(image.height) / 2
      }
    }
  }

  func testZoomInStepsByTheSquareRootOfTwoAboutTheCentreAndAsksForTheRegion() throws {
    let (store, assets) = detail()
    let newest = assets[4]
    XCTAssertNil(store.state.loupeRegion)
    // The region is what 800×340 screen pixels show at √2 × fit (0.159), centred on the
    // photo: still the whole width, 340 / 0.159 rows; drawn at 641×340. The minimap is the
    // photo in a box of 16×5 cells (160×100 pixels), the region framed.
    let zoom = fit * 2.0.squareRoot()
    let region = ImageRegion(x: 0, y: 443, width: 4032, height: 2138)
    let sharp = ImageKey(
      asset: newest.id, size: PixelSize(width: 641, height: 340), fit: .fit, region: region)
    let minimap = ImageKey(
      asset: newest.id, size: PixelSize(width: 133, height: 100), fit: .fit, outline: region)
    // Asked for: the region (drawn at its size) and the minimap; the fitted photo stays on
    // screen (and wanted) until the region arrives.
    store.send(
      .detail(.zoomIn),
      effects: [.loadImage(request(newest, sharp)), .loadImage(request(newest, minimap))]
    ) {
      $0.detail.zoom = zoom
      $0.detail.centerX = 2016
      $0.detail.centerY = 1512
      $0.images[sharp] = .loading
      $0.images[minimap] = .loading
    }
    XCTAssertEqual(region.height, Int(340 / zoom))
    XCTAssertEqual(region.y, (photo.height - region.height) / 2, accuracy: 1)
    let (shown, drawn) = try XCTUnwrap(store.state.loupeRegion)
    XCTAssertEqual(shown, region)
    XCTAssertEqual(drawn, sharp.size)
    XCTAssertEqual(store.state.minimap?.key, minimap)
    XCTAssertEqual(store.state.images[fitted(newest)], .ready)
    XCTAssertEqual(store.state.zoomLabel, "\(Int((zoom * 100).rounded())) %")
    XCTAssertEqual(store.state.zoomLabel, "16 %")
  }

  func testTheFirstZoomStepAheadIsTheRegionTheZoomKeyAsksFor() throws {
    let (store, _) = detail()
    let ahead = try XCTUnwrap(AppState.firstZoomStep(image: photo, area: area))
    zoomIn(store)
    let (region, drawn) = try XCTUnwrap(store.state.loupeRegion)
    XCTAssertEqual(ahead.region, region)
    XCTAssertEqual(ahead.size, drawn)
    // A photo already shown at 4× when fitted has no step to take.
    XCTAssertNil(AppState.firstZoomStep(image: PixelSize(width: 100, height: 40), area: area))
  }

  func testArrowsPanWhenZoomedAndPageWhenFitted() throws {
    let (store, assets) = detail()
    for _ in 0..<4 { zoomIn(store) }
    XCTAssertEqual(try XCTUnwrap(store.state.detail.zoom), fit * 4, accuracy: 1e-9)
    let before = try XCTUnwrap(store.state.loupeRegion).region
    // ← pans while zoomed, by a tenth of what the view shows; it does not page.
    sendLoupe(store, .move(.left)) { $0.detail.centerX -= Double(before.width / 10) }
    let after = try XCTUnwrap(store.state.loupeRegion).region
    XCTAssertEqual(after.x, before.x - before.width / 10, accuracy: 1)
    XCTAssertEqual(after.y, before.y)
    sendLoupe(store, .move(.down)) { $0.detail.centerY += Double(before.height / 10) }
    XCTAssertEqual(
      try XCTUnwrap(store.state.loupeRegion).region.y, before.y + before.height / 10, accuracy: 1)
    sendLoupe(store, .detail(.fit)) { $0.detail.zoom = nil }
    // ← pages at fit: the photo before it is the new neighbour.
    store.send(
      .move(.left), effects: [.loadImage(request(assets[2], fitted(assets[2]), .neighbour))]
    ) {
      $0.selectedIndex = 3
      $0.images[self.fitted(assets[2])] = .loading
    }
  }

  func testPanStopsAtTheEdgeAndComesBackAtOnce() throws {
    let (store, _) = detail()
    for _ in 0..<6 { zoomIn(store) }
    // → moves the centre a tenth of the view at a time until the view meets the right edge;
    // from there it changes nothing and asks for nothing.
    for _ in 0..<100 {
      let shown = try XCTUnwrap(store.state.loupeRegion).region
      let centre = min(
        store.state.detail.centerX + Double(shown.width / 10),
        Double(photo.width) - Double(shown.width) / 2)
      sendLoupe(store, .move(.right)) { $0.detail.centerX = centre }
    }
    let edge = try XCTUnwrap(store.state.loupeRegion).region
    XCTAssertEqual(edge.x + edge.width, photo.width)
    sendLoupe(store, .move(.left)) { $0.detail.centerX -= Double(edge.width / 10) }
    XCTAssertLessThan(try XCTUnwrap(store.state.loupeRegion).region.x, edge.x)
  }

  func testZoomStopsAtFourOneToOneFillAndBackToFit() throws {
    let (store, _) = detail()
    for _ in 0..<40 { zoomIn(store) }
    XCTAssertEqual(store.state.detail.zoom, AppState.maximumZoom)
    XCTAssertEqual(store.state.zoomLabel, "400 %")
    sendLoupe(store, .detail(.actualSize)) { $0.detail.zoom = 1 }
    XCTAssertEqual(try XCTUnwrap(store.state.loupeRegion).region.width, 800)
    // Each - divides the zoom by √2; at or under the fitted scale the photo is fitted.
    for _ in 0..<40 {
      let zoom = store.state.detail.zoom.map { $0 / 2.0.squareRoot() }
      sendLoupe(store, .detail(.zoomOut)) {
        $0.detail.zoom = zoom.flatMap { $0 > self.fit * 1.0001 ? $0 : nil }
      }
    }
    XCTAssertNil(store.state.detail.zoom, "zooming out ends at the fitted photo")
    let fill = max(800.0 / 4032, 340.0 / 3024)
    sendLoupe(store, .detail(.toggleFill)) { $0.detail.zoom = fill }
    let region = try XCTUnwrap(store.state.loupeRegion).region
    XCTAssertEqual(region.width, photo.width, "fill shows the whole width of a wide photo")
    XCTAssertLessThan(region.height, photo.height)
    sendLoupe(store, .detail(.toggleFill)) { $0.detail.zoom = nil }
  }

  func testPagingOrLeavingShowsTheNextPhotoFitted() throws {
    let (store, assets) = detail()
    zoomIn(store)
    let newest = try XCTUnwrap(loupeKeys(store.state))
    // The previous photo opens fitted: the zoomed pictures are dropped, the new neighbour
    // asked for.
    store.send(
      .move(.pageUp),
      effects: [
        .cancelImage(newest.minimap), .cancelImage(newest.region),
        .loadImage(request(assets[2], fitted(assets[2]), .neighbour)),
      ]
    ) {
      $0.selectedIndex = 3
      $0.detail.zoom = nil
      $0.images[newest.region] = nil
      $0.images[newest.minimap] = nil
      $0.images[self.fitted(assets[2])] = .loading
    }
    zoomIn(store)
    let turned = try XCTUnwrap(loupeKeys(store.state))
    // Esc: the grid's tiles (14×7 cells, 140×140 pixels) are asked for; every picture of
    // the photo view goes, those still coming cancelled.
    let tiles = assets.map {
      request($0, ImageKey(asset: $0.id, size: PixelSize(width: 140, height: 140), fit: .fill))
    }
    store.send(
      .back,
      effects: [
        .cancelImage(fitted(assets[2])), .cancelImage(turned.minimap), .cancelImage(turned.region),
      ] + tiles.map(Effect.loadImage)
    ) {
      $0.screen = .grid
      $0.detail.zoom = nil
      $0.images = Dictionary(uniqueKeysWithValues: tiles.map { ($0.key, .loading) })
      $0.prefetching = []
    }
    XCTAssertFalse(store.state.images.keys.contains { $0.region != nil || $0.outline != nil })
  }

  func testChromeHidesTheBarsWithoutMovingThePhoto() {
    let (store, assets) = detail()
    let area = store.state.detailImageArea
    XCTAssertTrue(store.state.wantedImages.contains { $0.key.fit == .fill }, "filmstrip thumbnails")
    // The filmstrip's thumbnails (6×3 cells), nearest the photo first.
    let strip = assets.reversed().map {
      request(
        $0, ImageKey(asset: $0.id, size: PixelSize(width: 60, height: 60), fit: .fill), .prefetch)
    }
    store.send(.detail(.toggleChrome)) {
      $0.detail.chromeHidden = true
      for request in strip { $0.images[request.key] = nil }
      $0.prefetching = []
    }
    XCTAssertEqual(store.state.detailImageArea, area)
    XCTAssertFalse(store.state.wantedImages.contains { $0.key.fit == .fill }, "no hidden filmstrip")
    store.send(.detail(.toggleChrome), effects: strip.map(Effect.loadImage)) {
      $0.detail.chromeHidden = false
      for request in strip { $0.images[request.key] = .loading }
      $0.prefetching = Set(strip.map(\.key))
    }
  }

  func testLoupeKeysDoNothingInTheGrid() {
    let (store, assets) = detail()
    let tiles = assets.map {
      request($0, ImageKey(asset: $0.id, size: PixelSize(width: 140, height: 140), fit: .fill))
    }
    store.send(.back, effects: tiles.map(Effect.loadImage)) {
      $0.screen = .grid
      $0.images = Dictionary(uniqueKeysWithValues: tiles.map { ($0.key, .loading) })
      $0.prefetching = []
    }
    store.send(.detail(.zoomIn))
    store.send(.detail(.toggleChrome))
  }
}
