/// EXIF orientation (TIFF tag 0x0112): how the stored pixels must be turned to be upright.
public enum Orientation: Int, Sendable, Codable, CaseIterable, Hashable {
  /// 1: stored upright.
  case up = 1
  /// 2: mirrored left-right.
  case upMirrored = 2
  /// 3: rotated 180°.
  case down = 3
  /// 4: mirrored top-bottom.
  case downMirrored = 4
  /// 5: mirrored along the main diagonal (transpose).
  case leftMirrored = 5
  /// 6: must be turned 90° clockwise to be upright.
  case right = 6
  /// 7: mirrored along the anti-diagonal (transverse).
  case rightMirrored = 7
  /// 8: must be turned 90° counter-clockwise to be upright.
  case left = 8

  /// The orientation for an EXIF value; values outside 1…8 are treated as upright.
  public init(exifValue: Int?) {
    self = exifValue.flatMap(Orientation.init(rawValue:)) ?? .up
  }

  /// True when applying the orientation exchanges width and height.
  public var swapsDimensions: Bool { rawValue >= 5 }

  /// The upright size of an image whose stored size is `stored`.
  public func displaySize(ofStored stored: PixelSize) -> PixelSize {
    swapsDimensions ? stored.transposed : stored
  }
}
