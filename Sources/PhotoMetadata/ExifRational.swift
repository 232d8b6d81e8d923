/// A TIFF RATIONAL or SRATIONAL value kept as the stored fraction ("1/250" reads better
/// than 0.004 in the info panel).
public struct ExifRational: Sendable, Equatable, CustomStringConvertible {
  public var numerator: Int64
  public var denominator: Int64

  public init(numerator: Int64, denominator: Int64) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The value as a number, or nil when the denominator is 0 (cameras write 0/0 for
  /// "unknown").
  public var value: Double? {
    denominator == 0 ? nil : Double(numerator) / Double(denominator)
  }

  public var description: String { "\(numerator)/\(denominator)" }
}
