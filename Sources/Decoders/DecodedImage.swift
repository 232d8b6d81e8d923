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

  init(bitmap: Bitmap, profile: ColorSource? = nil, isUpright: Bool = false) {
    self.bitmap = bitmap
    self.profile = profile
    self.isUpright = isUpright
  }
}
