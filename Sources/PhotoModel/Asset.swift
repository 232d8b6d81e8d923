/// One photo (or other media file) in the library: what the timeline, the views and the
/// image pipeline need to know about it.
public struct Asset: Hashable, Sendable, Identifiable {
  public var id: AssetID
  /// Absolute path of the file.
  public var path: String {
    didSet { refreshMediaTypes() }
  }
  /// Size of the file in bytes.
  public var byteSize: Int64
  /// Modification time, seconds since the epoch.
  public var modificationTime: Int64
  /// When the library first saw the file, seconds since the epoch (the Imports album).
  public var addedAt: Int64
  /// Everything optional and seldom read (`AssetDetails`), out of line; nil when empty.
  /// (The stored fields are declared widest first: padding between them was 24 bytes.)
  private var details: AssetDetails?
  /// Stored pixel size (before orientation), when the header could be read.
  public var storedPixelSize: PixelSize? {
    get {
      packedWidth == Self.noWidth
        ? nil : PixelSize(width: Int(packedWidth), height: Int(packedHeight))
    }
    set {
      if let newValue {
        packedWidth = min(UInt32(clamping: newValue.width), Self.noWidth - 1)
        packedHeight = UInt32(clamping: newValue.height)
      } else {
        (packedWidth, packedHeight) = (Self.noWidth, 0)
      }
      refreshMediaTypes()
    }
  }
  /// `storedPixelSize` in 8 bytes (a `PixelSize?` is 17 and made the asset 104 bytes, 96
  /// without: 8 MB at a million photos, issue 32 §6); a width of `noWidth` is none. A side
  /// past 4 billion pixels (or below 0), which no image has, is kept as the nearest that fits.
  private var packedWidth: UInt32 = Asset.noWidth
  private var packedHeight: UInt32 = 0
  private static let noWidth = UInt32.max
  public var format: MediaFormat {
    didSet { refreshMediaTypes() }
  }
  public var orientation: Orientation {
    didSet { refreshMediaTypes() }
  }
  public var captureDate: CaptureDate
  public var cameraMake: String? {
    get { details?.cameraMake }
    set { setDetail(\.cameraMake, newValue) }
  }
  public var cameraModel: String? {
    get { details?.cameraModel }
    set { setDetail(\.cameraModel, newValue) }
  }
  /// EXIF LensModel, when recorded.
  public var lensModel: String? {
    get { details?.lensModel }
    set { setDetail(\.lensModel, newValue) }
  }
  /// The favorite flag (the Favorites album is the set of flagged photos).
  public var isFavorite: Bool
  /// Hidden from the timeline (shown only in the Hidden album).
  public var isHidden: Bool
  /// Where it was taken (EXIF GPS), signed decimal degrees, when recorded.
  public var latitude: Double? {
    get { details?.latitude }
    set { setDetail(\.latitude, newValue) }
  }
  public var longitude: Double? {
    get { details?.longitude }
    set { setDetail(\.longitude, newValue) }
  }
  /// Where it was taken in words (town, region, country), when its position has a place
  /// and the place table is installed.
  public var place: PhotoPlace? {
    get { details?.place }
    set { setDetail(\.place, newValue) }
  }
  /// `place`'s slot (`PhotoPlace.slot`), 0 for none: what counting and grouping by place
  /// read, without looking the place up.
  public var placeSlot: UInt32 { details?.placeSlot ?? 0 }
  /// The path's exact bytes when they are not valid UTF-8 (`path` then holds U+FFFD in
  /// their place and cannot be opened); nil for every ordinary path.
  public var pathBytes: [UInt8]? {
    get { details?.pathBytes }
    set { setDetail(\.pathBytes, newValue) }
  }
  /// Byte range of the EXIF embedded JPEG thumbnail in the file, when it has one.
  public var exifThumbnail: Range<Int>? {
    get { details?.exifThumbnail }
    set { setDetail(\.exifThumbnail, newValue) }
  }
  /// How it was exposed (EXIF), when recorded.
  public var exposure: Exposure? {
    get { details?.exposure }
    set { setDetail(\.exposure, newValue) }
  }
  /// More than one frame (GIF or APNG), when the header says so.
  public var isAnimated: Bool {
    didSet { refreshMediaTypes() }
  }
  /// The file ends before its format's end (a PNG without its closing IEND chunk: a broken
  /// download): it belongs to no media type by its looks (issue 33 item 19).
  public var isTruncated: Bool = false {
    didSet { refreshMediaTypes() }
  }
  /// The camera RAW file shot with this JPEG or HEIF (same folder, same name but for the
  /// extension), shown as one photo with it; nil for a photo without one.
  public var rawCompanion: CompanionFile? {
    get { details?.companionFiles?.raw }
    set {
      setDetail(\.companionFiles, .holding(raw: newValue, live: liveMovie))
    }
  }
  /// The movie of a Live Photo (Apple's content identifier in both files, else the same
  /// folder and stem and capture times within 2 s), shown as one item with this still; nil
  /// for a photo without one.
  public var liveMovie: CompanionFile? {
    get { details?.companionFiles?.live }
    set {
      setDetail(\.companionFiles, .holding(raw: rawCompanion, live: newValue))
    }
  }
  /// Apple's content identifier (a Live Photo's still and movie share it), when recorded.
  public var contentIdentifier: String? {
    get { details?.contentIdentifier }
    set { setDetail(\.contentIdentifier, newValue) }
  }
  /// A video's length in seconds (from its container's header); nil for stills.
  public var duration: Double? {
    get { details?.duration }
    set { setDetail(\.duration, newValue) }
  }
  /// A video's container and codec, read from the file ("MP4 · h264", "MOV · hevc"); nil
  /// for stills and for videos indexed before it was recorded.
  public var videoFormat: String? {
    get { details?.videoFormat }
    set { setDetail(\.videoFormat, newValue) }
  }
  /// The format as the info panel names it: a video's container and codec when known (not
  /// "VIDEO"), else the format's label.
  public var formatLabel: String { videoFormat ?? format.label }
  /// Quarter turns clockwise (0…3) the user added (`<` / `>`), kept in the catalog; the file
  /// is not touched.
  public var userRotation: Int {
    get { Int(storedRotation & 3) }
    set {
      storedRotation = (storedRotation & ~3) | UInt8(truncatingIfNeeded: newValue & 3)
      refreshMediaTypes()
    }
  }
  /// The XMP rating (`xmp:Rating`): 1 to 5 stars, 0 unrated, −1 rejected; 0 when the photo's
  /// XMP has none. Kept in the rotation's byte (a million photos hold no extra word for it).
  public var rating: Int {
    get { Int(storedRotation >> 2) - 1 }
    set {
      let clamped = UInt8(min(max(newValue, -1), 5) + 1)
      storedRotation = (storedRotation & 3) | (clamped << 2)
    }
  }
  /// True when the photo is rejected (`rating` −1).
  public var isRejected: Bool { rating < 0 }
  /// `userRotation` (bits 0–1, 0…3) and `rating` + 1 (bits 2–4, 0…6) in one byte; starts at
  /// rating 0.
  private var storedRotation: UInt8 = 1 << 2
  /// The media types it belongs to (`MediaType.bit`), worked out when a field they read
  /// changes: the Albums tab's counts and a type search read them for every photo on each
  /// library load, which matching names there made most of the load (perf,
  /// `lightbox-bench ui`).
  public private(set) var mediaTypeBits: UInt8 = 0

