/// A file shown as part of another photo: the RAW of a RAW+JPEG pair, or the movie of a Live
/// Photo. The library shows the still in front and keeps this file with it, so it is listed
/// in the info panel and goes to the Trash (and comes back), into albums and into Favorites
/// with it.
public struct CompanionFile: Hashable, Sendable {
  public var id: AssetID
  public var path: String
  public var byteSize: Int64
  /// What the file is (`.raw` for a RAW+JPEG pair, `.video` for a Live Photo's movie).
  public var format: MediaFormat
  /// A movie's length in seconds; nil for a RAW.
  public var duration: Double?

  public init(
    id: AssetID, path: String, byteSize: Int64, format: MediaFormat = .raw,
    duration: Double? = nil
  ) {
    self.id = id
    self.path = path
    self.byteSize = byteSize
    self.format = format
    self.duration = duration
  }

  /// The last path component.
  public var fileName: String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
