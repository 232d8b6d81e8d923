/// A rectangle of a photo in its displayed pixels (after its orientation): what a zoomed
/// detail view shows, or what its minimap frames.
public struct ImageRegion: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var description: String { "\(x),\(y)+\(width)x\(height)" }
}
