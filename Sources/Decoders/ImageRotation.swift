import Pixels
import CTurboJPEG
import PhotoModel

/// A turn of a photo as the user sees it, in quarter turns clockwise: what `lightbox rotate`
/// and the browser's rotate keys ask for.
public enum ImageRotation: Int, Sendable, Hashable, CaseIterable {
  /// 90° clockwise.
  case clockwise = 1
  /// 180°.
  case halfTurn = 2
  /// 90° anticlockwise (270° clockwise).
  case anticlockwise = 3

  /// The turn of `quarterTurns` × 90° clockwise (any integer), or nil for a whole number of
  /// full turns.
  public init?(quarterTurns: Int) {
    self.init(rawValue: ((quarterTurns % 4) + 4) % 4)
  }

  /// Quarter turns clockwise (1, 2 or 3).
  public var quarterTurns: Int { rawValue }

  /// Degrees clockwise, as jpegtran's `-rotate` takes them (90, 180, 270).
  public var degrees: Int { rawValue * 90 }

  /// The turn that undoes this one.
  public var inverse: ImageRotation { ImageRotation(quarterTurns: -rawValue) ?? self }

  /// TurboJPEG's transform for turning the stored pixels by this much.
  var transformOperation: Int32 {
    switch self {
    case .clockwise: Int32(TJXOP_ROT90.rawValue)
    case .halfTurn: Int32(TJXOP_ROT180.rawValue)
    case .anticlockwise: Int32(TJXOP_ROT270.rawValue)
    }
  }
}
