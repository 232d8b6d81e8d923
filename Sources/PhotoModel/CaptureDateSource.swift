/// Where a photo's capture date came from, best first.
public enum CaptureDateSource: String, Sendable, Codable, Hashable {
  /// EXIF DateTimeOriginal (with OffsetTimeOriginal when present).
  case exif
  /// A PNG eXIf chunk or tEXt/iTXt "Creation Time".
  case pngText
  /// A date in the file name (`IMG_20240813_102201`, `Screenshot 2024-08-13 at 10.22.01`…).
  case fileName
  /// The file's modification time (no better source).
  case fileModification
}
