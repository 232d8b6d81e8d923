#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file-system steps of trashing and restoring: moves that never replace what is
/// there, copies that are on disk before they are visible, and tree removal. Paths are
/// exact bytes (`LibraryPath`), errors one-line `CatalogError`s.
enum FileMoves {
  typealias Renameat2 =
    @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

  /// glibc's renameat2, looked up at run time: Swift's Glibc module does not declare it
  /// (it sits behind _GNU_SOURCE).
  static let renameat2: Renameat2? = {
    guard let symbol = dlsym(nil, "renameat2") else { return nil }
    return unsafeBitCast(symbol, to: Renameat2.self)
  }()

  /// The lstat of `path`, or nil when there is nothing there.
  static func status(_ path: LibraryPath) -> stat? {
    var info = stat()
    return path.withCString { lstat($0, &info) } == 0 ? info : nil
  }

  /// True when something (a file, folder or link, even a dangling one) is at `path`.
  static func exists(_ path: LibraryPath) -> Bool { status(path) != nil }

  static func isDirectory(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFDIR }

  static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// Renames `source` to `target` unless something is already at `target`. Returns 0, or
  /// the errno (EEXIST when taken, EXDEV across file systems).
  static func moveNoReplace(_ source: LibraryPath, _ target: LibraryPath) -> Int32 {
    if let renameat2 {
      let result = source.withCString { s in
        target.withCString { t in renameat2(AT_FDCWD, s, AT_FDCWD, t, 1) }  // NOREPLACE
      }
      if result == 0 { return 0 }
      let code = errno
      if code != EINVAL && code != ENOSYS { return code }
    }
    // Old kernels or file systems without RENAME_NOREPLACE: link() fails atomically on an
    // existing name; folders (which cannot be linked) fall back to check-then-rename.
    guard let info = status(source) else { return ENOENT }
    if !isDirectory(info) {
      let linked = source.withCString { s in target.withCString { t in link(s, t) } }
      if linked == 0 {
        _ = source.withCString { unlink($0) }
        return 0
      }
      let code = errno
      if code == EEXIST || code == EXDEV || code == ENOENT { return code }
    }
    if exists(target) { return EEXIST }
    let renamed = source.withCString { s in target.withCString { t in rename(s, t) } }
    return renamed == 0 ? 0 : errno
  }

  /// Makes `folder` and its missing parents (mode 0755, or `mode` for the last one).
  static func makeFolders(_ folder: LibraryPath, mode: mode_t = 0o755) throws {
    if let info = status(folder) {
      guard isDirectory(info) else { throw CatalogError("\(folder) is not a folder") }
      return
    }
    let parent = folder.parent
    if parent != folder { try makeFolders(parent) }
    if folder.withCString({ mkdir($0, mode) }) != 0, errno != EEXIST {
      throw CatalogError("cannot create the folder \(folder): \(errorText(errno))")
    }
  }

  /// Copies `source` (file, link or folder tree) to `target`, which must not exist, with
  /// its mode and times, and flushes it to disk before returning. On failure nothing is
  /// left at `target`.
  static func copy(_ source: LibraryPath, to target: LibraryPath) throws {
    do {
      try copyItem(source, to: target)
    } catch {
      try? removeTree(target)
      throw error
    }
  }

  private static func copyItem(_ source: LibraryPath, to target: LibraryPath) throws {
    guard let info = status(source) else {
      throw CatalogError("cannot read \(source): \(errorText(errno))")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      try copyFile(source, to: target, info: info)
    case S_IFLNK:
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = source.withCString { readlink($0, &buffer, buffer.count - 1) }
      guard count >= 0 else { throw CatalogError("cannot read the link \(source)") }
      let made = target.withCString { symlink(buffer, $0) }
      guard made == 0 else { throw CatalogError("cannot create \(target): \(errorText(errno))") }
    case S_IFDIR:
      guard target.withCString({ mkdir($0, 0o700) }) == 0 else {
        throw CatalogError("cannot create \(target): \(errorText(errno))")
      }
      for name in try names(in: source) {
        try copyItem(source.appending(name), to: target.appending(name))
      }
      _ = target.withCString { chmod($0, info.st_mode & 0o7777) }
      var times = [info.st_atim, info.st_mtim]
      _ = target.withCString { utimensat(AT_FDCWD, $0, &times, 0) }
    default:
      throw CatalogError("\(source) is not a regular file, link or folder")
    }
  }

  /// Copies a regular file: O_EXCL create, data, fsync, then the source's mode and times
  /// (the same mtime keeps the catalog's size+mtime stamp valid after a move).
  private static func copyFile(_ source: LibraryPath, to target: LibraryPath, info: stat) throws {
    let input = source.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
    guard input >= 0 else { throw CatalogError("cannot open \(source): \(errorText(errno))") }
    defer { close(input) }
    let output = target.withCString {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
    }
    guard output >= 0 else {
      throw CatalogError("cannot create \(target): \(errorText(errno))")
    }
    var failure: String?
    let size = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    defer { buffer.deallocate() }
    copying: while true {
      let got = read(input, buffer, size)
      if got == 0 { break }
      if got < 0 {
        if errno == EINTR { continue }
        failure = "cannot read \(source): \(errorText(errno))"
        break
      }
      var written = 0
      while written < got {
        let n = write(output, buffer + written, got - written)
        if n < 0 {
          if errno == EINTR { continue }
          failure = "cannot write \(target): \(errorText(errno))"
          break copying
        }
        written += n
      }
    }
    if failure == nil {
      _ = fchmod(output, info.st_mode & 0o7777)
      var times = [info.st_atim, info.st_mtim]
      _ = futimens(output, &times)
      if fsync(output) != 0 { failure = "cannot flush \(target): \(errorText(errno))" }
    }
    if close(output) != 0, failure == nil {
      failure = "cannot write \(target): \(errorText(errno))"
    }
    if let failure {
      _ = target.withCString { unlink($0) }
      throw CatalogError(failure)
    }
  }

  /// Flushes a folder's entries (a rename into it) to disk; best effort.
  static func syncFolder(_ folder: LibraryPath) {
    let fd = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  /// Removes a file, link or folder tree (links are never followed). Nothing there is
  /// not an error.
  static func removeTree(_ path: LibraryPath) throws {
    guard let info = status(path) else { return }
    if isDirectory(info) {
      // Owner write and search on the folder, so that its entries can be removed.
      _ = path.withCString { chmod($0, (info.st_mode & 0o7777) | 0o700) }
      for name in try names(in: path) { try removeTree(path.appending(name)) }
      guard path.withCString({ rmdir($0) }) == 0 || errno == ENOENT else {
        throw CatalogError("cannot remove \(path): \(errorText(errno))")
      }
    } else {
      guard path.withCString({ unlink($0) }) == 0 || errno == ENOENT else {
        throw CatalogError("cannot remove \(path): \(errorText(errno))")
      }
    }
  }

  /// The entry names of a folder, as bytes (without "." and "..").
  static func names(in folder: LibraryPath) throws -> [[UInt8]] {
    guard let handle = folder.withCString({ opendir($0) }) else {
      throw CatalogError("cannot read the folder \(folder): \(errorText(errno))")
    }
    defer { closedir(handle) }
    var names: [[UInt8]] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] {
        continue
      }
      names.append(name)
    }
    return names
  }
}