  public init(
    id: AssetID, path: String, byteSize: Int64, modificationTime: Int64, format: MediaFormat,
    storedPixelSize: PixelSize?, orientation: Orientation, captureDate: CaptureDate,
    cameraMake: String? = nil, cameraModel: String? = nil, lensModel: String? = nil,
    isFavorite: Bool = false, isHidden: Bool = false, latitude: Double? = nil,
    longitude: Double? = nil, pathBytes: [UInt8]? = nil, exifThumbnail: Range<Int>? = nil,
    exposure: Exposure? = nil, addedAt: Int64 = 0, isAnimated: Bool = false,
    duration: Double? = nil, userRotation: Int = 0, contentIdentifier: String? = nil,
    place: PhotoPlace? = nil, rating: Int = 0
  ) {
    self.id = id
    self.path = path
    self.byteSize = byteSize
    self.modificationTime = modificationTime
    self.format = format
    self.orientation = orientation
    self.captureDate = captureDate
    self.isFavorite = isFavorite
    self.isHidden = isHidden
    self.addedAt = addedAt
    self.isAnimated = isAnimated
    self.storedPixelSize = storedPixelSize
    self.userRotation = userRotation
    self.rating = rating
    var values = AssetDetails.Values()
    values.cameraMake = cameraMake
    values.cameraModel = cameraModel
    values.lensModel = lensModel
    values.latitude = latitude
    values.longitude = longitude
    values.pathBytes = pathBytes
    values.exifThumbnail = exifThumbnail
    values.exposure = exposure
    values.duration = duration
    values.contentIdentifier = contentIdentifier
    values.place = place
    self.details = AssetDetails.holding(values)
    refreshMediaTypes()
  }

  /// Sets one of the out-of-line fields (a new `AssetDetails`: they are shared).
  private mutating func setDetail<Value>(
    _ field: WritableKeyPath<AssetDetails.Values, Value>, _ value: Value
  ) {
    var values = details?.values ?? AssetDetails.Values()
    values[keyPath: field] = value
    details = AssetDetails.holding(values)
    refreshMediaTypes()
  }

  /// Works `mediaTypeBits` out again after a field it reads changed.
  private mutating func refreshMediaTypes() {
    mediaTypeBits = MediaType.bits(of: self)
  }

  /// The shared make, model and lens, for `SearchIndex` (which keeps each camera once).
  var cameraNames: CameraNames? { details?.camera }

  /// The files shown as part of this photo (its RAW, its Live Photo movie), which go where
  /// it goes.
  public var companions: [CompanionFile] { [rawCompanion, liveMovie].compactMap { $0 } }

  /// The last path component.
  public var fileName: String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// Calls `body` with the file name's UTF-8 bytes (after the last `/`), for matching
  /// without a new string.
  ///
  /// Not copied when the path's bytes are contiguous (every native string): the Albums
  /// tab's counts run this for every photo on each library load, and the copy it made was a
  /// tenth of that load (perf, `lightbox-bench ui`).
  public func withFileNameBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    func name(_ all: UnsafeBufferPointer<UInt8>) -> Result {
      let start = all.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
      return body(UnsafeBufferPointer(rebasing: all[start...]))
    }
    if let result = path.utf8.withContiguousStorageIfAvailable(name) { return result }
    return Array(path.utf8).withUnsafeBufferPointer(name)
  }

  /// The file's orientation with the user's rotation on top: how the photo is shown.
  public var displayOrientation: Orientation { orientation.rotatedClockwise(by: userRotation) }

  /// The pixel size as shown (orientation and the user's rotation applied), when known.
  public var displayPixelSize: PixelSize? {
    storedPixelSize.map { displayOrientation.displaySize(ofStored: $0) }
  }
}
