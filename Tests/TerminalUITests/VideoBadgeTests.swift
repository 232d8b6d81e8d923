import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// A video's tile shows its length under its right edge ("0:42", "1:03:20"); the info
/// panel and the status line give it too.
final class VideoBadgeTests: XCTestCase {
  private func state(_ assets: [Asset]) -> AppState {
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24))
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: assets, problems: [])))
    state.arrange(.library(.indexFinished))
    for key in state.images.keys { state.arrange(.image(.loaded(key))) }
    return state
  }

  private func videos() -> [Asset] {
    var assets = Fixtures.assets(4)
    for (index, seconds) in [(1, 42.4), (3, 3800.0)] {
      assets[index].format = .video
      assets[index].duration = seconds
    }
    return assets
  }

  func testVideoTilesShowTheirLengthAndPhotosDoNot() throws {
    let assets = videos()
    let state = state(assets)
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "video-badges-80x24")
    let rects = frame.images.map(\.rect)
    guard rects.count == 4 else { return XCTFail("\(rects.count) tiles drawn") }
    func under(_ rect: CellRect, _ width: Int) -> String {
      (0..<width).map { frame[rect.row + rect.height, rect.column + rect.width - width + $0].text }
        .joined()
    }
    for (i, asset) in state.assets.enumerated() {
      let rect = rects[i]
      switch asset.duration {
      case 42.4: XCTAssertEqual(under(rect, 4), "0:42")
      case 3800.0: XCTAssertEqual(under(rect, 7), "1:03:20")
      default: XCTAssertFalse(under(rect, 4).contains(":"), "a photo has no length badge")
      }
    }
    let video = try XCTUnwrap(state.assets.first { $0.duration == 42.4 })
    XCTAssertTrue(LibraryView.infoLines(video, state).contains { $0 == ("Length", "0:42") })
    XCTAssertTrue(LibraryView.describe(video).contains("0:42"))
    XCTAssertTrue(
      LibraryView.infoLines(video, state).contains { $0 == ("Format", "VIDEO") },
      "a video indexed before its container was recorded")
    var known = video
    known.videoFormat = "MOV · hevc"
    XCTAssertTrue(LibraryView.infoLines(known, state).contains { $0 == ("Format", "MOV · hevc") })
  }

  /// The gap row under a tile holds its length and heart and is also the top edge of the
  /// frame of the tile below it: selecting that tile left the badges readable, the frame
  /// running on around them (it hid them, issue 33 item 11).
  func testTheSelectedFrameLeavesTheBadgesAboveItReadable() throws {
    var assets = Fixtures.assets(8)
    assets[1].format = .video
    assets[1].duration = 42.4
    assets[1].isFavorite = true
    var state = state(assets)
    let above = try XCTUnwrap(state.assets.firstIndex { $0.id == assets[1].id })
    state.selectedIndex = above + state.grid.columns
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "video-badges-under-frame-80x24")
    let rects = frame.images.map(\.rect)
    let rect = rects[above]
    let gap = rect.row + rect.height
    let row = (rect.column - 1...rect.column + rect.width).map { frame[gap, $0].text }.joined()
    XCTAssertTrue(row.hasPrefix("┌" + Glyphs.favorite), row)
    XCTAssertTrue(row.hasSuffix("0:42┐"), row)
  }

  /// A photo whose file decoded only in part says so in the status line and the info panel.
  func testADamagedFileSaysSoInTheStatusLineAndTheInfoPanel() throws {
    var state = state(Fixtures.assets(3))
    let asset = try XCTUnwrap(state.selectedAsset)
    var status = (0..<80).map { LibraryView.render(state)[23, $0].text }.joined()
    XCTAssertFalse(status.contains("damaged"), status)
    state.arrange(
      .image(
        .damaged(
          ImageKey(asset: asset.id, size: PixelSize(width: 9, height: 9), fit: .fill),
          reason: "Premature end of JPEG file")))
    let frame = LibraryView.render(state)
    status = (0..<80).map { frame[23, $0].text }.joined()
    XCTAssertTrue(status.contains("· damaged file"), status)
    XCTAssertEqual(frame[23, 2].role, .statusError)
    XCTAssertTrue(
      LibraryView.infoLines(asset, state).contains {
        $0 == ("Damaged", "Premature end of JPEG file; the rest of the picture is missing")
      })
  }

  func testLengthsReadAsBadges() {
    XCTAssertEqual(DurationText.badge(seconds: 42), "0:42")
    XCTAssertEqual(DurationText.badge(seconds: 0.3), "0:01")
    XCTAssertEqual(DurationText.badge(seconds: 605), "10:05")
    XCTAssertEqual(DurationText.badge(seconds: 3800), "1:03:20")
    XCTAssertEqual(DurationText.badge(seconds: .nan), "0:00")
  }
}
