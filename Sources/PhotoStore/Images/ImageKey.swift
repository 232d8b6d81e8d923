import PhotoModel

/// How an image request is fitted into its pixel box.
public enum ImageFit: String, Hashable, Sendable {
  /// The whole photo inside the box (detail view).
  case fit
  /// The box filled and centre-cropped (square grid tiles, as Photos draws them).
  case fill
}

/// The identity of one image request: which photo, at what pixel size and fit. Results
/// carry the key back, and the reducer drops results whose key is no longer wanted.
public struct ImageKey: Hashable, Sendable, CustomStringConvertible {
  public var asset: AssetID
  public var size: PixelSize
  public var fit: ImageFit
  /// Only this part of the photo, scaled to `size` (a zoomed detail view).
  public var region: ImageRegion?
  /// The whole photo with this part of it framed (the zoomed view's minimap).
  public var outline: ImageRegion?
  /// The user's quarter turns clockwise (`Asset.userRotation`): a rotated photo is a new
  /// picture, so every picture of it is made again.
  public var rotation: Int
  /// A frame of the clip playing in the detail view (never requested: the player puts
  /// frames in the picture cache itself).
  public var frame: Int?
  /// The world map's picture: `region` of the base map with these clusters drawn in
  /// (`AppState.mapPictureRequest`); nil for every photo.
  public var markers: [MapMarker]?
  /// A person's face (fractions of the upright photo) a card's cover is cropped around;
  /// nil for the whole photo.
  public var crop: FaceArea?

  public init(
    asset: AssetID, size: PixelSize, fit: ImageFit, region: ImageRegion? = nil,
    outline: ImageRegion? = nil, rotation: Int = 0, frame: Int? = nil, markers: [MapMarker]? = nil,
    crop: FaceArea? = nil
  ) {
    self.asset = asset
    self.size = size
    self.fit = fit
    self.region = region
    self.outline = outline
    self.rotation = rotation
    self.frame = frame
    self.markers = markers
    self.crop = crop
  }

  public var description: String {
    var text = "\(asset)@\(size)/\(fit.rawValue)"
    if let region { text += " region \(region)" }
    if let outline { text += " outline \(outline)" }
    if rotation != 0 { text += " turned \(rotation * 90)°" }
    if let frame { text += " frame \(frame)" }
    if let crop {
      let parts = [crop.x, crop.y, crop.width, crop.height].map { Int(($0 * 1000).rounded()) }
      text += " face \(parts.map(String.init).joined(separator: ","))‰"
    }
    if let markers { text += " map \(markers.map(\.description).joined(separator: " "))" }
    return text
  }
}

/// Where the work for an image request ranks: lower runs first.
public enum ImagePriority: Int, Hashable, Sendable, Comparable {
  /// On screen now.
  case visible = 0
  /// The detail view's neighbours, so paging is instant.
  case neighbour = 1
  /// Just off-screen.
  case prefetch = 2

  public static func < (lhs: ImagePriority, rhs: ImagePriority) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// Everything the effect runner needs to produce an image, so it keeps no state of its own
/// about assets.
public struct ImageRequest: Hashable, Sendable {
  public var key: ImageKey
  public var path: String
  public var format: MediaFormat
  public var orientation: Orientation
  public var priority: ImagePriority
  /// Fast decode (thumbnails) or best quality (the detail view).
  public var bestQuality: Bool
  /// The EXIF embedded thumbnail, shown first when nothing better is at hand.
  public var exifThumbnail: Range<Int>?
  /// The stored pixel size of the photo (to match the thumbnail's aspect).
  public var storedSize: PixelSize?

  /// The user's quarter turns clockwise, applied after the file's own orientation.
  public var rotation: Int { key.rotation }

  /// The file's orientation with the user's rotation on top.
  public var displayOrientation: Orientation { orientation.rotatedClockwise(by: rotation) }

  public init(
    key: ImageKey, path: String, format: MediaFormat, orientation: Orientation,
    priority: ImagePriority, bestQuality: Bool, exifThumbnail: Range<Int>? = nil,
    storedSize: PixelSize? = nil
  ) {
    self.key = key
    self.path = path
    self.format = format
    self.orientation = orientation
    self.priority = priority
    self.bestQuality = bestQuality
    self.exifThumbnail = exifThumbnail
    self.storedSize = storedSize
  }
}

/// Where an image request stands.
public enum ImageStatus: Hashable, Sendable {
  case loading
  /// A first, rougher picture (the EXIF thumbnail) is drawn; the real one is on its way.
  case preview
  case ready
  case failed(String)
}
