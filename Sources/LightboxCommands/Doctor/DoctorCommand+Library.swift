import Catalog
import ThumbnailCache
import PhotoModel
import Settings
import TerminalUI

extension DoctorCommand {
  /// The library's side of the report: how each root is followed, and the thumbnail cache's
  /// size against its limit (the cache's usage index is read, or the cache walked once).
  public static func libraryLines(
    roots: [String], cacheRoot: String, cacheMegabytes: Int?, environment: [String: String]
  ) -> [String] {
    var lines = ["Library:"]
    for root in roots {
      lines.append("  \(TerminalText.sanitize(root)): \(watchText(root, environment: environment))")
    }
    let limit = ThumbnailCacheLimit.bytes(megabytes: cacheMegabytes, root: cacheRoot)
    let usage = ThumbnailCacheUsage(root: cacheRoot, limitBytes: limit)
    let totals = usage.totals
    let origin =
      cacheMegabytes == nil ? "2 % of its disk, at most 4096 MiB" : "thumbnail-cache-mb"
    lines += [
      "", "Thumbnail cache:", "  folder: \(TerminalText.sanitize(cacheRoot))",
      "  size: \(ByteCountText.format(totals.totalBytes)) of "
        + "\(ByteCountText.format(limit)) (limit: \(origin))",
      "  Lightbox's thumbnails: \(totals.ownEntries), \(ByteCountText.format(totals.ownBytes))"
        + " (the least recently used go first); other programs': "
        + "\(ByteCountText.format(totals.foreignBytes)) (never deleted)",
    ]
    return lines
  }

  /// "inotify (ext4)" or "watching by polling (every 5 s) (nfs)".
  static func watchText(_ root: String, environment: [String: String]) -> String {
    let method = FileSystemType.watchMethod(for: root, environment: environment)
    guard method.isPolling else { return "inotify (\(method.fileSystem))" }
    let floor = Int(PollSchedule.standard.floor)
    let factor = Int(PollSchedule.standard.costFactor)
    return "watching by polling (every \(floor) s, or \(factor)× a re-scan's time when longer)"
      + " (\(method.fileSystem))"
  }
}
