import PhotoModel
import Pixels

/// What a format decoder hands back before fitting: the pixels at the decoded size, where
/// their colours are defined, and whether the format already turned them upright.
struct DecodedImage: Sendable {
  /// Opaque RGBA at the decoded size.
  var bitmap: Bitmap
  /// The colour space of the pixels when it is not sRGB (nil: sRGB or untagged).
  var profile: ColorSource?
  /// True when the format applied its own orientation (HEIF's transformations, TIFF's
  /// and RAW previews'), so the caller's EXIF orientation must not be applied again.
  var isUpright: Bool
  /// The size of the picture `bitmap` stands for when it was decoded shrunk by whole blocks
  /// (a HEIF's planes averaged, `HEIFDecoder.reducedPixels`), the last partial blocks cut
  /// away: a `.fit` takes its size from this one, so a reduced decode comes out at the size a
  /// whole one does. Nil: the bitmap's own size.
  var shownSize: PixelSize?

  init(
    bitmap: Bitmap, profile: ColorSource? = nil, isUpright: Bool = false,
    shownSize: PixelSize? = nil
  ) {
    self.bitmap = bitmap
    self.profile = profile
    self.isUpright = isUpright
    self.shownSize = shownSize
  }
}
