#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Digests
import PhotoMetadata
import PhotoModel

/// Exact duplicates' key: the SHA-256 of a file's image data (`ImageDataLayout`), prefixed
/// by the kind of layout, so that a JPEG and a file hashed whole never meet by accident.
public enum ImageDataHash {
  /// Files larger than this are hashed whole rather than read into memory to be parsed (a
  /// video, a panorama TIFF): 256 MiB.
  public static let parseLimit = 256 << 20

  /// The digest of the image data in `bytes`.
  public static func digest(of bytes: UnsafeRawBufferPointer) -> Result<ImageDigest, ImageDataError>
  {
    ImageDataLayout.of(bytes).map { layout in
      let stream = SHA256Stream()
      stream.update(Array(layout.kind.rawValue.utf8) + [0])
      for range in layout.ranges { stream.update(UnsafeRawBufferPointer(rebasing: bytes[range])) }
      return ImageDigest(bytes: stream.finish())
    }
  }

  /// The digest of the image data in `bytes` (an array).
  public static func digest(of bytes: [UInt8]) -> Result<ImageDigest, ImageDataError> {
    bytes.withUnsafeBytes { digest(of: $0) }
  }

  /// The digest of the file at `path`, read once into memory (or hashed whole in pieces
  /// when larger than `parseLimit`); the error says why it could not be read or parsed.
  public static func digest(ofFile path: String) -> Result<ImageDigest, ImageDataError> {
    digest(ofFile: path) { _ in true }.map { $0! }
  }

  /// The digest of the file at `path` when `accepts` its format (sniffed from its first
  /// bytes; nil when unknown), else nil without hashing: a walk over a library skips videos
  /// and documents with one read of their head.
  public static func digest(ofFile path: String, accepting accepts: (MediaFormat?) -> Bool)
    -> Result<ImageDigest?, ImageDataError>
  {
    // O_NONBLOCK: a FIFO put where a file was listed must not block the open.
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return .failure(ImageDataError(errnoText(errno))) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(ImageDataError(errnoText(errno))) }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      return .failure(ImageDataError("not a regular file"))
    }
    let size = Int(info.st_size)
    let readSize = size > parseLimit ? 4096 : size
    var bytes = [UInt8](repeating: 0, count: readSize)
    var filled = 0
    let readError: Int32? = bytes.withUnsafeMutableBytes { buffer in
      while filled < readSize {
        let n = pread(fd, buffer.baseAddress! + filled, readSize - filled, off_t(filled))
        if n < 0 {
          if errno == EINTR { continue }
          return errno
        }
        if n == 0 { break }  // shrank while read: hash what is there
        filled += n
      }
      return nil
    }
    if let readError { return .failure(ImageDataError(errnoText(readError))) }
    let format = bytes.withUnsafeBytes {
      FormatSniffer.format(of: UnsafeRawBufferPointer(rebasing: $0[0..<min(filled, 4096)]))
    }
    guard accepts(format) else { return .success(nil) }
    if size > parseLimit { return wholeFile(fd).map { $0 } }
    return bytes.withUnsafeBytes {
      digest(of: UnsafeRawBufferPointer(rebasing: $0[0..<filled])).map { $0 }
    }
  }

  /// The whole file from `fd`, in 1 MiB pieces.
  static func wholeFile(_ fd: Int32) -> Result<ImageDigest, ImageDataError> {
    let stream = SHA256Stream()
    stream.update(Array(ImageDataLayout.Kind.wholeFile.rawValue.utf8) + [0])
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 4096)
    defer { buffer.deallocate() }
    var offset: off_t = 0
    while true {
      let n = pread(fd, buffer.baseAddress, buffer.count, offset)
      if n < 0 {
        if errno == EINTR { continue }
        return .failure(ImageDataError(errnoText(errno)))
      }
      if n == 0 { break }
      stream.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
      offset += off_t(n)
    }
    return .success(ImageDigest(bytes: stream.finish()))
  }

  /// "Permission denied" for EACCES.
  static func errnoText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
