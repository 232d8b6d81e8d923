import GRDB

extension Configuration {
  /// A connection that waits (up to 10 s, as `Catalog` does) for a lock instead of failing at
  /// once: a test opening the catalog file itself right after an indexer can meet the
  /// indexer's pool still closing on its writer thread (its last checkpoint holds the lock).
  static var waitingForLocks: Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    return configuration
  }
}
