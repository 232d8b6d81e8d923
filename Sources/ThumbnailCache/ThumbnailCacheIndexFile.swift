import Decoders
import Pixels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The usage index's file (`ThumbnailCacheUsage`): a header line
/// `lightbox-thumbnail-usage 1 SCANNED-AT FOREIGN-BYTES`, then lines `+ LAST-USE BYTES PATH`
/// (written, or used) and `- PATH` (deleted), PATH relative to the cache root. Later lines
/// win; a line that does not parse is skipped, so a torn last line costs one entry's recency.
enum IndexFile {
  /// What a read gives.
  struct Contents {
    var entries: [EntryKey: ThumbnailCacheUsage.Entry]
    var scannedAt: Int64
    var foreignBytes: Int64
    var lines: Int
  }

  /// One parsed line.
  enum Line: Equatable {
    case used(EntryKey, lastUse: Int64, bytes: Int64)
    case removed(EntryKey)
  }

  static let magic = "lightbox-thumbnail-usage 1"
  /// An index over this size is not read (it cannot be one Lightbox wrote for a cache under
  /// any limit it allows); the folders are walked instead.
  static let maxBytes = 256 << 20

  /// The index at `path`, or nil when it is missing, too big or has no valid header.
  static func read(path: String, folders: [String]) -> Contents? {
    guard case .success(let bytes) = ImageFile.prefix(atPath: path, count: maxBytes),
      bytes.count < maxBytes
    else { return nil }
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)[...]
    guard let first = lines.popFirst() else { return nil }
    let header = String(decoding: first, as: UTF8.self).split(separator: " ")
    guard header.count == 4, header[0...1].joined(separator: " ") == magic,
      let scannedAt = Int64(header[2]), let foreign = Int64(header[3])
    else { return nil }
    var contents = Contents(entries: [:], scannedAt: scannedAt, foreignBytes: foreign, lines: 0)
    var sequence: UInt64 = 0
    for raw in lines {
      contents.lines += 1
      switch parse(String(decoding: raw, as: UTF8.self), folders: folders) {
      case .used(let key, let lastUse, let bytes):
        let size = bytes >= 0 ? bytes : contents.entries[key]?.bytes
        guard let size else { continue }
        sequence += 1
        contents.entries[key] = ThumbnailCacheUsage.Entry(
          bytes: size, lastUse: lastUse, sequence: sequence)
      case .removed(let key): contents.entries[key] = nil
      case nil: continue
      }
    }
    return contents
  }

  /// Parses one line.
  static func parse(_ line: String, folders: [String]) -> Line? {
    let parts = line.split(separator: " ")
    if parts.count == 4, parts[0] == "+", let lastUse = Int64(parts[1]),
      let bytes = Int64(parts[2]),
      let key = EntryKey(relativePath: String(parts[3]), folders: folders)
    {
      return .used(key, lastUse: lastUse, bytes: bytes)
    }
    if parts.count == 2, parts[0] == "-",
      let key = EntryKey(relativePath: String(parts[1]), folders: folders)
    {
      return .removed(key)
    }
    return nil
  }

  /// The whole index for `entries`, oldest first.
  static func text(
    entries: [EntryKey: ThumbnailCacheUsage.Entry], scannedAt: Int64, foreignBytes: Int64,
    folders: [String]
  ) -> String {
    var text = "\(magic) \(scannedAt) \(foreignBytes)\n"
    for (key, entry) in entries.sorted(by: { ThumbnailCacheUsage.older($0, than: $1) }) {
      text += ThumbnailCacheUsage.usedLine(
        key, lastUse: entry.lastUse, bytes: entry.bytes, folders: folders)
      text += "\n"
    }
    return text
  }

  /// Replaces the index with `text` (atomically: readers see the old or the new one); a
  /// missing cache folder is left missing.
  static func write(_ text: String, to path: String, root: String) {
    // A cache that does not exist yet is not made for an index of nothing (`doctor`).
    guard access(root, F_OK) == 0 else { return }
    _ = AtomicFile.write(Array(text.utf8), to: path, directory: root, root: root)
  }

  /// Appends `lines` in one write (O_APPEND: two processes' batches do not interleave
  /// within a line). Returns false when there is no index to append to (the caller writes
  /// a whole one instead).
  @discardableResult
  static func append(_ lines: [String], to path: String, root: String) -> Bool {
    let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard fd >= 0 else { return errno != ENOENT }
    defer { close(fd) }
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    var written = 0
    while written < bytes.count {
      let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if n > 0 {
        written += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        return true
      }
    }
    return true
  }
}
