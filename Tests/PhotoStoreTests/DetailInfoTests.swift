import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The info panel in the detail view sits in a column beside the photo, and the photo is
/// asked for at the narrower size, so it is never hidden behind the panel.
final class DetailInfoTests: XCTestCase {
  /// 80×24: the photo's area is 80×17 cells (the filmstrip takes 5 rows); the info column
  /// takes 30 of the 80 columns.
  let size = TerminalSize(columns: 80, rows: 24)

  func detailRequest(_ asset: Asset, width: Int, _ priority: ImagePriority) -> ImageRequest {
    ImageRequest(
      key: ImageKey(asset: asset.id, size: PixelSize(width: width, height: 34), fit: .fit),
      path: asset.path, format: asset.format, orientation: asset.orientation,
      priority: priority, bestQuality: true, exifThumbnail: asset.exifThumbnail,
      storedSize: asset.storedPixelSize)
  }

  /// The newest of `count` photos open in the detail view, every image ready.
  func detailStore(_ count: Int) -> (TestStore, [Asset]) {
    let assets = Fixtures.assets(count)
    let store = TestStore(AppState(roots: ["/photos"], terminal: size))
    store.arrange(.start, .library(.loaded(assets: assets, problems: [])), .open)
    store.arrangeState { state in
      for key in state.images.keys { state.images[key] = .ready }
    }
    XCTAssertEqual(store.state.screen, .detail)
    XCTAssertEqual(store.state.selectedIndex, count - 1)
    return (store, assets)
  }

  func testGeometryLeavesThePhotoTheWidthLeftOfTheColumn() {
    let panel = DetailGeometry.infoPanel(terminal: size)
    let photo = DetailGeometry.imageArea(terminal: size, showsInfo: true)
    XCTAssertEqual(panel, CellRect(row: 1, column: 50, width: 30, height: 17))
    XCTAssertEqual(photo, CellRect(row: 1, column: 0, width: 50, height: 17))
    XCTAssertFalse(panel.intersects(photo))
    // Wide terminals give the column a third, up to its maximum; tiny ones half at most.
    let wide = TerminalSize(columns: 240, rows: 60)
    XCTAssertEqual(DetailGeometry.infoPanel(terminal: wide).width, DetailGeometry.infoMaximumWidth)
    for columns in [1, 10, 20, 40, 59] {
      let small = TerminalSize(columns: columns, rows: 24)
      let area = DetailGeometry.imageArea(terminal: small, showsInfo: true)
      XCTAssertGreaterThanOrEqual(area.width, (columns + 1) / 2, "\(columns) columns")
    }
  }

  func testInfoAsksForThePhotoAtTheNarrowerSizeAndBackWhenClosed() {
    let (store, assets) = detailStore(3)
    func wide(_ i: Int) -> ImageKey { detailRequest(assets[i], width: 80, .visible).key }
    func narrow(_ i: Int) -> ImageKey { detailRequest(assets[i], width: 50, .visible).key }
    // The panel reads the photo's caption from its files (the catalog has none).
    store.send(
      .panel(.info),
      effects: [
        .readCaption(assets[2].id, path: assets[2].path),
        .loadImage(detailRequest(assets[2], width: 50, .visible)),
        .loadImage(detailRequest(assets[1], width: 50, .neighbour)),
      ]
    ) {
      $0.overlay = .info
      $0.images[wide(2)] = nil
      $0.images[wide(1)] = nil
      $0.images[narrow(2)] = .loading
      $0.images[narrow(1)] = .loading
    }
    // Paging with the panel open keeps it open and the new neighbour comes at its size.
    store.send(
      .move(.left),
      effects: [
        .readCaption(assets[1].id, path: assets[1].path),
        .loadImage(detailRequest(assets[0], width: 50, .neighbour)),
      ]
    ) {
      $0.selectedIndex = 1
      $0.images[narrow(0)] = .loading
    }
    store.send(.image(.loaded(narrow(1)))) { $0.images[narrow(1)] = .ready }
    store.send(
      .panel(.info),
      effects: [
        .cancelImage(narrow(0)), .cancelImage(narrow(2)),
        .loadImage(detailRequest(assets[1], width: 80, .visible)),
        .loadImage(detailRequest(assets[2], width: 80, .neighbour)),
        .loadImage(detailRequest(assets[0], width: 80, .neighbour)),
      ]
    ) {
      $0.overlay = nil
      for i in 0...2 {
        $0.images[narrow(i)] = nil
        $0.images[wide(i)] = .loading
      }
    }
  }
}
