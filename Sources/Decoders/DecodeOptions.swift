import Pixels
import PhotoModel

/// Speed against fidelity.
public enum DecodeQuality: String, Sendable, Hashable, Codable {
  /// Fast DCT and upsampling, for thumbnails.
  case fast
  /// Accurate DCT and fancy upsampling, for the detail view.
  case best
}

/// What a caller wants from a decode.
public struct DecodeOptions: Sendable, Hashable {
  /// The target size in pixels (after orientation).
  public var target: PixelSize
  public var mode: ResizeMode
  public var quality: DecodeQuality
  /// EXIF orientation to apply (read by the caller from the metadata).
  public var orientation: Orientation
  /// Colour that transparent pixels are composited onto.
  public var background: RGB
  /// Images with more pixels than this are refused before allocating.
  public var maxPixels: Int
  /// JPEGs that libjpeg can only decode by holding every DCT coefficient (progressive ones)
  /// are refused when those arrays would be larger than this: a 650 KB progressive file can
  /// declare 144 MP and take 300 MB at any scale.
  public var maxCoefficientBytes = 384 << 20

  public init(
    target: PixelSize, mode: ResizeMode = .fit, quality: DecodeQuality = .fast,
    orientation: Orientation = .up, background: RGB = .black, maxPixels: Int = 200_000_000
  ) {
    self.target = target
    self.mode = mode
    self.quality = quality
    self.orientation = orientation
    self.background = background
    self.maxPixels = maxPixels
  }
}
