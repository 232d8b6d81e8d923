/// Exposure settings from the EXIF IFD, each as stored (nil when absent or unreadable).
public struct ExposureInfo: Sendable, Equatable {
  /// ExposureTime (0x829A) in seconds, e.g. 1/250.
  public var exposureTime: ExifRational?
  /// FNumber (0x829D), e.g. 28/10 for f/2.8.
  public var fNumber: ExifRational?
  /// ISOSpeedRatings / PhotographicSensitivity (0x8827), the first value.
  public var iso: Int?
  /// FocalLength (0x920A) in millimetres.
  public var focalLength: ExifRational?

  public init(
    exposureTime: ExifRational? = nil, fNumber: ExifRational? = nil, iso: Int? = nil,
    focalLength: ExifRational? = nil
  ) {
    self.exposureTime = exposureTime
    self.fNumber = fNumber
    self.iso = iso
    self.focalLength = focalLength
  }

  /// True when no field was found (the reader then reports no exposure at all).
  public var isEmpty: Bool {
    exposureTime == nil && fNumber == nil && iso == nil && focalLength == nil
  }
}
