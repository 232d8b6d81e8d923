import Pixels
import PhotoModel

/// A turn the user asks for (`ImageRotation`) combined with a file's orientation (the
/// algebra is in PhotoModel's `Orientation+Rotation`).
extension Orientation {
  /// The orientation that shows the picture this one shows, turned by `rotation` as seen.
  public func rotated(by rotation: ImageRotation) -> Orientation {
    Orientation(quarterTurns: quarterTurns + rotation.quarterTurns, mirrored: isMirrored)
  }

  /// How the stored pixels must turn so that, with this orientation kept, the picture seen
  /// turns by `rotation`: the same turn, except that a mirror reverses its direction
  /// (mirror ∘ turn = reverse turn ∘ mirror).
  public func storedRotation(for rotation: ImageRotation) -> ImageRotation {
    isMirrored ? rotation.inverse : rotation
  }
}
