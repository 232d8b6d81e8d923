/// A position from the EXIF GPS IFD, in signed decimal degrees (south and west negative).
public struct GPSCoordinate: Sendable, Equatable {
  /// -90…90.
  public var latitude: Double
  /// -180…180.
  public var longitude: Double
  /// Metres above sea level (negative below), when recorded.
  public var altitude: Double?

  public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
    self.latitude = latitude
    self.longitude = longitude
    self.altitude = altitude
  }
}
