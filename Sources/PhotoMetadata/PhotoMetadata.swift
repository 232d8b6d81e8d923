import PhotoModel

/// What the metadata reader finds in the first bytes of an image file.
///
/// Field names and meanings are a contract with the other modules; fields may be added.
public struct PhotoMetadata: Sendable, Equatable {
  /// Format recognised from content.
  public var format: MediaFormat?
  /// Stored pixel size (JPEG SOF, PNG IHDR…), before orientation; for HEIF/AVIF the
  /// displayed size (see `orientation`); for RAW files the largest embedded preview's.
  public var pixelSize: PixelSize?
  /// IFD0 Orientation exactly as stored (may be out of range: 0, 9…).
  public var exifOrientation: Int?
  /// EXIF DateTimeOriginal exactly as written ("2024:08:13 10:22:01"), when present. For a
  /// video: its movie header's creation time in UTC in the same layout (as exiftool and the
  /// corpus give it).
  ///
  /// Only the terminating NULs are removed: odd values such as `0000:00:00 00:00:00` or a
  /// run of spaces and colons are kept verbatim, as exiftool reports them.
  public var dateTimeOriginal: String?
  /// The file ends before its format's end marker (a PNG without IEND at its end); set by
  /// whoever can read the file's end (`FileIndexing`), never from the head alone.
  public var isTruncated = false
  /// The parsed capture date from the file's own metadata (EXIF DateTimeOriginal, PNG text,
  /// EXIF CreateDate, XMP, GPS, EXIF ModifyDate: the first valid one; its `source` says
  /// which); nil when the file has none or only invalid ones (`0000:00:00 00:00:00`).
  public var captureDate: CaptureDate?
  /// IFD0 Make, trailing NULs and spaces trimmed.
  public var cameraMake: String?
  /// IFD0 Model, trailing NULs and spaces trimmed.
  public var cameraModel: String?
  /// EXIF LensModel (0xA434), trailing NULs and spaces trimmed.
  public var lensModel: String?
  /// Byte range of the EXIF embedded JPEG thumbnail within the file.
  ///
  /// Only set when the whole range lies inside the bytes the reader saw and starts with
  /// the JPEG SOI marker, so a caller can slice the head it already has.
  public var exifThumbnail: Range<Int>?
  /// Exposure settings from the EXIF IFD, nil when none is recorded.
  public var exposure: ExposureInfo?
  /// Position from the EXIF GPS IFD, nil when absent or unusable.
  public var gps: GPSCoordinate?
  /// Apple's content identifier of a still (MakerNote tag 0x0011), which the movie of the
  /// same Live Photo carries too (`VideoInfo.contentIdentifier`); nil elsewhere.
  public var contentIdentifier: String?
  /// Duration, codec, frame rate and rotation of a video (nil for stills); `pixelSize` is
  /// then the displayed size (rotation applied).
  public var video: VideoInfo?

  public init() {}

  /// The orientation to apply (out-of-range values are upright). HEIF and AVIF files are
  /// always upright here: their own transformations (`irot`, `imir`) are applied by the
  /// decoder and `pixelSize` is already the displayed size; an EXIF Orientation inside
  /// them is informational (the HEIF rules; what libheif, Apple and browsers do).
  public var orientation: Orientation {
    switch format {
    case .heic, .avif, .avifSequence, .video: .up
    default: Orientation(exifValue: exifOrientation)
    }
  }
}
