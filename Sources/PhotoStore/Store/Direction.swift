/// A cursor movement.
public enum Direction: Hashable, Sendable {
  case left, right, up, down
  case pageUp, pageDown
  /// Home / g: the first photo.
  case first
  /// End / G: the last (newest) photo.
  case last
}
