import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// p in the photo view: a video, a Live Photo's movie or an animated GIF plays, pauses,
/// seeks with ←/→, ends, fails on one line, and stops at once when the photo is left.
final class PlaybackTests: XCTestCase {
  /// 80×24 cells of 1×2 pixels: the photo's area is 80×17 cells, 80×34 pixels; the
  /// filmstrip's thumbnails are 6×3 cells.
  let area = PixelSize(width: 80, height: 34)
  let thumbnail = PixelSize(width: 6, height: 6)

  /// A still, a 42-second video, an animated GIF and a Live Photo, in that order (changed by
  /// `change`), with the one at `index` open in the detail view, its images asked for.
  func detail(at index: Int, _ change: (inout [Asset]) -> Void = { _ in })
    -> (TestStore, [Asset])
  {
    var assets = Fixtures.assets(4)
    assets[1].format = .video
    assets[1].path = "/photos/clip.mp4"
    assets[1].duration = 42
    assets[2].format = .gif
    assets[2].isAnimated = true
    assets[3].liveMovie = CompanionFile(
      id: AssetID(99), path: "/photos/live.mov", byteSize: 10, format: .video, duration: 2.5)
    change(&assets)
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24)))
    store.arrange(.start, .library(.loaded(assets: assets, problems: [])))
    store.arrangeState { state in
      state.selectedIndex = state.assets.firstIndex { $0.id == assets[index].id }!
    }
    store.arrange(.open)
    XCTAssertEqual(store.state.screen, .detail)
    XCTAssertEqual(store.state.selectedIndex, index)
    return (store, assets)
  }

  /// The request for `asset` in the detail view (at `size`: the photo's area).
  func photo(_ asset: Asset, _ priority: ImagePriority = .visible, size: PixelSize? = nil)
    -> ImageRequest
  {
    request(asset, size: size ?? area, fit: .fit, priority)
  }

  /// The detail view's key of `asset`: the still the frames are cached under.
  func fitted(_ asset: Asset, size: PixelSize? = nil) -> ImageKey { photo(asset, size: size).key }

  /// What the reducer asks the image pipeline for: best quality for the detail view.
  func request(_ asset: Asset, size: PixelSize, fit: ImageFit, _ priority: ImagePriority)
    -> ImageRequest
  {
    ImageRequest(
      key: ImageKey(asset: asset.id, size: size, fit: fit), path: asset.path,
      format: asset.format, orientation: asset.orientation, priority: priority,
      bestQuality: fit == .fit, exifThumbnail: asset.exifThumbnail,
      storedSize: asset.storedPixelSize)
  }

  /// The stream p starts for `asset` (its own file unless `path` says otherwise).
  func stream(
    _ asset: Asset, path: String? = nil, loops: Bool = false, token: Int,
    from milliseconds: Int = 0, paused: Bool = false, size: PixelSize? = nil
  ) -> Effect {
    .startPlayback(
      PlaybackRequest(
        token: token, path: path ?? asset.path, key: fitted(asset, size: size),
        startMilliseconds: milliseconds, loops: loops, paused: paused))
  }

  /// What the state holds while `asset`'s clip plays from `milliseconds`.
  func playing(_ asset: Asset, token: Int, from milliseconds: Int = 0, duration: Int?)
    -> Playback
  {
    Playback(
      asset: asset.id, token: token, positionMilliseconds: milliseconds,
      durationMilliseconds: duration, size: area)
  }

  /// p on the 42-second video (the store's second photo): its stream 1 starts.
  func playVideo(
    _ store: TestStore, _ clip: Asset, file: StaticString = #filePath, line: UInt = #line
  ) {
    store.send(
      .detail(.togglePlayback), effects: [stream(clip, path: "/photos/clip.mp4", token: 1)],
      file: file, line: line
    ) {
      $0.detail.lastPlaybackToken = 1
      $0.detail.playback = self.playing(clip, token: 1, duration: 42_000)
    }
  }

  func testPStartsAVideoAndFramesMoveTheBar() {
    let (store, assets) = detail(at: 1)
    let clip = assets[1]
    XCTAssertEqual(fitted(clip), store.state.fittedKey(forIndex: 1))
    playVideo(store, clip)
    XCTAssertNil(store.state.playbackFrameKey, "the still stays until the first frame")
    store.send(.detail(.playbackFrame(token: 1, frame: 0, milliseconds: 40))) {
      $0.detail.playback?.frame = 0
      $0.detail.playback?.positionMilliseconds = 40
    }
    var key = fitted(clip)
    key.frame = 0
    XCTAssertEqual(store.state.playbackFrameKey, key)
    // A stale stream's frame changes nothing.
    store.send(.detail(.playbackFrame(token: 8, frame: 9, milliseconds: 9000)))
  }

  func testPPausesAndResumesTheSameStream() {
    let (store, assets) = detail(at: 1)
    playVideo(store, assets[1])
    store.send(.detail(.togglePlayback), effects: [.pausePlayback(token: 1, paused: true)]) {
      $0.detail.playback?.isPaused = true
    }
    store.send(.detail(.togglePlayback), effects: [.pausePlayback(token: 1, paused: false)]) {
      $0.detail.playback?.isPaused = false
    }
  }

  func testArrowsSeekFiveSecondsWithinTheClipInsteadOfPaging() {
    let (store, assets) = detail(at: 1)
    let clip = assets[1]
    playVideo(store, clip)
    store.send(.detail(.playbackFrame(token: 1, frame: 3, milliseconds: 3000))) {
      $0.detail.playback?.frame = 3
      $0.detail.playback?.positionMilliseconds = 3000
    }
    // No paging while a clip plays; the last frame stays until the new stream's first.
    store.send(
      .move(.right),
      effects: [.stopPlayback(token: 1), stream(clip, token: 2, from: 8000)]
    ) {
      $0.detail.lastPlaybackToken = 2
      $0.detail.playback?.token = 2
      $0.detail.playback?.positionMilliseconds = 8000
    }
    XCTAssertEqual(store.state.selectedIndex, 1, "no paging while a clip plays")
    XCTAssertEqual(store.state.detail.playback?.frame, 3, "the last frame stays until the new one")
    // From where the last seek went.
    store.send(
      .move(.left), effects: [.stopPlayback(token: 2), stream(clip, token: 3, from: 3000)]
    ) {
      $0.detail.lastPlaybackToken = 3
      $0.detail.playback?.token = 3
      $0.detail.playback?.positionMilliseconds = 3000
    }
    store.send(.move(.left), effects: [.stopPlayback(token: 3), stream(clip, token: 4, from: 0)]) {
      $0.detail.lastPlaybackToken = 4
      $0.detail.playback?.token = 4
      $0.detail.playback?.positionMilliseconds = 0
    }
    store.send(.detail(.playbackFrame(token: 4, frame: 0, milliseconds: 40_000))) {
      $0.detail.playback?.frame = 0
      $0.detail.playback?.positionMilliseconds = 40_000
    }
    // Never past the clip's last second.
    store.send(
      .move(.right), effects: [.stopPlayback(token: 4), stream(clip, token: 5, from: 41_000)]
    ) {
      $0.detail.lastPlaybackToken = 5
      $0.detail.playback?.token = 5
      $0.detail.playback?.positionMilliseconds = 41_000
    }
  }

  /// A GIF's loop (its length unknown), a paused clip and a clip shorter than a seek step
  /// page with ←/→ (the user could not leave a 1 s loop but with Esc); Shift-←/→ seek in
  /// each, paused or not.
  func testOnALoopOrPausedArrowsPageAndShiftArrowsSeek() {
    let (gif, assets) = detail(at: 2)
    gif.send(.detail(.togglePlayback), effects: [stream(assets[2], loops: true, token: 1)]) {
      $0.detail.lastPlaybackToken = 1
      $0.detail.playback = self.playing(assets[2], token: 1, duration: nil)
    }
    gif.send(
      .detail(.seek(forward: true)),
      effects: [.stopPlayback(token: 1), stream(assets[2], loops: true, token: 2, from: 5000)]
    ) {
      $0.detail.lastPlaybackToken = 2
      $0.detail.playback?.token = 2
      $0.detail.playback?.positionMilliseconds = 5000
    }
    // → pages on a loop: the stream stops, the photo before the GIF is no neighbour now.
    gif.send(.move(.right), effects: [.stopPlayback(token: 2), .cancelImage(fitted(assets[1]))]) {
      $0.selectedIndex = 3
      $0.detail.playback = nil
      $0.images[self.fitted(assets[1])] = nil
    }

    let (paused, _) = detail(at: 1)
    playVideo(paused, assets[1])
    paused.send(.detail(.togglePlayback), effects: [.pausePlayback(token: 1, paused: true)]) {
      $0.detail.playback?.isPaused = true
    }
    // A seek keeps a paused clip paused.
    paused.send(
      .detail(.seek(forward: true)),
      effects: [
        .stopPlayback(token: 1),
        stream(assets[1], path: "/photos/clip.mp4", token: 2, from: 5000, paused: true),
      ]
    ) {
      $0.detail.lastPlaybackToken = 2
      $0.detail.playback?.token = 2
      $0.detail.playback?.positionMilliseconds = 5000
    }
    // ← pages while paused.
    paused.send(.move(.left), effects: [.stopPlayback(token: 2), .cancelImage(fitted(assets[2]))]) {
      $0.selectedIndex = 0
      $0.detail.playback = nil
      $0.images[self.fitted(assets[2])] = nil
    }

    let (short, shortAssets) = detail(at: 1) { $0[1].duration = 1.5 }
    short.send(
      .detail(.togglePlayback),
      effects: [stream(shortAssets[1], path: "/photos/clip.mp4", token: 1)]
    ) {
      $0.detail.lastPlaybackToken = 1
      $0.detail.playback = self.playing(shortAssets[1], token: 1, duration: 1500)
    }
    // → pages on a clip shorter than a seek step.
    short.send(
      .move(.right),
      effects: [
        .stopPlayback(token: 1), .cancelImage(fitted(shortAssets[0])),
        .loadImage(photo(shortAssets[3], .neighbour)),
      ]
    ) {
      $0.selectedIndex = 2
      $0.detail.playback = nil
      $0.images[self.fitted(shortAssets[0])] = nil
      $0.images[self.fitted(shortAssets[3])] = .loading
    }

    // Shift-→ on a still does nothing.
    let (still, _) = detail(at: 0)
    still.send(.detail(.seek(forward: true)))
    let (video, _) = detail(at: 1)
    video.send(.detail(.seek(forward: true))) {
      $0.message = "p plays it; Shift-← → seek while it plays"
    }
  }

  func testLeavingThePhotoStopsPlaybackAtOnce() {
    // Esc: the grid's tiles (14×7 cells) are asked for, the photo's images dropped.
    var (store, assets) = detail(at: 1)
    playVideo(store, assets[1])
    let tile = PixelSize(width: 14, height: 14)
    let detailKeys = [0, 1, 2].map { fitted(assets[$0]) }
    let strip = assets.map { ImageKey(asset: $0.id, size: thumbnail, fit: .fill) }
    let tiles = assets.map { request($0, size: tile, fit: .fill, .visible) }
    store.send(
      .back,
      effects: [.stopPlayback(token: 1)]
        + [
          strip[0], detailKeys[0], strip[1], detailKeys[1], strip[2], detailKeys[2], strip[3],
        ].map(Effect.cancelImage) + tiles.map(Effect.loadImage)
    ) {
      $0.screen = .grid
      $0.detail.playback = nil
      $0.images = Dictionary(uniqueKeysWithValues: tiles.map { ($0.key, .loading) })
      $0.prefetching = []
    }
    XCTAssertNil(store.state.playbackFrameKey)

    // ↓ pages like →.
    (store, assets) = detail(at: 1)
    playVideo(store, assets[1])
    store.send(
      .move(.down),
      effects: [
        .stopPlayback(token: 1), .cancelImage(fitted(assets[0])),
        .loadImage(photo(assets[3], .neighbour)),
      ]
    ) {
      $0.selectedIndex = 2
      $0.detail.playback = nil
      $0.images[self.fitted(assets[0])] = nil
      $0.images[self.fitted(assets[3])] = .loading
    }
    XCTAssertNil(store.state.playbackFrameKey)

    // + zooms in: the frames are for the fitted photo; the zoomed region and the minimap
    // are asked for.
    (store, assets) = detail(at: 1)
    playVideo(store, assets[1])
    let fit = min(80.0 / 4032, 34.0 / 3024)
    let region = ImageKey(
      asset: assets[1].id, size: PixelSize(width: 64, height: 34), fit: .fit,
      region: ImageRegion(x: 0, y: 443, width: 4032, height: 2138))
    let minimap = ImageKey(
      asset: assets[1].id, size: PixelSize(width: 13, height: 10), fit: .fit,
      outline: region.region)
    store.send(
      .detail(.zoomIn),
      effects: [
        .stopPlayback(token: 1),
        .loadImage(
          ImageRequest(
            key: region, path: assets[1].path, format: .video, orientation: .up,
            priority: .visible, bestQuality: true, storedSize: assets[1].storedPixelSize)),
        .loadImage(
          ImageRequest(
            key: minimap, path: assets[1].path, format: .video, orientation: .up,
            priority: .visible, bestQuality: true, storedSize: assets[1].storedPixelSize)),
      ]
    ) {
      $0.detail.zoom = fit * 2.0.squareRoot()
      $0.detail.centerX = 2016
      $0.detail.centerY = 1512
      $0.detail.playback = nil
      $0.images[region] = .loading
      $0.images[minimap] = .loading
    }
    XCTAssertNil(store.state.playbackFrameKey)

    // Another tab: the list of albums, where the Recents card's cover (the newest photo,
    // 20×8 cells) is asked for; the Library keeps its place for the way back.
    (store, assets) = detail(at: 1)
    playVideo(store, assets[1])
    let recents = request(assets[3], size: PixelSize(width: 20, height: 16), fit: .fill, .visible)
    store.send(
      .showTab(.albums),
      effects: [.stopPlayback(token: 1)]
        + [
          strip[0], detailKeys[0], strip[1], detailKeys[1], strip[2], detailKeys[2], strip[3],
        ].map(Effect.cancelImage) + [.loadImage(recents)]
    ) {
      $0.tab = .albums
      $0.screen = .grid
      $0.savedPositions[.library] = SavedPosition(selected: assets[1].id, topRow: 0)
      $0.assets = []
      $0.selectedIndex = 0
      $0.gridTopRow = .max  // no saved place: a grid opens at its bottom
      $0.detail.playback = nil
      $0.images = [recents.key: .loading]
      $0.prefetching = []
    }
    XCTAssertNil(store.state.playbackFrameKey)
  }

  func testTheEndKeepsTheLastFrameAndPPlaysAgain() {
    let (store, assets) = detail(at: 1)
    let clip = assets[1]
    playVideo(store, clip)
    store.send(.detail(.playbackFrame(token: 1, frame: 5, milliseconds: 41_900))) {
      $0.detail.playback?.frame = 5
      $0.detail.playback?.positionMilliseconds = 41_900
    }
    store.send(.detail(.playbackEnded(token: 1))) {
      $0.detail.playback?.hasEnded = true
      $0.detail.playback?.isPaused = true
      $0.detail.playback?.positionMilliseconds = 42_000
    }
    XCTAssertNotNil(store.state.playbackFrameKey)
    // p again: a new stream from the start; the last frame stays until its first.
    store.send(
      .detail(.togglePlayback),
      effects: [.stopPlayback(token: 1), stream(clip, path: "/photos/clip.mp4", token: 2)]
    ) {
      $0.detail.lastPlaybackToken = 2
      $0.detail.playback = self.playing(clip, token: 2, duration: 42_000)
      $0.detail.playback?.frame = 5
    }
  }

  func testAGIFLoopsAndALivePhotoPlaysItsMovieOnceThenShowsTheStill() {
    let (gif, assets) = detail(at: 2)
    gif.send(.detail(.togglePlayback), effects: [stream(assets[2], loops: true, token: 1)]) {
      $0.detail.lastPlaybackToken = 1
      $0.detail.playback = self.playing(assets[2], token: 1, duration: nil)
    }
    let (live, _) = detail(at: 3)
    live.send(
      .detail(.togglePlayback), effects: [stream(assets[3], path: "/photos/live.mov", token: 1)]
    ) {
      $0.detail.lastPlaybackToken = 1
      $0.detail.playback = self.playing(assets[3], token: 1, duration: 2500)
    }
    live.send(.detail(.playbackFrame(token: 1, frame: 0, milliseconds: 0))) {
      $0.detail.playback?.frame = 0
    }
    // The still is back.
    live.send(.detail(.playbackEnded(token: 1))) { $0.detail.playback = nil }
  }

  /// An AVIF sequence (issue 33) plays through FFmpeg, in a loop like a GIF.
  func testAnAVIFSequencePlaysInALoop() {
    let (store, assets) = detail(at: 2) {
      $0[2].format = .avifSequence
      $0[2].path = "/photos/sequence.avif"
      $0[2].duration = 10
    }
    store.send(
      .detail(.togglePlayback),
      effects: [stream(assets[2], path: "/photos/sequence.avif", loops: true, token: 1)]
    ) {
      $0.detail.lastPlaybackToken = 1
      $0.detail.playback = self.playing(assets[2], token: 1, duration: nil)
    }
    XCTAssertNil(store.state.message)
  }

  /// A HEIF sequence is flagged animated, but libheif 1.15 decodes none of its frames.
  func testAHEIFSequenceSaysWhyItDoesNotPlay() {
    let (store, assets) = detail(at: 2) { $0[2].format = .heic }
    store.send(.detail(.togglePlayback)) {
      $0.message =
        "\(assets[2].fileName): this FFmpeg cannot play animated HEIC (first frame shown)"
    }
  }

  func testAStillHasNothingToPlayAndAFailureIsOneLine() {
    let (still, assets) = detail(at: 0)
    still.send(.detail(.togglePlayback)) {
      $0.message = "Nothing to play: \(assets[0].fileName) is a still photo"
    }
    let (video, _) = detail(at: 1)
    playVideo(video, assets[1])
    video.send(
      .detail(
        .playbackFailed(token: 1, reason: "decoder crashed on clip.mp4 (signal 11)"))
    ) {
      $0.detail.playback = nil
      $0.message = "Cannot play: decoder crashed on clip.mp4 (signal 11)"
      $0.messageIsError = true
    }
  }

  func testAResizeRestartsTheStreamWhereItWasAtTheNewSize() {
    let (store, assets) = detail(at: 1)
    let clip = assets[1]
    playVideo(store, clip)
    store.send(.detail(.playbackFrame(token: 1, frame: 60, milliseconds: 2000))) {
      $0.detail.playback?.frame = 60
      $0.detail.playback?.positionMilliseconds = 2000
    }
    // 120×40 cells: the photo's area is 120×33 cells, 120×66 pixels; the thumbnails keep
    // their size. The old size's frame is not drawn at the new size.
    let large = PixelSize(width: 120, height: 66)
    store.send(
      .resized(TerminalSize(columns: 120, rows: 40)),
      effects: [
        .stopPlayback(token: 1),
        stream(clip, path: "/photos/clip.mp4", token: 2, from: 2000, size: large),
        .cancelImage(fitted(assets[0])), .cancelImage(fitted(assets[1])),
        .cancelImage(fitted(assets[2])),
        .loadImage(photo(assets[1], size: large)),
        .loadImage(photo(assets[2], .neighbour, size: large)),
        .loadImage(photo(assets[0], .neighbour, size: large)),
      ]
    ) {
      $0.terminal = TerminalSize(columns: 120, rows: 40)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 7)  // 7 tiles a row now
      $0.detail.lastPlaybackToken = 2
      $0.detail.playback = self.playing(clip, token: 2, from: 2000, duration: 42_000)
      $0.detail.playback?.size = large
      for i in 0...2 {
        $0.images[self.fitted(assets[i])] = nil
        $0.images[self.fitted(assets[i], size: large)] = .loading
      }
    }
    XCTAssertNil(store.state.playbackFrameKey, "the old size's frame is not drawn at the new size")
  }
}
