/// The detail view's loupe and its bars.
public enum DetailAction: Hashable, Sendable {
  /// +: zoom in by √2 about the centre of the view.
  case zoomIn
  /// -: zoom out by √2; at the fitted size it stays there.
  case zoomOut
  /// 0: the whole photo again.
  case fit
  /// =: one image pixel per screen pixel.
  case actualSize
  /// F: fill the view (cropping the photo's overflow), or back to fit.
  case toggleFill
  /// c: hide or show the title bar, filmstrip and status line.
  case toggleChrome
  /// S: start a slideshow from the selected photo (from a grid too); while one runs, pause
  /// or resume it.
  case slideshow
  /// [: each photo shown a second less.
  case slideshowFaster
  /// ]: each photo shown a second more.
  case slideshowSlower
  /// The slideshow's timer fired (the effect `.scheduleTick`).
  case slideshowTick(Int)
  /// p: play the video, Live Photo or animated image shown; pause or resume it; after its
  /// end, play it again.
  case togglePlayback
  /// Shift-←/→: five seconds back or on in the clip playing or paused.
  case seek(forward: Bool)
  /// A stream's frame is in the picture cache (`frame`), showing `milliseconds` into the
  /// clip.
  case playbackFrame(token: Int, frame: Int, milliseconds: Int)
  /// A stream reached the clip's end.
  case playbackEnded(token: Int)
  /// A stream could not go on (one line).
  case playbackFailed(token: Int, reason: String)
}
