import Pixels
import PhotoModel

/// One terminal cell of a half-block picture: `▀` with the upper pixel as foreground and the
/// lower pixel as background.
public struct HalfBlockCell: Hashable, Sendable {
  public var top: RGB
  public var bottom: RGB

  public init(top: RGB, bottom: RGB) {
    self.top = top
    self.bottom = bottom
  }
}
