#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import PhotoMetadata

/// Reads the head of a file for the metadata reader, stopping early for JPEG.
///
/// `MetadataReader` looks at most `maxHeaderBytes` (128 KB) into a file, but in a JPEG it
/// stops at the first scan (SOS): everything after is pixel data it never parses. Copying
/// 128 KB per photo out of the page cache was half the cost of indexing, so this reads a
/// small first block, walks the JPEG markers exactly as the reader's scanner does, and
/// reads on only until that walk reaches SOS. The reader then sees the same segments it
/// would have seen in the full head, so it gives the same answer.
enum HeadReader {
  /// The first read; camera EXIF with its thumbnail usually fits.
  static let firstBlock = 16 * 1024
  /// Extra bytes read past a segment's end, to see the next markers in the same read.
  static let slack = 4 * 1024

  /// The head of the regular file `path` (opened non-blocking, so a FIFO swapped in never
  /// blocks), or why it could not be read. `folder`, when not -1, is the open folder that
  /// holds the file: the file is opened by its name in it, without looking up the whole
  /// path again (a million lookups were a tenth of a cold index).
  static func read(_ path: LibraryPath, folder: Int32 = -1) -> Result<[UInt8], MetadataError> {
    let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
    let fd =
      folder >= 0
      ? LibraryPath(bytes: Array(path.lastComponent)).withCString { openat(folder, $0, flags) }
      : path.withCString { open($0, flags) }
    guard fd >= 0 else { return .failure(systemError("cannot open file")) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return .failure(MetadataError(reason: "not a regular file"))
    }
    let limit = max(0, min(MetadataReader.maxHeaderBytes, Int(info.st_size)))
    var failure: Int32 = 0
    // Uninitialised capacity: only the bytes read are touched (no 128 KB zero fill).
    let head = [UInt8](unsafeUninitializedCapacity: limit) { buffer, initialized in
      var count = 0
      var wanted = min(limit, firstBlock)
      while true {
        let got = fill(fd, buffer, from: count, to: wanted)
        if got < 0 {
          failure = Int32(-got)
          break
        }
        let before = count
        count = got
        // End of file (shorter than it said), or the reader's limit: this is the head.
        if count < wanted || count >= limit { break }
        guard buffer[0] == 0xFF, buffer[1] == 0xD8, buffer[2] == 0xFF else {
          // Not a JPEG: the other formats get the whole head.
          wanted = limit
          continue
        }
        guard let needed = bytesBeforeScan(UnsafeBufferPointer(buffer), count: count) else {
          break
        }
        wanted = min(limit, max(needed + slack, count + 1))
        if count == before { break }  // no progress: never loop
      }
      initialized = count
    }
    if failure != 0 { return .failure(systemError("cannot read file", failure)) }
    return .success(head)
  }

  /// Reads into `buffer[from..<to]`; returns the new count, or -errno when nothing could
  /// be read at all.
  private static func fill(
    _ fd: Int32, _ buffer: UnsafeMutableBufferPointer<UInt8>, from: Int, to: Int
  ) -> Int {
    var total = from
    while total < to, let base = buffer.baseAddress {
      let n = pread(fd, base + total, to - total, off_t(total))
      if n > 0 {
        total += n
      } else if n < 0, errno == EINTR {
        continue
      } else {
        if n < 0, total == 0 { return -Int(errno) }
        break
      }
    }
    return total
  }

  /// Walks the JPEG markers in `head[..<count]` the way `JPEGScanner` does. Returns nil
  /// when the walk ends inside these bytes (SOS, EOI, or a broken structure), else the
  /// number of bytes it needs to go on.
  static func bytesBeforeScan(_ head: UnsafeBufferPointer<UInt8>, count: Int) -> Int? {
    var pos = 2
    while true {
      while pos < count, head[pos] != 0xFF { pos += 1 }
      while pos + 1 < count, head[pos + 1] == 0xFF { pos += 1 }
      guard pos + 1 < count else { return pos + 2 }
      let marker = head[pos + 1]
      pos += 2
      switch marker {
      case 0x00, 0x01, 0xD0...0xD8:
        continue
      case 0xD9, 0xDA:
        // The scanner may read a few bytes past a short SOF segment just before this
        // marker: keep some after it too.
        return pos + 8 > count ? pos + 8 : nil
      default:
        guard pos + 1 < count else { return pos + 2 }
        let length = Int(head[pos]) << 8 | Int(head[pos + 1])
        guard length >= 2 else { return nil }
        pos += length
        if pos >= count { return pos + 2 }
      }
    }
  }

  private static func systemError(_ what: String, _ code: Int32 = errno) -> MetadataError {
    MetadataError(reason: "\(what): \(String(cString: strerror(code)))")
  }
}
