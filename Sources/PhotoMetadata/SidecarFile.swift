#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing a sidecar so that a reader (darktable, digiKam, the watcher) sees the old file or
/// the whole new one, never a part: a hidden temporary file in the same folder, written and
/// `fsync`ed, given the old file's permissions, renamed over it (or linked to a new name,
/// which fails if one appeared meanwhile), then the folder `fsync`ed.
///
/// Unlike a turned photo (`AtomicFile.replace` in Pixels, which PhotoMetadata cannot use),
/// a sidecar's modification time is now: darktable and digiKam compare it to notice that
/// another program changed the file.
enum SidecarFile {
  /// Which contents a file had when it was read: its inode, size and modification time. A
  /// sidecar is only replaced while it still has the version the edit was made from, so
  /// that a change another program made meanwhile (darktable writes its sidecars as it
  /// goes) is not lost without a word.
  struct Version: Equatable {
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    init(_ info: stat) {
      inode = UInt64(info.st_ino)
      size = Int64(info.st_size)
      seconds = Int(info.st_mtim.tv_sec)
      nanoseconds = Int(info.st_mtim.tv_nsec)
    }
  }

  /// The whole file at `path`, at most `limit` bytes, and its version; an error when it is
  /// larger.
  static func read(_ path: String, limit: Int)
    -> Result<(bytes: [UInt8], version: Version), XMPWriteError>
  {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return .failure(errnoError("cannot read \(name(path))")) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(errnoError("cannot read \(name(path))")) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      return .failure(XMPWriteError("\(name(path)) is not a regular file"))
    }
    guard Int(info.st_size) <= limit else {
      return .failure(XMPWriteError("\(name(path)) is larger than \(limit / 1024 / 1024) MB"))
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n >= 0 else { return .failure(errnoError("cannot read \(name(path))")) }
      if n == 0 { break }
      bytes += chunk[0..<n]
      guard bytes.count <= limit else {
        return .failure(XMPWriteError("\(name(path)) is larger than \(limit / 1024 / 1024) MB"))
      }
    }
    return .success((bytes, Version(info)))
  }

  /// Writes `bytes` as the file at `path`: replacing the file there (keeping its mode and,
  /// when allowed, its owner) when it is given as `replacing` (the version read; an error
  /// if it changed since), else creating it (mode 0666 less the umask) and failing if it
  /// exists. A symbolic link is written through: its target changes.
  static func write(_ bytes: [UInt8], to path: String, replacing read: Version?)
    -> XMPWriteError?
  {
    let replacing = read != nil
    var target = path
    var original = stat()
    if replacing {
      if let resolved = realpath(path, nil) {
        target = String(cString: resolved)
        free(resolved)
      }
      guard stat(target, &original) == 0 else { return errnoError("cannot read \(name(path))") }
      guard access(target, W_OK) == 0 else { return errnoError("cannot write \(name(path))") }
      // A sidecar made read-only is left alone, by root too (whom access(2) lets write).
      guard original.st_mode & 0o200 != 0 else {
        return XMPWriteError("\(name(path)) is read-only: not written")
      }
    }
    let slash = target.lastIndex(of: "/")
    let folder = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
    let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
    // Hidden, so that the library walker never indexes one left by a kill.
    let temporary =
      "\(folder)/.\(base).lightbox-\(getpid())-\(UInt32.random(in: .min ... .max)).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else { return errnoError("cannot create a file in \(folder)") }
    var failure = writeAll(bytes, to: fd)
    if failure == nil, replacing {
      // Owner first: chown clears the set-id bits that fchmod then sets back.
      _ = fchown(fd, original.st_uid, original.st_gid)
      if fchmod(fd, original.st_mode & 0o7777) != 0 {
        failure = errnoError("cannot set the permissions of \(name(temporary))")
      }
    }
    if failure == nil, fsync(fd) != 0 { failure = errnoError("cannot write \(name(temporary))") }
    if close(fd) != 0, failure == nil { failure = errnoError("cannot write \(name(temporary))") }
    if failure == nil, let read {
      var now = stat()
      if stat(target, &now) != 0 || Version(now) != read {
        failure = XMPWriteError("\(name(path)) changed while it was written: not replaced")
      }
    }
    if failure == nil {
      if replacing {
        if rename(temporary, target) != 0 { failure = errnoError("cannot replace \(name(path))") }
      } else if link(temporary, target) != 0 {
        failure = errnoError("cannot create \(name(path))")
      }
    }
    // After a rename there is nothing left to remove; after a link (or a failure) the
    // temporary name goes.
    if failure != nil || !replacing { unlink(temporary) }
    if let failure { return failure }
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      _ = fsync(directory)
      close(directory)
    }
    return nil
  }

  /// Writes every byte of `bytes` to `fd` (retrying short writes and EINTR).
  private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> XMPWriteError? {
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { raw in
        Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
      }
      if n > 0 {
        written += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        return errnoError("cannot write")
      }
    }
    return nil
  }

  /// The last part of `path`, for messages.
  private static func name(_ path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }

  private static func errnoError(_ what: String) -> XMPWriteError {
    XMPWriteError("\(what): \(String(cString: strerror(errno)))")
  }
}
