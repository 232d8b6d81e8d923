/// What happened to one source file, for the summary and `--json`.
public struct ImportOutcome: Sendable, Equatable, Codable {
  /// The kinds of outcome, as `--json` spells them.
  public enum Result: String, Sendable, Codable {
    /// Copied, verified and renamed into place.
    case imported
    /// Already in the library (the same bytes), not copied.
    case inLibrary = "in-library"
    /// Imported into this library before (the ledger), not copied.
    case importedBefore = "imported-before"
    /// Could not be imported (its reason says why).
    case failed
    /// Never tried: the import stopped first (the disk filled up).
    case notAttempted = "not-attempted"
  }

  public var source: String
  /// Where it is in the library (relative), for imported and in-library files.
  public var destination: String?
  public var result: Result
  /// A failure's one-line reason.
  public var reason: String?
  /// True when `--delete-after` removed the source.
  public var sourceDeleted: Bool

  public init(
    source: String, destination: String?, result: Result, reason: String? = nil,
    sourceDeleted: Bool = false
  ) {
    self.source = source
    self.destination = destination
    self.result = result
    self.reason = reason
    self.sourceDeleted = sourceDeleted
  }
}
