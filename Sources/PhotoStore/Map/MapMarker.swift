/// A cluster as the map's picture draws it: a dot at a pixel of the picture, with its count
/// in a label beside it (the picture carries them, since a terminal paints pictures over
/// text: sixel in xterm, iTerm2, kitty through tmux).
public struct MapMarker: Hashable, Sendable, CustomStringConvertible {
  /// The centre, in pixels from the picture's top left.
  public var x: Int
  public var y: Int
  public var count: Int
  public var isSelected: Bool

  public init(x: Int, y: Int, count: Int, isSelected: Bool) {
    self.x = x
    self.y = y
    self.count = count
    self.isSelected = isSelected
  }

  public var description: String { "\(count)@\(x),\(y)" + (isSelected ? "*" : "") }
}
