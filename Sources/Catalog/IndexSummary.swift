import Foundation

/// What one indexing run did (the `lightbox index` summary; Codable for `--json`).
public struct IndexSummary: Sendable, Equatable, Codable, CustomStringConvertible {
  /// Photos in the catalog under the indexed roots afterwards (hidden and trashed ones
  /// included).
  public var total: Int = 0
  /// Photos added.
  public var new: Int = 0
  /// Photos whose file changed (size or mtime) and were read again.
  public var changed: Int = 0
  /// Photos whose file vanished (or stopped being a photo); their rows were deleted.
  public var removed: Int = 0
  /// Files that could not be read.
  public var errors: Int = 0
  /// Files whose size and mtime matched the catalog: not read at all.
  public var unchanged: Int = 0
  /// Files whose metadata was read this run (photos or not).
  public var read: Int = 0
  /// Wall-clock duration of the run.
  public var seconds: Double = 0
  /// True when the run was cancelled before the end (what was written stays).
  public var cancelled: Bool = false
  /// Folders (roots included) that could not be read.
  public var unreadableFolders: Int = 0
  /// One line per folder or file that could not be read.
  public var problems: [String] = []

  public init() {}

  /// `indexed N photos (A new, C changed, R removed, E errors) in T s`; an error is a file
  /// or a folder that could not be read ("0 errors" beside a listed unreadable folder read
  /// as a contradiction).
  public var description: String {
    "indexed \(total) photos (\(new) new, \(changed) changed, \(removed) removed, "
      + "\(errors + unreadableFolders) errors) in \(String(format: "%.2f", seconds)) s"
  }
}
