/// The stable identity of a user album (its catalog row id).
public struct AlbumID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  public var rawValue: Int64

  public init(_ rawValue: Int64) { self.rawValue = rawValue }

  public static func < (lhs: AlbumID, rhs: AlbumID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "album#\(rawValue)" }
}
