import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// The info panel calls an AVIF still and an AVIF sequence AVIF, never HEIC (issue 33).
final class AVIFLabelTests: XCTestCase {
  func testTheInfoPanelSaysAVIF() {
    var assets = Fixtures.assets(3)
    assets[0].format = .avif
    assets[1].format = .avifSequence
    assets[1].isAnimated = true
    assets[1].duration = 10
    assets[2].format = .heic
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 100, rows: 30))
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: assets, problems: [])))
    func format(_ asset: Asset) -> String? {
      LibraryView.infoLines(asset, state).first { $0.label == "Format" }?.value
    }
    XCTAssertEqual(format(assets[0]), "AVIF")
    XCTAssertEqual(format(assets[1]), "AVIF")
    XCTAssertEqual(format(assets[2]), "HEIC")
    XCTAssertEqual(
      LibraryView.infoLines(assets[1], state).first { $0.label == "Length" }?.value, "0:10")
  }
}
