import PhotoModel

/// Finds a capture date in a file name (`IMG_20240813_102201.jpg`, …).
///
/// CONTRACT STUB: replaced by the real parser.
public enum FileNameDateParser {
  /// The date written in `fileName`, with source `.fileName`, or nil.
  public static func captureDate(fromFileName fileName: String) -> CaptureDate? { nil }
}
