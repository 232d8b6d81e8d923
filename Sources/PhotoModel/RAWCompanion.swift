/// The RAW half of a RAW+JPEG pair: the library shows the JPEG (or HEIF) and keeps the RAW
/// with it, so it is listed in the info panel and goes to the Trash with it.
public struct RAWCompanion: Hashable, Sendable {
  public var id: AssetID
  public var path: String
  public var byteSize: Int64

  public init(id: AssetID, path: String, byteSize: Int64) {
    self.id = id
    self.path = path
    self.byteSize = byteSize
  }

  /// The last path component.
  public var fileName: String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
