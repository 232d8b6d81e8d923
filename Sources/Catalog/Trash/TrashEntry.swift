/// One item in a freedesktop Trash: the file in `files/`, its `.trashinfo`, where it came
/// from and when it was trashed.
public struct TrashEntry: Hashable, Sendable {
  /// The file (or folder) inside the trash's `files/`.
  public var filePath: String
  /// Its `info/NAME.trashinfo` (empty when unknown: restore and erase then skip it).
  public var infoPath: String
  /// The absolute path it had before it was trashed.
  public var originalPath: String
  /// When it was trashed, seconds since the epoch.
  public var deletedAt: Int64

  public init(filePath: String, infoPath: String, originalPath: String, deletedAt: Int64) {
    self.filePath = filePath
    self.infoPath = infoPath
    self.originalPath = originalPath
    self.deletedAt = deletedAt
  }
}
