/// One photo (or other media file) in the library: what the timeline, the views and the
/// image pipeline need to know about it.
public struct Asset: Hashable, Sendable, Identifiable {
  public var id: AssetID
  /// Absolute path of the file.
  public var path: String
  /// Size of the file in bytes.
  public var byteSize: Int64
  /// Modification time, seconds since the epoch.
  public var modificationTime: Int64
  public var format: MediaFormat
  /// Stored pixel size (before orientation), when the header could be read.
  public var storedPixelSize: PixelSize?
  public var orientation: Orientation
  public var captureDate: CaptureDate
  public var cameraMake: String?
  public var cameraModel: String?

  public init(
    id: AssetID, path: String, byteSize: Int64, modificationTime: Int64, format: MediaFormat,
    storedPixelSize: PixelSize?, orientation: Orientation, captureDate: CaptureDate,
    cameraMake: String? = nil, cameraModel: String? = nil
  ) {
    self.id = id
    self.path = path
    self.byteSize = byteSize
    self.modificationTime = modificationTime
    self.format = format
    self.storedPixelSize = storedPixelSize
    self.orientation = orientation
    self.captureDate = captureDate
    self.cameraMake = cameraMake
    self.cameraModel = cameraModel
  }

  /// The last path component.
  public var fileName: String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The upright pixel size (orientation applied), when known.
  public var displayPixelSize: PixelSize? {
    storedPixelSize.map { orientation.displaySize(ofStored: $0) }
  }
}
