import PhotoModel

/// A clip playing (or paused, or ended) in the detail view: a video, a Live Photo's movie
/// or an animated image.
public struct Playback: Hashable, Sendable {
  /// The library item whose clip plays (the still of a Live Photo).
  public var asset: AssetID
  /// The stream the frames belong to; frames of an older stream (before a seek or a
  /// resize) are ignored.
  public var token: Int
  public var isPaused: Bool
  /// The clip reached its end (the last frame stays; p plays it again).
  public var hasEnded: Bool
  /// Where the clip is: the last frame shown, or where a seek asked to go.
  public var positionMilliseconds: Int
  /// The clip's length, when known (animated images loop and have none).
  public var durationMilliseconds: Int?
  /// The last frame shown (the picture cache holds it under the still's key with this
  /// frame number); nil until the first arrives, while the still stays on screen.
  public var frame: Int?
  /// The pixel box the frames are made for: a new one (a resize, the info panel) restarts
  /// the stream.
  public var size: PixelSize

  public init(
    asset: AssetID, token: Int, positionMilliseconds: Int, durationMilliseconds: Int?,
    size: PixelSize, isPaused: Bool = false
  ) {
    self.asset = asset
    self.token = token
    self.isPaused = isPaused
    self.hasEnded = false
    self.positionMilliseconds = positionMilliseconds
    self.durationMilliseconds = durationMilliseconds
    self.frame = nil
    self.size = size
  }

  /// How far ←/→ seek while playing.
  public static let seekMilliseconds = 5000

  /// True when ←/→ seek rather than page: playing (not paused or ended) a clip known to be
  /// longer than a seek step. A GIF's loop (its length unknown, mostly a second or two) or
  /// a paused clip pages, as the user expected; Shift-←/→ always seek.
  public var arrowsSeek: Bool {
    !isPaused && !hasEnded && (durationMilliseconds ?? 0) > Self.seekMilliseconds
  }
}

/// What the effect runner needs to stream a clip's frames into the picture cache.
public struct PlaybackRequest: Hashable, Sendable {
  public var token: Int
  /// The file to play: a video, a Live Photo's movie, an animated image.
  public var path: String
  /// The still's key in the detail view: frames are cached under it with `frame` set.
  public var key: ImageKey
  public var startMilliseconds: Int
  /// Start again at the end (animated images).
  public var loops: Bool
  /// Show the first frame, then wait for `.resumePlayback`.
  public var paused: Bool

  public init(
    token: Int, path: String, key: ImageKey, startMilliseconds: Int, loops: Bool,
    paused: Bool = false
  ) {
    self.token = token
    self.path = path
    self.key = key
    self.startMilliseconds = startMilliseconds
    self.loops = loops
    self.paused = paused
  }
}
