#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import PhotoMetadata
import PhotoModel

/// The capture date order of the library: the file's own metadata (EXIF DateTimeOriginal,
/// PNG text, EXIF CreateDate, XMP, GPS, EXIF ModifyDate; see `PhotoMetadata.captureDate`),
/// else a date in the file name, else the modification time in this machine's time zone.
public enum CaptureDateFallback {
  /// The capture date of a file named `fileName` (last component) with this metadata.
  public static func captureDate(
    metadata: PhotoMetadata?, fileName: String, modificationTime: Int64
  ) -> CaptureDate {
    metadata?.captureDate ?? FileNameDateParser.captureDate(fromFileName: fileName)
      ?? localDate(epochSeconds: modificationTime)
  }

  /// The local wall-clock date of an instant in this machine's time zone, with its offset.
  public static func localDate(epochSeconds: Int64) -> CaptureDate {
    var t = time_t(clamping: epochSeconds)
    var parts = tm()
    if localtime_r(&t, &parts) == nil { parts.tm_gmtoff = 0 }
    return CaptureDate(
      epochSeconds: epochSeconds, utcOffsetSeconds: Int(parts.tm_gmtoff), recordOffset: true,
      source: .fileModification)
  }
}
