import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// A Live Photo shows a LIVE badge under its tile (beside RAW when it is a RAW pair too), the
/// info panel and the status line name the movie, and the tab bar counts it once.
final class LiveBadgeTests: XCTestCase {
  func testALivePhotoIsBadgedListedAndCountedOnce() throws {
    var assets = Fixtures.assets(3)
    assets[1].liveMovie = CompanionFile(
      id: AssetID(98), path: "/photos/IMG_1001.MOV", byteSize: 2_500_000, format: .video,
      duration: 2.9)
    assets[2].liveMovie = CompanionFile(
      id: AssetID(99), path: "/photos/IMG_1002.MOV", byteSize: 2_500_000, format: .video)
    assets[2].rawCompanion = CompanionFile(
      id: AssetID(97), path: "/photos/IMG_1002.DNG", byteSize: 25_000_000)
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 100, rows: 30))
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: assets, problems: [])))
    state.arrange(.library(.indexFinished))
    for key in state.images.keys { state.arrange(.image(.loaded(key))) }
    let frame = LibraryView.render(state)
    let rects = frame.images.map(\.rect)
    guard rects.count == 3 else { return XCTFail("\(rects.count) tiles drawn") }
    func badge(_ rect: CellRect, width: Int) -> String {
      (0..<width).map {
        frame[rect.row + rect.height, rect.column + rect.width - width + $0].text
      }.joined()
    }
    let order = state.assets.map(\.id)
    let live = try XCTUnwrap(order.firstIndex(of: assets[1].id))
    let both = try XCTUnwrap(order.firstIndex(of: assets[2].id))
    let plain = try XCTUnwrap(order.firstIndex(of: assets[0].id))
    XCTAssertEqual(badge(rects[live], width: 4), "LIVE")
    XCTAssertEqual(badge(rects[both], width: 8), "LIVE RAW")
    XCTAssertFalse(badge(rects[plain], width: 8).contains("LIVE"))
    let tabBar = (0..<frame.size.columns).map { frame[0, $0].text }.joined()
    XCTAssertTrue(tabBar.contains("3 photos"), tabBar)

    let lines = LibraryView.infoLines(state.assets[live], state)
    XCTAssertTrue(
      lines.contains { $0.label == "Live" && $0.value == "IMG_1001.MOV · 2.5 MB · 0:03" },
      "\(lines)")
    XCTAssertTrue(LibraryView.describe(state.assets[live]).contains("LIVE"))
    XCTAssertFalse(LibraryView.describe(state.assets[plain]).contains("LIVE"))
  }
}
