/// What an import did: counts, bytes, why it stopped, and every file's outcome.
public struct ImportSummary: Sendable, Equatable, Codable {
  public var library: String
  public var imported: Int
  public var importedBytes: Int64
  public var inLibrary: Int
  public var importedBefore: Int
  public var failed: Int
  public var notAttempted: Int
  public var notPhotos: Int
  public var sourcesDeleted: Int
  public var dryRun: Bool
  /// Why the import stopped before the end (a full disk), nil when it went through.
  public var stopped: String?
  public var seconds: Double
  public var files: [ImportOutcome]

  public init(library: String, dryRun: Bool) {
    self.library = library
    imported = 0
    importedBytes = 0
    inLibrary = 0
    importedBefore = 0
    failed = 0
    notAttempted = 0
    notPhotos = 0
    sourcesDeleted = 0
    self.dryRun = dryRun
    stopped = nil
    seconds = 0
    files = []
  }

  /// True when every file that should have been imported was (or already was).
  public var isComplete: Bool { failed == 0 && notAttempted == 0 && stopped == nil }

  /// Adds `outcome` to the list and its count.
  mutating func record(_ outcome: ImportOutcome) {
    files.append(outcome)
    switch outcome.result {
    case .imported: imported += 1
    case .inLibrary: inLibrary += 1
    case .importedBefore: importedBefore += 1
    case .failed: failed += 1
    case .notAttempted: notAttempted += 1
    }
    if outcome.sourceDeleted { sourcesDeleted += 1 }
  }
}
