import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// The photo view while a clip plays: the newest frame in the photo's place and the
/// playback bar in the status line.
final class PlaybackViewTests: XCTestCase {
  func playing() throws -> (AppState, PlaybackRequest) {
    var assets = Fixtures.assets(3)
    assets[2].format = .video
    assets[2].duration = 42
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24))
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: assets, problems: [])))
    state.arrange(.library(.indexFinished))
    state.selectedIndex = state.assets.firstIndex { $0.id == assets[2].id }!
    state.arrange(.open)
    for key in state.images.keys { state.arrange(.image(.loaded(key))) }
    for case .startPlayback(let request) in Reducer.reduce(&state, .detail(.togglePlayback)) {
      return (state, request)
    }
    throw XCTSkip("no stream started")
  }

  func testAPlayingClipShowsItsFrameAndTheBar() throws {
    var (state, request) = try playing()
    state.arrange(.detail(.playbackFrame(token: request.token, frame: 12, milliseconds: 10_500)))
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "detail-playing-80x24")
    XCTAssertEqual(frame.images.map(\.key.frame).first, 12)
    let status = (0..<80).map { frame[23, $0].text }.joined()
    XCTAssertTrue(status.hasPrefix(" playing 0:10 ━━"), status)
    XCTAssertTrue(status.contains("─ 0:42"), status)
  }

  func testPausedAndEndedSayWhatTheyAre() throws {
    var (state, request) = try playing()
    state.arrange(.detail(.togglePlayback))
    var status = (0..<80).map { LibraryView.render(state)[23, $0].text }.joined()
    XCTAssertTrue(status.hasPrefix(" paused 0:00 ──"), status)
    XCTAssertTrue(status.contains("p play"), status)
    state.arrange(.detail(.playbackEnded(token: request.token)))
    status = (0..<80).map { LibraryView.render(state)[23, $0].text }.joined()
    XCTAssertTrue(status.hasPrefix(" ended 0:42 ━━"), status)
  }

  /// A 1.5 s clip's bar ends on its length ("0:02 … 0:02", it ended "0:01 … 0:02"); a
  /// picture under 0.1 MP gives its pixel count, not "0.0 MP".
  func testAShortClipEndsOnItsLengthAndATinyPictureCountsPixels() throws {
    var playback = Playback(
      asset: AssetID(1), token: 1, positionMilliseconds: 1500, durationMilliseconds: 1500,
      size: PixelSize(width: 10, height: 10))
    playback.hasEnded = true
    let bar = LibraryView.playbackBar(playback, width: 40)
    XCTAssertTrue(bar.hasPrefix(" ended 0:02 ━"), bar)
    XCTAssertTrue(bar.hasSuffix("━ 0:02"), bar)
    var (state, _) = try playing()
    var assets = state.library.assets
    assets[0].storedPixelSize = PixelSize(width: 64, height: 48)
    assets[1].storedPixelSize = PixelSize(width: 4032, height: 3024)
    state.arrange(.library(.loaded(assets: assets, problems: [])))
    XCTAssertTrue(
      LibraryView.infoLines(assets[0], state).contains { $0 == ("Pixels", "64×48 (3,072 px)") })
    XCTAssertTrue(
      LibraryView.infoLines(assets[1], state).contains { $0 == ("Pixels", "4032×3024 (12.2 MP)") })
  }

  func testTheBarFitsNarrowLines() {
    var playback = Playback(
      asset: AssetID(1), token: 1, positionMilliseconds: 21_000, durationMilliseconds: 42_000,
      size: PixelSize(width: 10, height: 10))
    XCTAssertEqual(LibraryView.playbackBar(playback, width: 12), " playing 0:21 / 0:42")
    let bar = LibraryView.playbackBar(playback, width: 30)
    // Half way: as many heavy as light dashes, give or take the odd one.
    XCTAssertLessThanOrEqual(
      abs(bar.filter { $0 == "━" }.count - bar.filter { $0 == "─" }.count), 1, bar)
    playback.durationMilliseconds = nil
    XCTAssertEqual(LibraryView.playbackBar(playback, width: 30), " playing 0:21 · loops")
  }
}
