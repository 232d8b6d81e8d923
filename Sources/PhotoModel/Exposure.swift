/// How a photo was exposed, as EXIF records it: what the info panel shows.
public struct Exposure: Hashable, Sendable {
  /// Aperture as an f-number (2.8 for f/2.8).
  public var fNumber: Double?
  /// Shutter time as a fraction of a second: numerator and denominator (1/250 s is 1, 250).
  public var exposureTime: ExposureTime?
  /// ISO speed.
  public var iso: Int?
  /// Focal length of the lens in millimetres.
  public var focalLength: Double?

  public init(
    fNumber: Double? = nil, exposureTime: ExposureTime? = nil, iso: Int? = nil,
    focalLength: Double? = nil
  ) {
    self.fNumber = fNumber
    self.exposureTime = exposureTime
    self.iso = iso
    self.focalLength = focalLength
  }

  /// True when nothing is recorded.
  public var isEmpty: Bool {
    fNumber == nil && exposureTime == nil && iso == nil && focalLength == nil
  }
}

/// A shutter time as the camera wrote it: a fraction of seconds.
public struct ExposureTime: Hashable, Sendable {
  public var numerator: Int64
  public var denominator: Int64

  public init(numerator: Int64, denominator: Int64) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// "1/250 s", "2 s", "0.8 s"; nil for a zero or negative denominator.
  public var text: String? {
    guard denominator > 0, numerator >= 0 else { return nil }
    if numerator == 0 { return "0 s" }
    if numerator % denominator == 0 { return "\(numerator / denominator) s" }
    if numerator == 1 { return "1/\(denominator) s" }
    let seconds = Double(numerator) / Double(denominator)
    if seconds < 1 {
      // 10/2500 reads better as 1/250.
      return "1/\(Int((1 / seconds).rounded())) s"
    }
    return "\((seconds * 10).rounded() / 10) s"
  }
}
