#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Pixels
import PhotoModel

/// The small JPEG a camera embeds in its EXIF block (typically 160×120), decoded upright:
/// the fastest picture a grid tile can show for a camera photo (well under a millisecond).
///
/// The byte range comes from the metadata reader (`PhotoMetadata.exifThumbnail`).
public enum ExifThumbnail {
  /// Embedded thumbnails larger than this are refused (the APP1 segment that holds them is
  /// at most 64 KB, so a bigger declared size is a hostile header).
  public static let maxPixels = 4_000_000

  /// Decodes `fileBytes[range]`, applies `orientation`, and, when `storedSize` (the main
  /// image's stored size) is given, crops the black bands cameras add to fit a 3:2 or 16:9
  /// photo into a 4:3 thumbnail.
  public static func decode(
    fileBytes: [UInt8], range: Range<Int>, orientation: Orientation,
    storedSize: PixelSize? = nil
  ) -> Result<Bitmap, ImageError> {
    guard range.lowerBound >= 0, range.upperBound <= fileBytes.count, range.count >= 4 else {
      return .failure(
        ImageError("EXIF thumbnail range \(range) lies outside the \(fileBytes.count) bytes read"))
    }
    return decode(jpeg: Array(fileBytes[range]), orientation: orientation, storedSize: storedSize)
  }

  /// Reads only the first `range.upperBound` bytes of the file at `path`, then decodes as
  /// `decode(fileBytes:range:orientation:storedSize:)`.
  public static func decode(
    path: String, range: Range<Int>, orientation: Orientation, storedSize: PixelSize? = nil
  ) -> Result<Bitmap, ImageError> {
    guard range.lowerBound >= 0, range.count >= 4, range.upperBound <= 1 << 24 else {
      return .failure(ImageError("EXIF thumbnail range \(range) is not plausible"))
    }
    return ImageFile.prefix(atPath: path, count: range.upperBound).flatMap { bytes in
      decode(fileBytes: bytes, range: range, orientation: orientation, storedSize: storedSize)
    }
  }

  /// Decodes the thumbnail's own JPEG bytes (starting with SOI).
  public static func decode(jpeg: [UInt8], orientation: Orientation, storedSize: PixelSize?)
    -> Result<Bitmap, ImageError>
  {
    guard ImageDecoder.format(of: jpeg) == .jpeg else {
      return .failure(ImageError("EXIF thumbnail is not a JPEG"))
    }
    // Full size: the thumbnail is already small, and the target only has to be larger.
    let options = DecodeOptions(
      target: PixelSize(width: 1 << 16, height: 1 << 16), mode: .fit, quality: .fast,
      orientation: .up, maxPixels: maxPixels)
    return JPEGDecoder.decode(jpeg, options: options).map { bitmap in
      var stored = bitmap
      if let storedSize { stored = cropBands(stored, toAspectOf: storedSize) }
      return stored.applying(orientation)
    }
  }

  /// `bitmap` without the uniform dark bands that pad it to a different aspect than the
  /// main image; unchanged when the aspects agree or the would-be bands hold picture.
  static func cropBands(_ bitmap: Bitmap, toAspectOf main: PixelSize) -> Bitmap {
    guard !main.isEmpty, bitmap.width > 0, bitmap.height > 0 else { return bitmap }
    let w = bitmap.width
    let h = bitmap.height
    // Content height if the width is full, content width if the height is full.
    let contentH = (w * main.height + main.width / 2) / main.width
    let contentW = (h * main.width + main.height / 2) / main.height
    if contentH < h - 1 {
      let top = (h - contentH) / 2
      let bottom = h - contentH - top
      // One row next to the picture is left unchecked: JPEG blocks blur band into image.
      guard isDarkBand(bitmap, x: 0, y: 0, width: w, height: top - 1),
        isDarkBand(bitmap, x: 0, y: h - bottom + 1, width: w, height: bottom - 1)
      else { return bitmap }
      return bitmap.cropped(x: 0, y: top, width: w, height: contentH)
    }
    if contentW < w - 1 {
      let left = (w - contentW) / 2
      let right = w - contentW - left
      guard isDarkBand(bitmap, x: 0, y: 0, width: left - 1, height: h),
        isDarkBand(bitmap, x: w - right + 1, y: 0, width: right - 1, height: h)
      else { return bitmap }
      return bitmap.cropped(x: left, y: 0, width: contentW, height: h)
    }
    return bitmap
  }

  /// True when every pixel of the rectangle is near black (JPEG noise allowed).
  private static func isDarkBand(_ bitmap: Bitmap, x: Int, y: Int, width: Int, height: Int)
    -> Bool
  {
    if width <= 0 || height <= 0 { return true }
    var dark = 0
    var total = 0
    for row in y..<(y + height) {
      for col in x..<(x + width) {
        let c = bitmap.rgb(x: col, y: row)
        total += 1
        if Int(c.r) + Int(c.g) + Int(c.b) <= 3 * 24 { dark += 1 }
      }
    }
    return dark * 100 >= total * 98
  }
}
