import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The detail view as a loupe: zoom steps, pan, fit / 1:1 / fill, and what is asked for.
final class LoupeTests: XCTestCase {
  /// 80×24 cells of 10×20 pixels (a sixel terminal): the photo's area is 80×17 cells,
  /// 800×340 pixels; the fixtures' photos are 4032×3024.
  let size = TerminalSize(columns: 80, rows: 24)
  let photo = PixelSize(width: 4032, height: 3024)
  var fit: Double { min(800 / 4032, 340 / 3024) }

  /// The newest of `count` photos open in the detail view, every image ready.
  func detail(_ count: Int = 5) -> AppState {
    var state = AppState(
      roots: ["/photos"], terminal: size, cellPixelSize: PixelSize(width: 10, height: 20))
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: Fixtures.assets(count), problems: [])))
    _ = Reducer.reduce(&state, .open)
    XCTAssertEqual(state.screen, .detail)
    return state
  }

  func testZoomInStepsByTheSquareRootOfTwoAboutTheCentreAndAsksForTheRegion() throws {
    var state = detail()
    XCTAssertNil(state.loupeRegion)
    _ = Reducer.reduce(&state, .detail(.zoomIn))
    let zoom = try XCTUnwrap(state.detail.zoom)
    XCTAssertEqual(zoom, fit * 2.0.squareRoot(), accuracy: 1e-9)
    let (region, drawn) = try XCTUnwrap(state.loupeRegion)
    // The region is what 800×340 screen pixels show at this zoom, centred on the photo.
    XCTAssertEqual(region.width, photo.width)  // still the whole width
    XCTAssertEqual(region.height, Int(340 / zoom))
    XCTAssertEqual(region.y, (photo.height - region.height) / 2, accuracy: 1)
    XCTAssertLessThanOrEqual(drawn.width, 800)
    XCTAssertLessThanOrEqual(drawn.height, 340)
    // Asked for: the region (drawn at its size), the minimap with the region framed, and
    // the fitted photo, which stays on screen until the region arrives.
    let keys = Set(state.images.keys)
    let asset = state.selectedAsset!.id
    XCTAssertTrue(keys.contains(ImageKey(asset: asset, size: drawn, fit: .fit, region: region)))
    let minimap = try XCTUnwrap(state.minimap)
    XCTAssertEqual(minimap.key.outline, region)
    XCTAssertTrue(keys.contains(minimap.key))
    XCTAssertTrue(keys.contains(state.fittedKey(forIndex: state.selectedIndex)!))
    XCTAssertEqual(state.zoomLabel, "\(Int((zoom * 100).rounded())) %")
  }

  func testTheFirstZoomStepAheadIsTheRegionTheZoomKeyAsksFor() throws {
    var state = detail()
    let ahead = try XCTUnwrap(
      AppState.firstZoomStep(image: photo, area: PixelSize(width: 800, height: 340)))
    _ = Reducer.reduce(&state, .detail(.zoomIn))
    let (region, drawn) = try XCTUnwrap(state.loupeRegion)
    XCTAssertEqual(ahead.region, region)
    XCTAssertEqual(ahead.size, drawn)
    // A photo already shown at 4× when fitted has no step to take.
    XCTAssertNil(
      AppState.firstZoomStep(
        image: PixelSize(width: 100, height: 40), area: PixelSize(width: 800, height: 340)))
  }

  func testArrowsPanWhenZoomedAndPageWhenFitted() throws {
    var state = detail()
    let newest = state.selectedIndex
    for _ in 0..<4 { _ = Reducer.reduce(&state, .detail(.zoomIn)) }
    let before = try XCTUnwrap(state.loupeRegion).region
    _ = Reducer.reduce(&state, .move(.left))
    let after = try XCTUnwrap(state.loupeRegion).region
    XCTAssertEqual(state.selectedIndex, newest, "← pans while zoomed, it does not page")
    XCTAssertEqual(after.x, before.x - before.width / 10, accuracy: 1)
    XCTAssertEqual(after.y, before.y)
    _ = Reducer.reduce(&state, .move(.down))
    XCTAssertEqual(
      try XCTUnwrap(state.loupeRegion).region.y, before.y + before.height / 10, accuracy: 1)
    _ = Reducer.reduce(&state, .detail(.fit))
    XCTAssertNil(state.detail.zoom)
    _ = Reducer.reduce(&state, .move(.left))
    XCTAssertEqual(state.selectedIndex, newest - 1, "← pages at fit")
  }

  func testPanStopsAtTheEdgeAndComesBackAtOnce() throws {
    var state = detail()
    for _ in 0..<6 { _ = Reducer.reduce(&state, .detail(.zoomIn)) }
    for _ in 0..<100 { _ = Reducer.reduce(&state, .move(.right)) }
    let edge = try XCTUnwrap(state.loupeRegion).region
    XCTAssertEqual(edge.x + edge.width, photo.width)
    _ = Reducer.reduce(&state, .move(.left))
    XCTAssertLessThan(try XCTUnwrap(state.loupeRegion).region.x, edge.x)
  }

  func testZoomStopsAtFourOneToOneFillAndBackToFit() throws {
    var state = detail()
    for _ in 0..<40 { _ = Reducer.reduce(&state, .detail(.zoomIn)) }
    XCTAssertEqual(state.detail.zoom, AppState.maximumZoom)
    XCTAssertEqual(state.zoomLabel, "400 %")
    _ = Reducer.reduce(&state, .detail(.actualSize))
    XCTAssertEqual(state.detail.zoom, 1)
    XCTAssertEqual(try XCTUnwrap(state.loupeRegion).region.width, 800)
    for _ in 0..<40 { _ = Reducer.reduce(&state, .detail(.zoomOut)) }
    XCTAssertNil(state.detail.zoom, "zooming out ends at the fitted photo")
    _ = Reducer.reduce(&state, .detail(.toggleFill))
    let fill = max(800.0 / 4032, 340.0 / 3024)
    XCTAssertEqual(try XCTUnwrap(state.detail.zoom), fill, accuracy: 1e-9)
    let region = try XCTUnwrap(state.loupeRegion).region
    XCTAssertEqual(region.width, photo.width, "fill shows the whole width of a wide photo")
    XCTAssertLessThan(region.height, photo.height)
    _ = Reducer.reduce(&state, .detail(.toggleFill))
    XCTAssertNil(state.detail.zoom)
  }

  func testPagingOrLeavingShowsTheNextPhotoFitted() {
    var state = detail()
    _ = Reducer.reduce(&state, .detail(.zoomIn))
    _ = Reducer.reduce(&state, .move(.pageUp))
    XCTAssertNil(state.detail.zoom, "the previous photo opens fitted")
    _ = Reducer.reduce(&state, .detail(.zoomIn))
    _ = Reducer.reduce(&state, .back)
    XCTAssertEqual(state.screen, .grid)
    XCTAssertNil(state.detail.zoom)
    XCTAssertFalse(state.images.keys.contains { $0.region != nil || $0.outline != nil })
  }

  func testChromeHidesTheBarsWithoutMovingThePhoto() {
    var state = detail()
    let area = state.detailImageArea
    XCTAssertTrue(state.wantedImages.contains { $0.key.fit == .fill }, "filmstrip thumbnails")
    _ = Reducer.reduce(&state, .detail(.toggleChrome))
    XCTAssertTrue(state.detail.chromeHidden)
    XCTAssertEqual(state.detailImageArea, area)
    XCTAssertFalse(state.wantedImages.contains { $0.key.fit == .fill }, "no hidden filmstrip")
    _ = Reducer.reduce(&state, .detail(.toggleChrome))
    XCTAssertFalse(state.detail.chromeHidden)
  }

  func testLoupeKeysDoNothingInTheGrid() {
    var state = detail()
    _ = Reducer.reduce(&state, .back)
    let before = state
    _ = Reducer.reduce(&state, .detail(.zoomIn))
    _ = Reducer.reduce(&state, .detail(.toggleChrome))
    XCTAssertEqual(state, before)
  }
}
