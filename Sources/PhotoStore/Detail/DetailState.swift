/// The detail view as a loupe: how far it is zoomed in, where, and whether the bars show.
public struct DetailState: Hashable, Sendable {
  /// Screen pixels per image pixel; nil: the whole photo fits the view.
  public var zoom: Double?
  /// The image point (displayed pixels) at the centre of the view while zoomed.
  public var centerX: Double
  public var centerY: Double
  /// True when `c` hid the title bar, filmstrip and status line. The photo keeps its place.
  public var chromeHidden: Bool
  /// The slideshow, while one runs.
  public var slideshow: Slideshow?
  /// Seconds per photo when a slideshow starts (`slideshow-seconds` in config.toml).
  public var slideshowSeconds: Int
  /// The last tick handed out, so a new show never takes an old show's tick.
  public var lastTick: Int
  /// The clip playing in the detail view (p), while one does.
  public var playback: Playback?
  /// The last playback stream handed out, so frames of an older stream are never shown.
  public var lastPlaybackToken: Int

  /// Fitted, bars shown, no slideshow.
  public init() {
    zoom = nil
    centerX = 0
    centerY = 0
    chromeHidden = false
    slideshow = nil
    slideshowSeconds = 4
    lastTick = 0
    playback = nil
    lastPlaybackToken = 0
  }
}
