#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// The destination folders of one import, created on first use (each new folder's parent
/// synced, so the folder survives a power cut with the files in it) and kept open for the
/// copies' `openat`, `renameat2` and folder `fsync`.
final class DestinationFolders: @unchecked Sendable {
  // @unchecked: `opened` is touched under `lock`.
  private let library: String
  private var opened: [String: Int32] = [:]
  private let lock = NSLock()

  init(library: String) { self.library = library }

  deinit { for fd in opened.values { close(fd) } }

  /// The open folder `relative` ("2024/2024-08-13"; "" is the library), created with its
  /// parents as needed; or the errno that stopped it.
  func descriptor(_ relative: String) -> Result<Int32, Errno> {
    lock.lock()
    defer { lock.unlock() }
    return descriptorLocked(relative)
  }

  private func descriptorLocked(_ relative: String) -> Result<Int32, Errno> {
    if let fd = opened[relative] { return .success(fd) }
    if relative.isEmpty {
      Self.makeFolders(library)
      let fd = open(library, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard fd >= 0 else { return .failure(Errno(errno)) }
      opened[relative] = fd
      return .success(fd)
    }
    let slash = relative.lastIndex(of: "/")
    let parentPath = slash.map { String(relative[..<$0]) } ?? ""
    let name = slash.map { String(relative[relative.index(after: $0)...]) } ?? relative
    let parent: Int32
    switch descriptorLocked(parentPath) {
    case .success(let fd): parent = fd
    case .failure(let error): return .failure(error)
    }
    if mkdirat(parent, name, 0o755) == 0 {
      // The new entry in the parent is durable before anything lands in it.
      fsync(parent)
    } else if errno != EEXIST {
      return .failure(Errno(errno))
    }
    let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
    guard fd >= 0 else { return .failure(Errno(errno)) }
    opened[relative] = fd
    return .success(fd)
  }

  /// `mkdir -p` of an absolute path (the library itself).
  static func makeFolders(_ path: String) {
    var current = ""
    for part in path.split(separator: "/") {
      current += "/" + part
      mkdir(current, 0o755)
    }
  }
}
