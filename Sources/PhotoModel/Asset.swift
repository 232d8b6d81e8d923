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
  /// EXIF LensModel, when recorded.
  public var lensModel: String?
  /// The favorite flag (the Favorites album is the set of flagged photos).
  public var isFavorite: Bool
  /// Hidden from the timeline (shown only in the Hidden album).
  public var isHidden: Bool
  /// Where it was taken (EXIF GPS), signed decimal degrees, when recorded.
  public var latitude: Double?
  public var longitude: Double?
  /// The path's exact bytes when they are not valid UTF-8 (`path` then holds U+FFFD in
  /// their place and cannot be opened); nil for every ordinary path.
  public var pathBytes: [UInt8]?
  /// Byte range of the EXIF embedded JPEG thumbnail in the file, when it has one.
  public var exifThumbnail: Range<Int>?
  /// How it was exposed (EXIF), when recorded.
  public var exposure: Exposure?
  /// When the library first saw the file, seconds since the epoch (the Imports album).
  public var addedAt: Int64
  /// More than one frame (GIF or APNG), when the header says so.
  public var isAnimated: Bool
  /// The camera RAW file shot with this JPEG or HEIF (same folder, same name but for the
  /// extension), shown as one photo with it; nil for a photo without one.
  public var rawCompanion: CompanionFile?
  /// The movie of a Live Photo (Apple's content identifier in both files, else the same
  /// folder and stem and capture times within 2 s), shown as one item with this still; nil
  /// for a photo without one.
  public var liveMovie: CompanionFile?
  /// Apple's content identifier (a Live Photo's still and movie share it), when recorded.
  public var contentIdentifier: String?
  /// A video's length in seconds (from its container's header); nil for stills.
  public var duration: Double?
  /// Quarter turns clockwise (0…3) the user added (`<` / `>`), kept in the catalog; the file
  /// is not touched.
  public var userRotation: Int

  public init(
    id: AssetID, path: String, byteSize: Int64, modificationTime: Int64, format: MediaFormat,
    storedPixelSize: PixelSize?, orientation: Orientation, captureDate: CaptureDate,
    cameraMake: String? = nil, cameraModel: String? = nil, lensModel: String? = nil,
    isFavorite: Bool = false, isHidden: Bool = false, latitude: Double? = nil,
    longitude: Double? = nil, pathBytes: [UInt8]? = nil, exifThumbnail: Range<Int>? = nil,
    exposure: Exposure? = nil, addedAt: Int64 = 0, isAnimated: Bool = false,
    duration: Double? = nil, userRotation: Int = 0, contentIdentifier: String? = nil
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
    self.lensModel = lensModel
    self.isFavorite = isFavorite
    self.isHidden = isHidden
    self.latitude = latitude
    self.longitude = longitude
    self.pathBytes = pathBytes
    self.exifThumbnail = exifThumbnail
    self.exposure = exposure
    self.addedAt = addedAt
    self.isAnimated = isAnimated
    self.duration = duration
    self.userRotation = userRotation
    self.contentIdentifier = contentIdentifier
  }

  /// The files shown as part of this photo (its RAW, its Live Photo movie), which go where
  /// it goes.
  public var companions: [CompanionFile] { [rawCompanion, liveMovie].compactMap { $0 } }

  /// The last path component.
  public var fileName: String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The file name's UTF-8 bytes (after the last `/`), for matching without a new string.
  public var fileNameBytes: ArraySlice<UInt8> {
    // Only the name is copied (it runs for every photo on each library load), not the path.
    let utf8 = path.utf8
    let start = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) }
    return Array(utf8[(start ?? utf8.startIndex)...])[...]
  }

  /// The file's orientation with the user's rotation on top: how the photo is shown.
  public var displayOrientation: Orientation { orientation.rotatedClockwise(by: userRotation) }

  /// The pixel size as shown (orientation and the user's rotation applied), when known.
  public var displayPixelSize: PixelSize? {
    storedPixelSize.map { displayOrientation.displaySize(ofStored: $0) }
  }
}
