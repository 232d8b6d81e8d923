/// Where a photo's capture date came from, best first.
///
/// The raw values are stored in the catalog and printed by `lightbox info --json`; new
/// cases may be added, existing ones never renamed.
public enum CaptureDateSource: String, Sendable, Codable, Hashable, CaseIterable {
  /// EXIF DateTimeOriginal (with OffsetTimeOriginal when present).
  case exif
  /// A PNG eXIf chunk or tEXt/iTXt "Creation Time".
  case pngText
  /// EXIF CreateDate (DateTimeDigitized, 0x9004), with OffsetTimeDigitized.
  case exifCreateDate
  /// XMP photoshop:DateCreated, xmp:CreateDate or exif:DateTimeOriginal, in that order.
  case xmp
  /// EXIF GPSDateStamp and GPSTimeStamp: UTC, so the offset is +00:00.
  case gps
  /// EXIF IFD0 ModifyDate (DateTime, 0x0132), with OffsetTime: the last resort inside the
  /// file, since editors rewrite it.
  case exifModifyDate
  /// A QuickTime movie's `com.apple.quicktime.creationdate` (moov/meta keys), with the
  /// offset it is written with (iPhone videos).
  case quickTimeCreationDate
  /// A MP4/QuickTime movie header's creation time (`mvhd`): UTC, shown in the local time
  /// zone of the machine that indexed it.
  case movieCreationTime
  /// An AVI's recording date (`IDIT` chunk, else the `INFO` list's `ICRD`): the camera's
  /// wall clock with no time zone, like EXIF DateTimeOriginal.
  case aviRecordingDate
  /// The photo's XMP sidecar (`exif:DateTimeOriginal`, `xmp:CreateDate`,
  /// `photoshop:DateCreated`): where a RAW's date fix goes, so it wins over the file's own.
  case xmpSidecar
  /// A date in the file name (`IMG_20240813_102201`, `Screenshot 2024-08-13 at 10.22.01`…).
  case fileName
  /// The file's modification time (no better source).
  case fileModification

  /// The field in words, for the info panel ("EXIF DateTimeOriginal").
  public var fieldName: String {
    switch self {
    case .exif: "EXIF DateTimeOriginal"
    case .pngText: "PNG text chunk"
    case .exifCreateDate: "EXIF CreateDate"
    case .xmp: "XMP date created"
    case .gps: "GPS date and time (UTC)"
    case .exifModifyDate: "EXIF ModifyDate"
    case .quickTimeCreationDate: "QuickTime creation date"
    case .movieCreationTime: "movie header creation time (UTC)"
    case .aviRecordingDate: "AVI recording date"
    case .xmpSidecar: "XMP sidecar"
    case .fileName: "the file name"
    case .fileModification: "the file's modification time"
    }
  }
}
