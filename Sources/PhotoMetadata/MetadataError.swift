/// Why metadata could not be read, as one line for the status bar.
public struct MetadataError: Error, Equatable, Sendable {
  public let reason: String
  public init(reason: String) { self.reason = reason }
}
