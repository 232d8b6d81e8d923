#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension AtomicFile {
  /// Replaces the file at `path` with `bytes` so that a crash at any moment leaves either
  /// the old file or the whole new one: a hidden temporary file in the same folder, written
  /// and `fsync`ed, given the old file's permission bits (and owner, when allowed), renamed
  /// over the old name, then the folder `fsync`ed so the rename itself is on disk.
  ///
  /// The new file's modification time is the old one plus one second (docs/DECISIONS.md): a
  /// photo dated by its mtime stays where it was in the timeline, while the catalog and every
  /// thumbnail cache (which compare the mtime) still see that the file changed.
  package static func replace(_ path: String, with bytes: [UInt8], like original: stat)
    -> ImageError?
  {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    // Hidden, so that the library walker never indexes one left by a kill.
    let temporary = "\(folder)/.\(base).lightbox-\(getpid())-\(serialNumber()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return errnoError("cannot create \(temporary)") }
    var failure = writeAll(bytes, to: fd, name: temporary)
    if failure == nil {
      // Owner first: chown clears the set-id bits that fchmod then sets back.
      _ = fchown(fd, original.st_uid, original.st_gid)
      if fchmod(fd, original.st_mode & 0o7777) != 0 {
        failure = errnoError("cannot set the permissions of \(temporary)")
      }
    }
    if failure == nil {
      // The access time is kept too (reading the file to turn it is not a use of it).
      var times = [
        original.st_atim,
        timespec(tv_sec: original.st_mtim.tv_sec + 1, tv_nsec: original.st_mtim.tv_nsec),
      ]
      if futimens(fd, &times) != 0 { failure = errnoError("cannot set the time of \(temporary)") }
    }
    if failure == nil && fsync(fd) != 0 { failure = errnoError("cannot write \(temporary)") }
    if close(fd) != 0 && failure == nil { failure = errnoError("cannot write \(temporary)") }
    if failure == nil && rename(temporary, path) != 0 {
      failure = errnoError("cannot rename to \(path)")
    }
    if let failure {
      unlink(temporary)
      return failure
    }
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      _ = fsync(directory)
      close(directory)
    }
    return nil
  }

  /// Writes every byte of `bytes` to `fd` (retrying short writes and EINTR).
  package static func writeAll(_ bytes: [UInt8], to fd: Int32, name: String) -> ImageError? {
    var written = 0
    var failure: ImageError?
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      while written < raw.count {
        let n = Glibc.write(fd, base + written, raw.count - written)
        if n > 0 {
          written += n
        } else if n < 0 && errno == EINTR {
          continue
        } else {
          failure = errnoError("cannot write \(name)")
          return
        }
      }
    }
    return failure
  }

  private static let replaceSerial = SerialCounter()

  package static func serialNumber() -> UInt64 { replaceSerial.next() }
}
