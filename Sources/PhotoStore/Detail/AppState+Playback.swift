import PhotoModel

extension AppState {
  /// What p plays for `asset`: a video itself, a Live Photo's movie, an animated GIF or
  /// WebP or an AVIF sequence (in a loop); nil for a still. A HEIF sequence (or an AVIF
  /// still with a sequence inside) is flagged but libheif 1.15 (Debian 12) decodes none of
  /// its frames, so it is not offered (see DECISIONS.md).
  public static func playableClip(of asset: Asset) -> (path: String, loops: Bool, seconds: Double?)?
  {
    if asset.format == .video { return (asset.path, false, asset.duration) }
    if let movie = asset.liveMovie { return (movie.path, false, movie.duration) }
    if asset.format == .avifSequence
      || asset.isAnimated && (asset.format == .gif || asset.format == .webp)
    {
      return (asset.path, true, nil)
    }
    return nil
  }

  /// p in the detail view: play the clip shown, pause or resume it, or play it again from
  /// the start after its end.
  mutating func togglePlayback() -> [Effect] {
    guard screen == .detail, let asset = selectedAsset else { return [] }
    if let effects = detail.togglePause(of: asset.id) { return effects }
    guard let clip = Self.playableClip(of: asset) else {
      message =
        asset.isAnimated
        ? "\(asset.fileName): this FFmpeg cannot play animated \(asset.format.label) (first frame shown)"
        : "Nothing to play: \(asset.fileName) is a still photo"
      return []
    }
    let stopping = detail.playback.map { [Effect.stopPlayback(token: $0.token)] } ?? []
    detail.zoom = nil
    return stopping + startPlayback(asset: asset, clip: clip, at: 0, paused: false)
  }

  /// A new stream of `asset`'s clip from `milliseconds`, fitted to the view now.
  private mutating func startPlayback(
    asset: Asset, clip: (path: String, loops: Bool, seconds: Double?), at milliseconds: Int,
    paused: Bool
  ) -> [Effect] {
    guard let key = fittedKey(forIndex: selectedIndex), !key.size.isEmpty else { return [] }
    let token = detail.nextPlaybackToken()
    let duration = clip.seconds.map { Int(($0 * 1000).rounded()) }
    var playback = Playback(
      asset: asset.id, token: token, positionMilliseconds: milliseconds,
      durationMilliseconds: duration, size: key.size, isPaused: paused)
    // The frame on screen stays until the new stream's first one replaces it.
    if let old = detail.playback, old.asset == asset.id, old.size == key.size {
      playback.frame = old.frame
    }
    detail.playback = playback
    message = nil
    return [
      .startPlayback(
        PlaybackRequest(
          token: token, path: clip.path, key: key, startMilliseconds: milliseconds,
          loops: clip.loops, paused: paused))
    ]
  }

  /// ←/→ while a clip plays: five seconds back or on (within the clip), in a new stream.
  mutating func seekPlayback(forward: Bool) -> [Effect] {
    guard let playback = detail.playback, let asset = selectedAsset,
      let clip = Self.playableClip(of: asset)
    else { return [] }
    let step = forward ? Playback.seekMilliseconds : -Playback.seekMilliseconds
    var target = max(0, playback.positionMilliseconds + step)
    if let duration = playback.durationMilliseconds {
      // Not past the end: the last second still plays.
      target = min(target, max(0, duration - 1000))
    }
    return [.stopPlayback(token: playback.token)]
      + startPlayback(asset: asset, clip: clip, at: target, paused: playback.isPaused)
  }

  /// After every action: playback belongs to one photo at the fitted size. Leaving it (or
  /// zooming) stops the stream at once; a new size (a resize, the info panel) restarts it
  /// where it was.
  mutating func settlePlayback() -> [Effect] {
    guard let playback = detail.playback else { return [] }
    guard screen == .detail, detail.zoom == nil, let asset = selectedAsset,
      asset.id == playback.asset, let clip = Self.playableClip(of: asset)
    else {
      detail.playback = nil
      return [.stopPlayback(token: playback.token)]
    }
    guard let key = fittedKey(forIndex: selectedIndex), key.size != playback.size,
      !playback.hasEnded
    else { return [] }
    detail.playback?.frame = nil
    return [.stopPlayback(token: playback.token)]
      + startPlayback(
        asset: asset, clip: clip, at: playback.positionMilliseconds, paused: playback.isPaused)
  }

  /// A stream's news: a frame shown, the end, or a failure (on the status line).
  mutating func receivePlayback(_ news: DetailAction) {
    let isLivePhoto = selectedAsset?.liveMovie != nil
    guard let reason = detail.receive(news, isLivePhoto: isLivePhoto) else { return }
    message = "Cannot play: \(reason)"
    messageIsError = true
  }

  /// The key of the frame on screen while a clip plays in the detail view.
  public var playbackFrameKey: ImageKey? {
    guard screen == .detail, let playback = detail.playback, let frame = playback.frame,
      selectedAsset?.id == playback.asset, var key = fittedKey(forIndex: selectedIndex)
    else { return nil }
    key.frame = frame
    return key
  }
}
