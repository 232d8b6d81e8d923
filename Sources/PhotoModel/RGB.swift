/// An opaque 24-bit colour.
public struct RGB: Hashable, Sendable, Codable {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8

  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
    self.r = r
    self.g = g
    self.b = b
  }

  /// Parses "#rrggbb" (or "rrggbb").
  public init?(hex: String) {
    var s = Substring(hex)
    if s.hasPrefix("#") { s = s.dropFirst() }
    guard s.count == 6, let v = UInt32(s, radix: 16) else { return nil }
    self.init(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
  }

  public static let black = RGB(0, 0, 0)
  public static let white = RGB(255, 255, 255)
}
