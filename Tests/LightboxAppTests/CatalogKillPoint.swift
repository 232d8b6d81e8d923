import Catalog
import Foundation
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
    var catalog: Catalog?
    while child.isRunning {
      // The catalog may not exist yet, or be mid-migration: not there yet.
      if catalog == nil, FileManager.default.fileExists(atPath: path) {
        catalog = try? Catalog(path: path)
      }
      if let assets = try? catalog?.allAssets(),
        assets.lazy.filter({ $0.modificationTime == Int64(stamp) }).count >= count
      {
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
