import Decoders
import Pixels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `lightbox thumbnails --prune`: deletes the cache entries whose photo is gone, the
/// freedesktop spec's "dangling" rule.
///
/// Which entries: in the shared size folders (`normal`, `large`, `x-large`, `xx-large`)
/// every program's, since the spec lets any program clean those up; under `fail/` only
/// Lightbox's own `fail/lightbox-1.0/` (each program owns its failure folder). An entry is
/// dangling only when its `Thumb::URI` is a local `file://` URI and that file does not exist
/// (`ENOENT`/`ENOTDIR`; a file that cannot be examined for another reason is kept). Under
/// `/media/`, `/mnt/` and `/run/media/` the photo's folder must still be there: a removable
/// disk that is not plugged in keeps its thumbnails.
public enum ThumbnailPrune {
  /// What a prune did.
  public struct Result: Sendable, Equatable {
    /// Entries examined.
    public var examined = 0
    /// Entries deleted.
    public var removed = 0
    /// Bytes deleted.
    public var bytes: Int64 = 0
    /// Entries that could not be deleted, one line each.
    public var problems: [String] = []

    public init() {}
  }

  /// Prunes `cache`; `usage` (when given) is told what went.
  public static func run(cache: ThumbnailDiskCache, usage: ThumbnailCacheUsage? = nil) -> Result {
    var result = Result()
    let folders =
      ThumbnailSize.allCases.map(\.folder) + ["xx-large", "fail/" + cache.failureApplication]
    for folder in folders {
      for file in ThumbnailCacheUsage.list(cache.root + "/" + folder)
      where file.name.hasSuffix(".png") {
        let path = cache.root + "/" + folder + "/" + file.name
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
        result.examined += 1
        guard let bytes = ThumbnailDiskCache.readSmallFile(path),
          let uri = PNGTextReader.read(bytes)?.text["Thumb::URI"],
          let source = localPath(fromURI: uri), isGone(source)
        else { continue }
        if unlink(path) == 0 {
          result.removed += 1
          result.bytes += Int64(info.st_size)
          usage?.noteRemoved(path: path, bytes: Int64(info.st_size))
        } else if errno != ENOENT {
          result.problems.append("\(path): cannot delete (\(String(cString: strerror(errno))))")
        }
      }
    }
    usage?.flush()
    return result
  }

  /// The path of a local `file://` URI (`file:///…` or `file://localhost/…`),
  /// percent-decoded; nil for other URIs and malformed escapes.
  public static func localPath(fromURI uri: String) -> String? {
    var rest: Substring
    if uri.hasPrefix("file:///") {
      rest = uri.dropFirst("file://".count)
    } else if uri.hasPrefix("file://localhost/") {
      rest = uri.dropFirst("file://localhost".count)
    } else {
      return nil
    }
    if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
    var out: [UInt8] = []
    var bytes = Array(rest.utf8)[...]
    while let byte = bytes.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        out.append(byte)
        continue
      }
      guard bytes.count >= 2, let high = hexValue(bytes.removeFirst()),
        let low = hexValue(bytes.removeFirst())
      else { return nil }
      out.append(high << 4 | low)
    }
    // A path that is not UTF-8 would come back altered (and look gone): kept instead.
    let path = String(decoding: out, as: UTF8.self)
    guard !out.contains(0), Array(path.utf8) == out else { return nil }
    return path
  }

  /// True when nothing is at `path` (and, on removable media, its folder is there).
  static func isGone(_ path: String) -> Bool {
    var info = stat()
    if lstat(path, &info) == 0 { return false }
    guard errno == ENOENT || errno == ENOTDIR else { return false }
    let removable = ["/media/", "/mnt/", "/run/media/"].contains { path.hasPrefix($0) }
    guard removable else { return true }
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    var folderInfo = stat()
    return lstat(folder.isEmpty ? "/" : folder, &folderInfo) == 0
  }

  private static func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
