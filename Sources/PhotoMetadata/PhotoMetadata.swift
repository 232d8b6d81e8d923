import PhotoModel

/// What the metadata reader finds in the first bytes of an image file.
///
/// CONTRACT (filled in by the metadata work): field names and meanings are fixed; the
/// reader may add fields.
public struct PhotoMetadata: Sendable, Equatable {
  /// Format recognised from content.
  public var format: MediaFormat?
  /// Stored pixel size (JPEG SOF, PNG IHDR…), before orientation.
  public var pixelSize: PixelSize?
  /// IFD0 Orientation exactly as stored (may be out of range: 0, 9…).
  public var exifOrientation: Int?
  /// EXIF DateTimeOriginal exactly as written ("2024:08:13 10:22:01"), when present.
  public var dateTimeOriginal: String?
  /// The parsed capture date from the file's own metadata (EXIF, PNG text); nil when the
  /// file has none or only an invalid one (`0000:00:00 00:00:00`).
  public var captureDate: CaptureDate?
  public var cameraMake: String?
  public var cameraModel: String?
  public var lensModel: String?
  /// Byte range of the EXIF embedded JPEG thumbnail within the file.
  public var exifThumbnail: Range<Int>?

  public init() {}

  /// The orientation to apply (out-of-range values are upright).
  public var orientation: Orientation { Orientation(exifValue: exifOrientation) }
}
