#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MetadataReader {
  /// Reads the head (`maxHeaderBytes`) of the file at `path`, and past it only what the
  /// file's own offsets lead to, within `RandomAccessSource`'s budget.
  ///
  /// Fails (with a one-line reason) for anything but a non-empty regular file: a FIFO or
  /// device named `x.jpg` is refused before it is opened, so the reader never blocks.
  public static func read(contentsOf path: String) -> Result<PhotoMetadata, MetadataError> {
    readHead(ofFile: path).flatMap { head in
      guard !head.isEmpty else { return .failure(MetadataError(reason: "empty file")) }
      return .success(read(bytes: head) { range in path.withCString { readRange($0, range) } })
    }
  }

  /// The bytes of `range` of the regular file at the C path `path` (fewer at its end), or
  /// nil when it cannot be opened or read. For metadata items stored after the head.
  public static func readRange(_ path: UnsafePointer<CChar>, _ range: Range<Int>) -> [UInt8]? {
    guard range.lowerBound >= 0, !range.isEmpty else { return nil }
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var opened = stat()
    guard fstat(fd, &opened) == 0, isRegularFile(opened) else { return nil }
    var bytes = [UInt8](repeating: 0, count: range.count)
    var total = 0
    while total < range.count {
      let n = bytes.withUnsafeMutableBytes { buffer in
        pread(fd, buffer.baseAddress! + total, range.count - total, off_t(range.lowerBound + total))
      }
      if n > 0 {
        total += n
      } else if n < 0, errno == EINTR {
        continue
      } else {
        break
      }
    }
    return total == 0 ? nil : Array(bytes.prefix(total))
  }

  /// The first `maxBytes` bytes of the regular file at `path` (fewer when the file is
  /// shorter), read with one `read()` in the usual case.
  ///
  /// Callers that want the EXIF thumbnail can read the head once, pass it to
  /// `read(bytes:)` and slice `exifThumbnail` out of the same bytes.
  public static func readHead(ofFile path: String, maxBytes: Int = maxHeaderBytes)
    -> Result<[UInt8], MetadataError>
  {
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(systemError("cannot read file")) }
    guard isRegularFile(info) else { return .failure(MetadataError(reason: "not a regular file")) }
    // O_NONBLOCK: if the path was swapped for a FIFO since stat, open still returns at once.
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return .failure(systemError("cannot open file")) }
    defer { close(fd) }
    var opened = stat()
    guard fstat(fd, &opened) == 0, isRegularFile(opened) else {
      return .failure(MetadataError(reason: "not a regular file"))
    }
    let capacity = max(0, min(maxBytes, Int(opened.st_size)))
    var failure: Int32 = 0
    let head = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      var total = 0
      // One read() for a regular file; the loop only covers EINTR and short reads.
      while total < capacity, let base = buffer.baseAddress {
        let n = systemRead(fd, base + total, capacity - total)
        if n > 0 {
          total += n
        } else if n < 0, errno == EINTR {
          continue
        } else {
          if n < 0 { failure = errno }
          break
        }
      }
      count = total
    }
    if failure != 0, head.isEmpty { return .failure(systemError("cannot read file", failure)) }
    return .success(head)
  }

  private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int)
    -> Int
  {
    #if canImport(Glibc)
      Glibc.read(fd, buffer, count)
    #else
      Darwin.read(fd, buffer, count)
    #endif
  }

  /// POSIX S_IFMT / S_IFREG (the same values on Linux and macOS; the macros are not
  /// imported into Swift everywhere).
  private static func isRegularFile(_ info: stat) -> Bool {
    (UInt32(info.st_mode) & 0o170000) == 0o100000
  }

  private static func systemError(_ what: String, _ code: Int32 = errno) -> MetadataError {
    MetadataError(reason: "\(what): \(String(cString: strerror(code)))")
  }
}
