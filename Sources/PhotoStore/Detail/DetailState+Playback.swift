import PhotoModel

extension DetailState {
  /// A playing stream's news: a frame shown, the end, or a failure (returned, for the
  /// status line). News of older streams is ignored. A Live Photo's movie (`isLivePhoto`)
  /// plays once and gives the still back, as in Photos.
  mutating func receive(_ news: DetailAction, isLivePhoto: Bool) -> String? {
    switch news {
    case .playbackFrame(let token, let frame, let milliseconds):
      guard playback?.token == token else { return nil }
      playback?.frame = frame
      playback?.positionMilliseconds = milliseconds
    case .playbackEnded(let token):
      guard var ended = playback, ended.token == token else { return nil }
      guard !isLivePhoto else {
        playback = nil
        return nil
      }
      ended.hasEnded = true
      ended.isPaused = true
      if let duration = ended.durationMilliseconds { ended.positionMilliseconds = duration }
      playback = ended
    case .playbackFailed(let token, let reason):
      guard playback?.token == token else { return nil }
      playback = nil
      return reason
    default:
      break
    }
    return nil
  }

  /// p on the clip that plays: pauses or resumes its stream; nil when no stream of
  /// `asset` is running (none, another photo's, or one that ended).
  mutating func togglePause(of asset: AssetID) -> [Effect]? {
    guard var running = playback, running.asset == asset, !running.hasEnded else { return nil }
    running.isPaused.toggle()
    playback = running
    return [.pausePlayback(token: running.token, paused: running.isPaused)]
  }

  /// A new stream's token: never one an older stream had.
  mutating func nextPlaybackToken() -> Int {
    lastPlaybackToken += 1
    return lastPlaybackToken
  }
}
