/// Why a file's image data could not be found: the file is not what its first bytes say.
public struct ImageDataError: Error, Equatable, Sendable, CustomStringConvertible {
  /// One line for the user, e.g. "JPEG: segment at byte 120 runs past the end of the file".
  public let reason: String

  public init(_ reason: String) { self.reason = reason }

  public var description: String { reason }
}
