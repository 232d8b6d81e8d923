import Pixels
import PhotoMetadata
import PhotoModel

/// Decodes still images (JPEG, PNG, HEIF/AVIF, WebP, GIF, TIFF, RAW previews), videos'
/// poster frames and AVIF sequences' first frames into bitmaps of a requested size.
///
/// The pipeline: format from content (magic bytes) → pixel budget checked against the
/// header before anything large is allocated → decode (JPEG scaled in the DCT to the
/// smallest size that still covers the request) → alpha composited onto the background →
/// resized to the target in stored orientation → EXIF orientation applied. The result is
/// always opaque RGBA.
///
/// Every format decodes here only through the `Decoders` SPI, which the decode worker
/// imports (`@_spi(Decoders) import Decoders`; `scripts/check-layout` allows no other
/// module to): a risky format decoded in the browser's or a command's own process would
/// take it down with the decoder. Everyone else has `decodeInProcess`, JPEG and PNG only.
public enum ImageDecoder {
  /// Decodes the file at `path`: format from content, scaled, oriented, resized.
  ///
  /// Only regular files are read (checked before opening, so a FIFO never blocks), and
  /// files over 512 MB are refused. A video is never read whole: FFmpeg reads what the
  /// poster frame needs. An AVIF sequence is FFmpeg's too (its movie track; libheif 1.15
  /// reads no tracks), and its poster is its first frame, as for an animated GIF.
  @_spi(Decoders)
  public static func decode(path: String, options: DecodeOptions) -> Result<Bitmap, ImageError> {
    if case .success(let head) = ImageFile.prefix(atPath: path, count: 64),
      let format = FormatSniffer.format(of: head), format.decodesAsMovie
    {
      if options.target.isEmpty {
        return .failure(ImageError("invalid target size \(options.target)"))
      }
      return VideoPosterDecoder.decode(
        path: path, options: options, fromStart: format == .avifSequence)
    }
    return ImageFile.contents(atPath: path).flatMap { decode(data: $0, options: options) }
  }

  /// Decodes bytes already in memory.
  @_spi(Decoders)
  public static func decode(data: [UInt8], options: DecodeOptions) -> Result<Bitmap, ImageError> {
    if options.target.isEmpty {
      return .failure(ImageError("invalid target size \(options.target)"))
    }
    let decoded: Result<DecodedImage, ImageError>
    switch format(of: data) {
    case .jpeg:
      decoded = JPEGDecoder.decodePreferringDCScans(data, options: options).map {
        DecodedImage(bitmap: $0, profile: ICCProfile.jpeg(data))
      }
    case .png:
      decoded = PNGDecoder.decode(data, options: options).map {
        DecodedImage(bitmap: $0, profile: ICCProfile.png(data))
      }
    case .heic, .avif: decoded = HEIFDecoder.decode(data, options: options)
    case .webp: decoded = WebPDecoder.decode(data, options: options)
    case .gif: decoded = GIFDecoder.decode(data, options: options)
    case .tiff: decoded = TIFFDecoder.decode(data, options: options)
    case .raw: decoded = RAWPreviewDecoder.decode(data, options: options)
    case .video, .avifSequence:
      // Poster frames come from the file (`decode(path:)`): a demuxer seeks in it.
      return .failure(ImageError("a video is decoded from its file, not from memory"))
    case nil:
      return .failure(ImageError(data.isEmpty ? "empty file" : "not an image Lightbox decodes"))
    }
    return decoded.map { finish($0, options: options) }
  }

  /// The size a JPEG of stored size `stored` is decoded to for `options` (TurboJPEG's
  /// smallest scaling factor that covers the target), before orientation and resampling.
  public static func scaledJPEGSize(stored: PixelSize, options: DecodeOptions) -> PixelSize {
    JPEGDecoder.scaledSize(stored: stored, options: options)
  }

  /// The decodable format of `data` from its first bytes (content, never the name), or
  /// nil.
  ///
  /// A PNG signature damaged by a text-mode transfer (CR/LF rewritten) still counts as PNG
  /// so that libpng can say exactly that.
  public static func format(of data: [UInt8]) -> MediaFormat? {
    if data.count >= 4 && data[0] == 0x89 && data[1] == 0x50 && data[2] == 0x4E
      && data[3] == 0x47
    {
      return .png
    }
    guard let format = FormatSniffer.format(of: data), format.isDecodable else { return nil }
    return format
  }

  /// Resizes a decoded image to the target in sRGB and turns it upright (unless its format
  /// already did). Resizing first means the colour transform and the orientation move
  /// only the small result.
  static func finish(_ decoded: DecodedImage, options: DecodeOptions) -> Bitmap {
    let orientation = decoded.isUpright ? .up : options.orientation
    let box = orientation.swapsDimensions ? options.target.transposed : options.target
    var fitted: Bitmap
    if let shown = decoded.shownSize, options.mode == .fit {
      fitted = decoded.bitmap.resized(to: Bitmap.fittedSize(of: shown, into: box, mode: .fit))
    } else {
      fitted = decoded.bitmap.fitted(into: box, mode: options.mode)
    }
    if let profile = decoded.profile { ColorConversion.toSRGB(&fitted, from: profile) }
    var upright = fitted.applying(orientation)
    upright.damage = decoded.bitmap.damage
    return upright
  }
}
