import PhotoModel

/// Reads format, size, EXIF and PNG metadata from the head of a file.
///
/// CONTRACT STUB: replaced by the real reader.
public enum MetadataReader {
  /// The reader never looks further than this into a file.
  public static let maxHeaderBytes = 128 * 1024

  /// Reads the metadata of the bytes of a file's head (hostile input never traps).
  public static func read(bytes: [UInt8]) -> PhotoMetadata {
    PhotoMetadata()
  }

  /// Reads at most `maxHeaderBytes` of the file at `path`.
  public static func read(contentsOf path: String) -> Result<PhotoMetadata, MetadataError> {
    .failure(MetadataError(reason: "not implemented"))
  }
}

/// Why metadata could not be read, as one line for the status bar.
public struct MetadataError: Error, Equatable, Sendable {
  public let reason: String
  public init(reason: String) { self.reason = reason }
}
