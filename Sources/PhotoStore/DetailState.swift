/// The detail view as a loupe: how far it is zoomed in, where, and whether the bars show.
public struct DetailState: Hashable, Sendable {
  /// Screen pixels per image pixel; nil: the whole photo fits the view.
  public var zoom: Double?
  /// The image point (displayed pixels) at the centre of the view while zoomed.
  public var centerX: Double
  public var centerY: Double
  /// True when `c` hid the title bar, filmstrip and status line. The photo keeps its place.
  public var chromeHidden: Bool

  /// Fitted, bars shown.
  public init() {
    zoom = nil
    centerX = 0
    centerY = 0
    chromeHidden = false
  }
}
