/// Why the place table could not be used; Lightbox then has no places (never a crash).
public enum PlaceTableError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No file at the path (not installed: `scripts/places-table` installs it).
  case missing(path: String)
  /// The file could not be opened or mapped.
  case unreadable(path: String, reason: String)
  /// The file is not a place table of this version, or its sections do not add up.
  case damaged(path: String, reason: String)

  /// One line for the log and `lightbox doctor`.
  public var description: String {
    switch self {
    case .missing(let path):
      return "no place table at \(path) (scripts/places-table installs it)"
    case .unreadable(let path, let reason):
      return "place table \(path) cannot be read: \(reason)"
    case .damaged(let path, let reason):
      return "place table \(path) is damaged: \(reason) (scripts/places-table reinstalls it)"
    }
  }
}
