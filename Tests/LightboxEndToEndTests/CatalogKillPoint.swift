import Foundation
import GRDB
import LightboxTestSupport

/// Kill points for the crash tests: a child is killed once the catalog shows it has done a
/// chosen amount of work, so every kill lands mid-run whatever the machine's speed.
enum CatalogKillPoint {
  /// Waits until the catalog at `path` holds at least `count` photos whose modification
  /// time is `stamp` (rows the running indexer has rewritten), or the child has exited.
  /// Returns true when the point was reached with the child still running.
  static func waitForRows(
    stampedAt stamp: Int, atLeast count: Int, catalogPath path: String, while child: ChildProcess
  ) -> Bool {
    var database: DatabaseQueue?
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(1)
    // One count per look, not every row read back: reading all rows through `Catalog` took
    // long enough on a loaded machine for a run to finish between a look and the kill.
    let lower = Int64(stamp) * 1_000_000_000
    while child.isRunning {
      // The catalog may not exist yet, or be mid-migration: not there yet.
      if database == nil, FileManager.default.fileExists(atPath: path) {
        database = try? DatabaseQueue(path: path, configuration: configuration)
      }
      let written = try? database?.read { db in
        try Int.fetchOne(
          db, sql: "SELECT count(*) FROM assets WHERE mtime_ns >= ? AND mtime_ns < ?",
          arguments: [lower, lower + 1_000_000_000])
      }
      if let written, written >= count {
        return child.isRunning
      }
      // Polling what the child has committed; each look is one read transaction.
      usleep(2_000)
    }
    return false
  }

  /// Sets every file's access and modification time to `stamp` (seconds).
  static func touch(_ files: Set<String>, stamp: Int) {
    for path in files {
      var times = [timespec(tv_sec: stamp, tv_nsec: 0), timespec(tv_sec: stamp, tv_nsec: 0)]
      utimensat(AT_FDCWD, path, &times, 0)
    }
  }
}
