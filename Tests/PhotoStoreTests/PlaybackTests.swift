import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// p in the photo view: a video, a Live Photo's movie or an animated GIF plays, pauses,
/// seeks with ←/→, ends, fails on one line, and stops at once when the photo is left.
final class PlaybackTests: XCTestCase {
  /// A still, a 42-second video, an animated GIF and a Live Photo, in that order.
  func detail(at index: Int) -> AppState {
    var assets = Fixtures.assets(4)
    assets[1].format = .video
    assets[1].path = "/photos/clip.mp4"
    assets[1].duration = 42
    assets[2].format = .gif
    assets[2].isAnimated = true
    assets[3].liveMovie = CompanionFile(
      id: AssetID(99), path: "/photos/live.mov", byteSize: 10, format: .video, duration: 2.5)
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24))
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    state.selectedIndex = state.assets.firstIndex { $0.id == assets[index].id }!
    _ = Reducer.reduce(&state, .open)
    XCTAssertEqual(state.screen, .detail)
    return state
  }

  func started(_ effects: [Effect]) -> PlaybackRequest? {
    for case .startPlayback(let request) in effects { return request }
    return nil
  }

  func testPStartsAVideoAndFramesMoveTheBar() throws {
    var state = detail(at: 1)
    let request = try XCTUnwrap(started(Reducer.reduce(&state, .detail(.togglePlayback))))
    XCTAssertEqual(request.path, "/photos/clip.mp4")
    XCTAssertEqual(request.startMilliseconds, 0)
    XCTAssertFalse(request.loops)
    XCTAssertEqual(request.key, state.fittedKey(forIndex: state.selectedIndex))
    XCTAssertEqual(state.detail.playback?.durationMilliseconds, 42_000)
    XCTAssertNil(state.playbackFrameKey, "the still stays until the first frame")
    _ = Reducer.reduce(
      &state, .detail(.playbackFrame(token: request.token, frame: 0, milliseconds: 40)))
    var key = request.key
    key.frame = 0
    XCTAssertEqual(state.playbackFrameKey, key)
    XCTAssertEqual(state.detail.playback?.positionMilliseconds, 40)
    // A stale stream's frame changes nothing.
    _ = Reducer.reduce(
      &state, .detail(.playbackFrame(token: request.token + 7, frame: 9, milliseconds: 9000)))
    XCTAssertEqual(state.detail.playback?.frame, 0)
  }

  func testPPausesAndResumesTheSameStream() throws {
    var state = detail(at: 1)
    let request = try XCTUnwrap(started(Reducer.reduce(&state, .detail(.togglePlayback))))
    XCTAssertEqual(
      Reducer.reduce(&state, .detail(.togglePlayback)),
      [.pausePlayback(token: request.token, paused: true)])
    XCTAssertEqual(state.detail.playback?.isPaused, true)
    XCTAssertEqual(
      Reducer.reduce(&state, .detail(.togglePlayback)),
      [.pausePlayback(token: request.token, paused: false)])
  }

  func testArrowsSeekFiveSecondsWithinTheClipInsteadOfPaging() throws {
    var state = detail(at: 1)
    let first = try XCTUnwrap(started(Reducer.reduce(&state, .detail(.togglePlayback))))
    _ = Reducer.reduce(
      &state, .detail(.playbackFrame(token: first.token, frame: 3, milliseconds: 3000)))
    let forward = Reducer.reduce(&state, .move(.right))
    let seek = try XCTUnwrap(started(forward))
    XCTAssertEqual(forward.first, .stopPlayback(token: first.token))
    XCTAssertEqual(seek.startMilliseconds, 8000)
    XCTAssertEqual(state.selectedIndex, 1, "no paging while a clip plays")
    XCTAssertEqual(state.detail.playback?.frame, 3, "the last frame stays until the new one")
    let back = try XCTUnwrap(started(Reducer.reduce(&state, .move(.left))))
    XCTAssertEqual(back.startMilliseconds, 3000, "from where the last seek went")
    XCTAssertEqual(
      try XCTUnwrap(started(Reducer.reduce(&state, .move(.left)))).startMilliseconds, 0)
    _ = Reducer.reduce(
      &state,
      .detail(.playbackFrame(token: state.detail.playback!.token, frame: 0, milliseconds: 40_000)))
    let end = try XCTUnwrap(started(Reducer.reduce(&state, .move(.right))))
    XCTAssertEqual(end.startMilliseconds, 41_000, "never past the clip's last second")
  }

  /// A GIF's loop (its length unknown), a paused clip and a clip shorter than a seek step
  /// page with ←/→ (the user could not leave a 1 s loop but with Esc); Shift-←/→ seek in
  /// each, paused or not.
  func testOnALoopOrPausedArrowsPageAndShiftArrowsSeek() throws {
    var gif = detail(at: 2)
    let loop = try XCTUnwrap(started(Reducer.reduce(&gif, .detail(.togglePlayback))))
    let seek = try XCTUnwrap(started(Reducer.reduce(&gif, .detail(.seek(forward: true)))))
    XCTAssertEqual(seek.startMilliseconds, 5000)
    XCTAssertTrue(seek.loops)
    XCTAssertEqual(gif.selectedIndex, 2)
    let paging = Reducer.reduce(&gif, .move(.right))
    XCTAssertEqual(gif.selectedIndex, 3, "→ pages on a loop")
    XCTAssertTrue(paging.contains(.stopPlayback(token: seek.token)))
    XCTAssertGreaterThan(seek.token, loop.token)

    var paused = detail(at: 1)
    _ = Reducer.reduce(&paused, .detail(.togglePlayback))
    _ = Reducer.reduce(&paused, .detail(.togglePlayback))
    XCTAssertEqual(paused.detail.playback?.isPaused, true)
    let back = try XCTUnwrap(started(Reducer.reduce(&paused, .detail(.seek(forward: true)))))
    XCTAssertEqual(back.startMilliseconds, 5000)
    XCTAssertTrue(back.paused, "a seek keeps a paused clip paused")
    _ = Reducer.reduce(&paused, .move(.left))
    XCTAssertEqual(paused.selectedIndex, 0, "← pages while paused")
    XCTAssertNil(paused.detail.playback)

    var short = detail(at: 1)
    var assets = short.library.assets
    assets[1].duration = 1.5
    _ = Reducer.reduce(&short, .library(.loaded(assets: assets, problems: [])))
    _ = try XCTUnwrap(started(Reducer.reduce(&short, .detail(.togglePlayback))))
    _ = Reducer.reduce(&short, .move(.right))
    XCTAssertEqual(short.selectedIndex, 2, "→ pages on a clip shorter than a seek step")

    var still = detail(at: 0)
    XCTAssertEqual(Reducer.reduce(&still, .detail(.seek(forward: true))), [])
    XCTAssertNil(still.message, "Shift-→ on a still does nothing")
    var video = detail(at: 1)
    XCTAssertEqual(Reducer.reduce(&video, .detail(.seek(forward: true))), [])
    XCTAssertEqual(video.message, "p plays it; Shift-← → seek while it plays")
  }

  func testLeavingThePhotoStopsPlaybackAtOnce() throws {
    for leave in [Action.back, .move(.down), .detail(.zoomIn), .showTab(.albums)] {
      var state = detail(at: 1)
      let request = try XCTUnwrap(started(Reducer.reduce(&state, .detail(.togglePlayback))))
      let effects = Reducer.reduce(&state, leave)
      XCTAssertTrue(effects.contains(.stopPlayback(token: request.token)), "\(leave)")
      XCTAssertNil(state.detail.playback, "\(leave)")
      XCTAssertNil(state.playbackFrameKey)
    }
  }

  func testTheEndKeepsTheLastFrameAndPPlaysAgain() throws {
    var state = detail(at: 1)
    let request = try XCTUnwrap(started(Reducer.reduce(&state, .detail(.togglePlayback))))
    _ = Reducer.reduce(
      &state, .detail(.playbackFrame(token: request.token, frame: 5, milliseconds: 41_900)))
    _ = Reducer.reduce(&state, .detail(.playbackEnded(token: request.token)))
    XCTAssertEqual(state.detail.playback?.hasEnded, true)
    XCTAssertEqual(state.detail.playback?.positionMilliseconds, 42_000)
    XCTAssertNotNil(state.playbackFrameKey)
    let again = try XCTUnwrap(started(Reducer.reduce(&state, .detail(.togglePlayback))))
    XCTAssertEqual(again.startMilliseconds, 0)
    XCTAssertGreaterThan(again.token, request.token)
  }

  func testAGIFLoopsAndALivePhotoPlaysItsMovieOnceThenShowsTheStill() throws {
    var gif = detail(at: 2)
    let loop = try XCTUnwrap(started(Reducer.reduce(&gif, .detail(.togglePlayback))))
    XCTAssertTrue(loop.loops)
    XCTAssertNil(gif.detail.playback?.durationMilliseconds)
    var live = detail(at: 3)
    let movie = try XCTUnwrap(started(Reducer.reduce(&live, .detail(.togglePlayback))))
    XCTAssertEqual(movie.path, "/photos/live.mov")
    _ = Reducer.reduce(
      &live, .detail(.playbackFrame(token: movie.token, frame: 0, milliseconds: 0)))
    _ = Reducer.reduce(&live, .detail(.playbackEnded(token: movie.token)))
    XCTAssertNil(live.detail.playback, "the still is back")
  }

  /// An AVIF sequence (issue 33) plays through FFmpeg, in a loop like a GIF.
  func testAnAVIFSequencePlaysInALoop() throws {
    var state = detail(at: 2)
    var assets = state.library.assets
    let index = assets.firstIndex { $0.id == state.selectedAsset!.id }!
    assets[index].format = .avifSequence
    assets[index].path = "/photos/sequence.avif"
    assets[index].duration = 10
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    let request = try XCTUnwrap(started(Reducer.reduce(&state, .detail(.togglePlayback))))
    XCTAssertEqual(request.path, "/photos/sequence.avif")
    XCTAssertTrue(request.loops)
    XCTAssertNil(state.message)
  }

  /// A HEIF sequence is flagged animated, but libheif 1.15 decodes none of its frames.
  func testAHEIFSequenceSaysWhyItDoesNotPlay() {
    var state = detail(at: 2)
    var assets = state.library.assets
    let index = assets.firstIndex { $0.id == state.selectedAsset!.id }!
    assets[index].format = .heic
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    XCTAssertEqual(Reducer.reduce(&state, .detail(.togglePlayback)), [])
    XCTAssertEqual(
      state.message,
      "\(state.selectedAsset!.fileName): this FFmpeg cannot play animated HEIC (first frame shown)")
  }

  func testAStillHasNothingToPlayAndAFailureIsOneLine() throws {
    var still = detail(at: 0)
    XCTAssertEqual(Reducer.reduce(&still, .detail(.togglePlayback)), [])
    XCTAssertEqual(
      still.message, "Nothing to play: \(still.selectedAsset!.fileName) is a still photo")
    var video = detail(at: 1)
    let request = try XCTUnwrap(started(Reducer.reduce(&video, .detail(.togglePlayback))))
    _ = Reducer.reduce(
      &video,
      .detail(
        .playbackFailed(token: request.token, reason: "decoder crashed on clip.mp4 (signal 11)")))
    XCTAssertNil(video.detail.playback)
    XCTAssertEqual(video.message, "Cannot play: decoder crashed on clip.mp4 (signal 11)")
  }

  func testAResizeRestartsTheStreamWhereItWasAtTheNewSize() throws {
    var state = detail(at: 1)
    let request = try XCTUnwrap(started(Reducer.reduce(&state, .detail(.togglePlayback))))
    _ = Reducer.reduce(
      &state, .detail(.playbackFrame(token: request.token, frame: 60, milliseconds: 2000)))
    let effects = Reducer.reduce(&state, .resized(TerminalSize(columns: 120, rows: 40)))
    let restart = try XCTUnwrap(started(effects))
    XCTAssertTrue(effects.contains(.stopPlayback(token: request.token)))
    XCTAssertEqual(restart.startMilliseconds, 2000)
    XCTAssertNotEqual(restart.key.size, request.key.size)
    XCTAssertNil(state.playbackFrameKey, "the old size's frame is not drawn at the new size")
  }
}
