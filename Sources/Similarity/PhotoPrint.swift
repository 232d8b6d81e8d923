import PhotoModel

/// What duplicate finding knows of one photo: its hashes and the facts the suggested keeper
/// and burst detection are decided by. A Live Photo or RAW+JPEG pair is one print (its
/// front), so its halves are never each other's duplicates.
public struct PhotoPrint: Sendable, Equatable {
  /// The photo's file (its front, for a pair).
  public var path: String
  /// Displayed pixel size, when the header gave one.
  public var pixelSize: PixelSize?
  public var byteSize: Int64
  /// "Make Model" when the camera is recorded.
  public var camera: String?
  /// Capture time in milliseconds (`CaptureDate.localSortKey`) when it comes from the file's
  /// own metadata (EXIF, XMP), not its name or mtime: bursts need a camera's clock.
  public var shotMilliseconds: Int64?
  /// Capture time (any source) for "oldest first".
  public var dateKey: Int64
  /// How many metadata fields the file has (camera, lens, exposure, place, capture date):
  /// more means nearer the original.
  public var metadataCount: Int
  /// The image data's hash; nil when it could not be read.
  public var digest: ImageDigest?
  /// The perceptual hashes; nil when not computed or not decodable.
  public var hash: PerceptualHash?
  /// The mean colour of a flat picture (which has no perceptual hash), when decoded.
  public var flatColour: RGB?

  public init(
    path: String, pixelSize: PixelSize?, byteSize: Int64, camera: String? = nil,
    shotMilliseconds: Int64? = nil, dateKey: Int64 = 0, metadataCount: Int = 0,
    digest: ImageDigest? = nil, hash: PerceptualHash? = nil, flatColour: RGB? = nil
  ) {
    self.path = path
    self.pixelSize = pixelSize
    self.byteSize = byteSize
    self.camera = camera
    self.shotMilliseconds = shotMilliseconds
    self.dateKey = dateKey
    self.metadataCount = metadataCount
    self.digest = digest
    self.hash = hash
    self.flatColour = flatColour
  }
}
