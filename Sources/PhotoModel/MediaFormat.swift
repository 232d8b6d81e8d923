/// A file format, recognised from content (magic bytes), not from the file name.
public enum MediaFormat: String, Sendable, Codable, CaseIterable, Hashable {
  case jpeg
  case png
  case gif
  case webp
  case heic
  case tiff
  case raw
  case video

  /// True for the formats this build can decode into pixels.
  public var isDecodable: Bool { self != .video }

  /// A short upper-case label for the status line ("JPEG").
  public var label: String { rawValue.uppercased() }
}
