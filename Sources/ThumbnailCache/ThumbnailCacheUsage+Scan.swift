import Decoders
import Pixels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ThumbnailCacheUsage {
  /// Whose a cache file is.
  enum Owner: Equatable {
    /// Written by Lightbox (its `Software` text chunk says "Lightbox").
    case lightbox
    /// Another program's (or not a thumbnail), `bytes` long.
    case other(bytes: Int64)
    /// Not there.
    case missing
  }

  /// How much of a PNG is read to find its text: Lightbox writes its text chunks before the
  /// pixels, and an 8 KB head holds them even for a URI of a few thousand characters.
  static let headBytes = 8192

  /// Whose the file at `path` is, from the text chunks in its head.
  static func owner(of path: String) -> Owner {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .missing }
    guard info.st_mode & S_IFMT == S_IFREG else { return .other(bytes: 0) }
    guard case .success(let head) = ImageFile.prefix(atPath: path, count: headBytes),
      let text = PNGTextReader.read(head), text.text["Software"] == "Lightbox"
    else { return .other(bytes: Int64(info.st_size)) }
    return .lightbox
  }

  /// Walks the size folders and every `fail/` subfolder: Lightbox's entries with their size
  /// and modification time (the recency until they are used), the bytes of everything
  /// else. Only `.png` files count (the writers' temporary files do not).
  static func scan(root: String, folders: [String], at clock: Int64) -> IndexFile.Contents {
    var contents = IndexFile.Contents(entries: [:], scannedAt: clock, foreignBytes: 0, lines: 0)
    var walked = folders
    for application in list(root + "/fail") where application.type == Int32(DT_DIR) {
      let folder = "fail/" + application.name
      if !walked.contains(folder) { walked.append(folder) }
    }
    var found: [(key: EntryKey, entry: Entry)] = []
    for folder in walked {
      for file in list(root + "/" + folder) where file.name.hasSuffix(".png") {
        let path = root + "/" + folder + "/" + file.name
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
        let bytes = Int64(info.st_size)
        if let key = EntryKey(relativePath: folder + "/" + file.name, folders: folders),
          owner(of: path) == .lightbox
        {
          let entry = Entry(bytes: bytes, lastUse: Int64(info.st_mtim.tv_sec), sequence: 0)
          found.append((key, entry))
        } else {
          contents.foreignBytes += bytes
        }
      }
    }
    // Sequence numbers follow modification time, so equal seconds still have an order.
    found.sort {
      ($0.entry.lastUse, $0.key.high, $0.key.low) < ($1.entry.lastUse, $1.key.high, $1.key.low)
    }
    for (index, item) in found.enumerated() {
      var entry = item.entry
      entry.sequence = UInt64(index + 1)
      contents.entries[item.key] = entry
    }
    return contents
  }

  /// The names and types in a folder (none when it cannot be read), hidden names skipped.
  static func list(_ folder: String) -> [(name: String, type: Int32)] {
    guard let handle = opendir(folder) else { return [] }
    defer { closedir(handle) }
    var names: [(String, Int32)] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN) {
        var info = stat()
        if lstat(folder + "/" + name, &info) == 0 {
          type = info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : Int32(DT_REG)
        }
      }
      names.append((name, type))
    }
    return names
  }
}
