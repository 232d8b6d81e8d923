import PhotoModel

/// Decodes JPEG and PNG files into bitmaps of a requested size.
///
/// The pipeline: format from content (magic bytes) → pixel budget checked against the
/// header before anything large is allocated → decode (JPEG scaled in the DCT to the
/// smallest size that still covers the request) → alpha composited onto the background →
/// resized to the target in stored orientation → EXIF orientation applied. The result is
/// always opaque RGBA.
public enum ImageDecoder {
  /// Decodes the file at `path`: format from content, scaled, oriented, resized.
  ///
  /// Only regular files are read (checked before opening, so a FIFO never blocks), and
  /// files over 512 MB are refused.
  public static func decode(path: String, options: DecodeOptions) -> Result<Bitmap, ImageError> {
    ImageFile.contents(atPath: path).flatMap { decode(data: $0, options: options) }
  }

  /// Decodes bytes already in memory.
  public static func decode(data: [UInt8], options: DecodeOptions) -> Result<Bitmap, ImageError> {
    if options.target.isEmpty {
      return .failure(ImageError("invalid target size \(options.target)"))
    }
    let decoded: Result<Bitmap, ImageError>
    switch format(of: data) {
    case .jpeg: decoded = JPEGDecoder.decodePreferringDCScans(data, options: options)
    case .png: decoded = PNGDecoder.decode(data, options: options)
    default:
      return .failure(ImageError(data.isEmpty ? "empty file" : "not a JPEG or PNG file"))
    }
    return decoded.map { finish($0, options: options) }
  }

  /// The size a JPEG of stored size `stored` is decoded to for `options` (TurboJPEG's
  /// smallest scaling factor that covers the target), before orientation and resampling.
  public static func scaledJPEGSize(stored: PixelSize, options: DecodeOptions) -> PixelSize {
    JPEGDecoder.scaledSize(stored: stored, options: options)
  }

  /// The decodable format of `data` from its first bytes, or nil.
  ///
  /// A PNG signature damaged by a text-mode transfer (CR/LF rewritten) still counts as PNG
  /// so that libpng can say exactly that.
  public static func format(of data: [UInt8]) -> MediaFormat? {
    if data.count >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF { return .jpeg }
    if data.count >= 4 && data[0] == 0x89 && data[1] == 0x50 && data[2] == 0x4E
      && data[3] == 0x47
    {
      return .png
    }
    return nil
  }

  /// Resizes a decoded bitmap (stored orientation) to the target and turns it upright.
  /// Resizing first means orientation moves only the small result.
  static func finish(_ bitmap: Bitmap, options: DecodeOptions) -> Bitmap {
    let orientation = options.orientation
    let box = orientation.swapsDimensions ? options.target.transposed : options.target
    return bitmap.fitted(into: box, mode: options.mode).applying(orientation)
  }
}
