import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// A RAW+JPEG pair shows a RAW badge under its tile, and the info panel and the status line
/// name the RAW file.
final class RAWBadgeTests: XCTestCase {
  func testAPairIsBadgedAndItsRAWFileListed() throws {
    var assets = Fixtures.assets(3)
    assets[1].rawCompanion = CompanionFile(
      id: AssetID(99), path: "/photos/IMG_1001.CR3", byteSize: 25_000_000)
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 100, rows: 30))
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: assets, problems: [])))
    state.arrange(.library(.indexFinished))
    for key in state.images.keys { state.arrange(.image(.loaded(key))) }
    let frame = LibraryView.render(state)
    let index = try XCTUnwrap(state.assets.firstIndex { $0.id == assets[1].id })
    let rects = frame.images.map(\.rect)
    guard rects.count == 3 else { return XCTFail("\(rects.count) tiles drawn") }
    func badge(_ rect: CellRect) -> String {
      (0..<3).map { frame[rect.row + rect.height, rect.column + rect.width - 3 + $0].text }
        .joined()
    }
    XCTAssertEqual(badge(rects[index]), "RAW")
    for (i, rect) in rects.enumerated() where i != index {
      XCTAssertNotEqual(badge(rect), "RAW", "only the pair is badged")
    }
    let lines = LibraryView.infoLines(state.assets[index], state)
    XCTAssertTrue(lines.contains { $0.label == "RAW" && $0.value.hasPrefix("IMG_1001.CR3 · ") })
    XCTAssertTrue(LibraryView.describe(state.assets[index]).contains("RAW+JPEG"))
  }
}
