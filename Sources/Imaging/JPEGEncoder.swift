/// Writes JPEG files with libjpeg-turbo.
///
/// CONTRACT STUB: replaced by the real encoder.
public enum JPEGEncoder {
  /// Encodes an opaque bitmap at `quality` (1…100); `exif` is a TIFF structure (starting with
  /// "II*\0" or "MM\0*") written as an APP1 "Exif\0\0" segment right after SOI.
  public static func encode(_ bitmap: Bitmap, quality: Int, exif: [UInt8]? = nil)
    -> Result<[UInt8], ImageError>
  {
    .failure(ImageError("not implemented"))
  }
}
