import Pixels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads an image file whole, refusing anything that is not a plain, reasonably sized file.
package enum ImageFile {
  /// Files larger than this are refused without reading (no photo is this big).
  static let maxBytes = 512 * 1024 * 1024

  private static let typeMask: UInt32 = 0o170000
  private static let regularType: UInt32 = 0o100000

  /// The bytes of the regular file at `path`.
  ///
  /// The type is checked with `stat` before opening, so a FIFO or device named `x.jpg` is
  /// never opened (opening a FIFO for reading blocks until a writer appears). The open uses
  /// `O_NONBLOCK` as well and the type is checked again with `fstat`, in case the path was
  /// swapped between the two calls.
  package static func contents(atPath path: String) -> Result<[UInt8], ImageError> {
    DiskWait.shared.during(path: path) { read(path) }
  }

  private static func read(_ path: String) -> Result<[UInt8], ImageError> {
    var st = stat()
    guard stat(path, &st) == 0 else { return .failure(systemError("cannot read file")) }
    if let refusal = refusal(for: st) { return .failure(refusal) }

    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return .failure(systemError("cannot open file")) }
    defer { close(fd) }
    guard fstat(fd, &st) == 0 else { return .failure(systemError("cannot read file")) }
    if let refusal = refusal(for: st) { return .failure(refusal) }

    let expected = Int(st.st_size)
    guard expected > 0 else { return .failure(ImageError("empty file")) }
    // Not zero-filled first: `read` writes every byte that is kept, and zeroing a camera
    // file's 3-5 MB was 1 % of a thumbnail batch's time.
    var failure: ImageError?
    let bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
      count = 0
      guard let base = buffer.baseAddress else { return }
      while count < expected {
        let n = Glibc.read(fd, base + count, expected - count)
        if n > 0 {
          count += n
        } else if n == 0 {
          break  // The file shrank while we read it; use what is there.
        } else if errno != EINTR {
          failure = systemError("cannot read file")
          count = 0
          return
        }
      }
    }
    if let failure { return .failure(failure) }
    guard !bytes.isEmpty else { return .failure(ImageError("empty file")) }
    return .success(bytes)
  }

  private static func refusal(for st: stat) -> ImageError? {
    guard UInt32(st.st_mode) & typeMask == regularType else {
      return ImageError("not a regular file")
    }
    if st.st_size > maxBytes {
      let megabytes = Int(st.st_size) / (1024 * 1024)
      return ImageError("file too large (\(megabytes) MB, limit \(maxBytes / (1024 * 1024)) MB)")
    }
    return nil
  }

  private static func systemError(_ what: String) -> ImageError {
    let code = errno
    return ImageError.oneLine("\(what): \(String(cString: strerror(code)))")
  }
}
