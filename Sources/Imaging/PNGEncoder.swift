/// Writes PNG files with libpng.
///
/// CONTRACT STUB: replaced by the real encoder.
public enum PNGEncoder {
  /// Encodes a bitmap as 8-bit RGBA (or RGB when opaque) with tEXt chunks in order.
  public static func encode(_ bitmap: Bitmap, text: [(key: String, value: String)] = [])
    -> Result<[UInt8], ImageError>
  {
    .failure(ImageError("not implemented"))
  }
}
