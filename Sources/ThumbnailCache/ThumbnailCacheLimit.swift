import Decoders
import Pixels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The thumbnail cache's size limit: the config's `thumbnail-cache-mb`, else 2 % of the
/// file system the cache lives on, at most 4096 MiB.
public enum ThumbnailCacheLimit {
  /// The most the default allows, in bytes.
  public static let defaultCeiling: Int64 = 4096 << 20
  /// The default when the file system's size cannot be read.
  public static let fallback: Int64 = 1024 << 20

  /// The limit in bytes: `megabytes` (MiB) when given, else the default for `root`.
  public static func bytes(megabytes: Int?, root: String) -> Int64 {
    if let megabytes { return Int64(megabytes) << 20 }
    return defaultBytes(root: root)
  }

  /// 2 % of the size of the file system holding `root` (or its nearest existing folder
  /// above, before the cache is first made), at most `defaultCeiling`.
  public static func defaultBytes(root: String) -> Int64 {
    guard let size = fileSystemBytes(at: root) else { return fallback }
    return min(defaultCeiling, size / 50)
  }

  /// The size of the file system holding `path` or its nearest existing ancestor.
  static func fileSystemBytes(at path: String) -> Int64? {
    var current = path
    while true {
      var info = statvfs()
      if statvfs(current, &info) == 0 {
        return Int64(info.f_blocks) * Int64(info.f_frsize)
      }
      guard errno == ENOENT || errno == ENOTDIR, current != "/", !current.isEmpty else {
        return nil
      }
      let parent = current.split(separator: "/").dropLast().joined(separator: "/")
      current = "/" + parent
    }
  }
}
