/// Why an image could not be decoded or encoded, as one line a person can read
/// ("not a JPEG file (truncated at byte 4096)").
public struct ImageError: Error, Equatable, Sendable, CustomStringConvertible {
  public let reason: String
  public init(_ reason: String) { self.reason = reason }
  public var description: String { reason }
}
