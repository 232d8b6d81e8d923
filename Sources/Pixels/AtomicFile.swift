#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a whole file so that readers see either the old file or the complete new one:
/// a private temporary file in the same folder, then `rename`.
package enum AtomicFile {
  /// Writes `bytes` to `path` with mode 0600, creating `directory` (and the folders between
  /// `root` and it) with mode 0700 as the thumbnail spec asks.
  package static func write(_ bytes: [UInt8], to path: String, directory: String, root: String)
    -> Result<Void, ImageError>
  {
    if let error = makeDirectories(directory, root: root) { return .failure(error) }
    // Unique per process and per call: two workers (or two programs) writing the same
    // thumbnail each rename their own complete file; the last rename wins.
    let name = "\(path).lightbox-\(getpid())-\(nextSerial()).tmp"
    let fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return .failure(errnoError("cannot create \(name)")) }
    // The umask can only remove bits; set exactly 0600 whatever it is.
    _ = fchmod(fd, 0o600)
    var failure = writeAll(bytes, to: fd, name: name)
    if close(fd) != 0 && failure == nil { failure = errnoError("cannot write \(name)") }
    if failure == nil && rename(name, path) != 0 {
      failure = errnoError("cannot rename to \(path)")
    }
    if let failure {
      unlink(name)
      return .failure(failure)
    }
    return .success(())
  }

  /// `mkdir -p` from `root` down to `directory` (root itself included), mode 0700.
  package static func makeDirectories(_ directory: String, root: String) -> ImageError? {
    var info = stat()
    if stat(directory, &info) == 0 && UInt32(info.st_mode) & 0o170000 == 0o040000 { return nil }
    var current = ""
    for part in directory.split(separator: "/", omittingEmptySubsequences: true) {
      current += "/" + part
      // Folders above the root (the user's ~/.cache) keep whatever mode they get by umask.
      let mode: mode_t = current.count >= root.count ? 0o700 : 0o755
      if mkdir(current, mode) != 0 && errno != EEXIST {
        return errnoError("cannot create folder \(current)")
      }
    }
    return nil
  }

  private static let serial = SerialCounter()

  private static func nextSerial() -> UInt64 { serial.next() }

  package static func errnoError(_ what: String) -> ImageError {
    let code = errno
    return ImageError.oneLine("\(what): \(String(cString: strerror(code)))")
  }
}

/// A thread-safe increasing counter.
final class SerialCounter: @unchecked Sendable {
  // @unchecked: `value` is only touched under `lock`.
  private var lock = pthread_mutex_t()
  private var value: UInt64 = 0

  init() { pthread_mutex_init(&lock, nil) }
  deinit { pthread_mutex_destroy(&lock) }

  func next() -> UInt64 {
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    value &+= 1
    return value
  }
}
