import PhotoModel

/// Decodes JPEG and PNG files into bitmaps of a requested size.
///
/// CONTRACT STUB: replaced by the real pipeline.
public enum ImageDecoder {
  /// Decodes the file at `path`: format from content, scaled, oriented, resized.
  public static func decode(path: String, options: DecodeOptions) -> Result<Bitmap, ImageError> {
    .failure(ImageError("not implemented"))
  }

  /// Decodes bytes already in memory.
  public static func decode(data: [UInt8], options: DecodeOptions) -> Result<Bitmap, ImageError> {
    .failure(ImageError("not implemented"))
  }
}
