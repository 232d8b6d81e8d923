import Pixels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ImageFile {
  /// The first `count` bytes of the regular file at `path` (fewer when it is shorter).
  ///
  /// Same refusals as `contents(atPath:)`: only regular files are opened, with
  /// `O_NONBLOCK`, and the type is checked again on the open descriptor.
  package static func prefix(atPath path: String, count: Int) -> Result<[UInt8], ImageError> {
    DiskWait.shared.during(path: path) { readPrefix(path, count: count) }
  }

  private static func readPrefix(_ path: String, count: Int) -> Result<[UInt8], ImageError> {
    var st = stat()
    guard stat(path, &st) == 0 else { return .failure(errnoError("cannot read file")) }
    guard UInt32(st.st_mode) & 0o170000 == 0o100000 else {
      return .failure(ImageError("not a regular file"))
    }
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return .failure(errnoError("cannot open file")) }
    defer { close(fd) }
    guard fstat(fd, &st) == 0, UInt32(st.st_mode) & 0o170000 == 0o100000 else {
      return .failure(ImageError("not a regular file"))
    }
    let wanted = max(0, min(count, Int(st.st_size)))
    var bytes = [UInt8](repeating: 0, count: wanted)
    var filled = 0
    var failure: ImageError?
    bytes.withUnsafeMutableBytes { raw in
      guard let base = raw.baseAddress else { return }
      while filled < wanted {
        let n = pread(fd, base + filled, wanted - filled, off_t(filled))
        if n > 0 {
          filled += n
        } else if n == 0 {
          break
        } else if errno != EINTR {
          failure = errnoError("cannot read file")
          return
        }
      }
    }
    if let failure { return .failure(failure) }
    if filled < wanted { bytes.removeSubrange(filled...) }
    return .success(bytes)
  }

  private static func errnoError(_ what: String) -> ImageError {
    let code = errno
    return ImageError.oneLine("\(what): \(String(cString: strerror(code)))")
  }
}
