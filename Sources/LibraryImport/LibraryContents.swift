#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Catalog

/// The files already in the destination library, by size, with their content hashes read
/// only when a source file has the same size (size first: most files differ there, and a
/// size costs a stat, a hash a whole read).
final class LibraryContents {
  private let library: String
  /// Relative paths by size.
  private var bySize: [Int64: [String]] = [:]
  private var hashes: [String: ContentHash] = [:]

  /// Walks `library` the way the index does (hidden files, the import's own temporary files
  /// among them, are not part of it).
  init(library: String) {
    self.library = library
    let prefix = library.hasSuffix("/") ? library : library + "/"
    for path in LibraryFileList.files(under: [library]).files where path.hasPrefix(prefix) {
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      bySize[Int64(info.st_size), default: []].append(String(path.dropFirst(prefix.count)))
    }
  }

  /// True when some library file has `size` bytes.
  func hasFiles(ofSize size: Int64) -> Bool { bySize[size] != nil }

  /// The library files (relative paths) of `size` bytes whose hash is `hash`.
  func matches(size: Int64, hash: ContentHash) -> [String] {
    (bySize[size] ?? []).filter { relative in
      if hashes[relative] == nil,
        case .success(let found) = ContentHash.of(path: Array((library + "/" + relative).utf8))
      {
        hashes[relative] = found
      }
      return hashes[relative] == hash
    }
  }
}
