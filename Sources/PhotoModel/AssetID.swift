/// The stable identity of a photo in the library.
public struct AssetID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  public var rawValue: Int64

  public init(_ rawValue: Int64) { self.rawValue = rawValue }

  public static func < (lhs: AssetID, rhs: AssetID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "#\(rawValue)" }
}
