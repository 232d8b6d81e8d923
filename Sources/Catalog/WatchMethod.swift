/// How a library folder is followed for changes.
public enum WatchMethod: Sendable, Equatable {
  /// inotify events (local file systems).
  case inotify(fileSystem: String)
  /// A re-scan every so often (network file systems and FUSE, where inotify is blind to
  /// changes made elsewhere).
  case polling(fileSystem: String)

  /// True for `.polling`.
  public var isPolling: Bool {
    if case .polling = self { return true }
    return false
  }

  /// The file system's name.
  public var fileSystem: String {
    switch self {
    case .inotify(let name), .polling(let name): name
    }
  }
}
