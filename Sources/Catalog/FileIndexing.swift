#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import PhotoMetadata
import PhotoModel

/// Reads one file's metadata and makes its catalog entry.
enum FileIndexing {
  /// The entry of `path` whose stat gave `stamp`.
  static func entry(path: LibraryPath, stamp: FileStamp) -> CatalogEntry {
    let result: Result<PhotoMetadata, MetadataError>
    if path.isValidUTF8 {
      result = MetadataReader.read(contentsOf: path.string)
    } else {
      // A name that is not UTF-8 cannot go through a String: open it by its bytes.
      result = readHead(path).flatMap { head in
        head.isEmpty
          ? .failure(MetadataError(reason: "empty file")) : .success(MetadataReader.read(bytes: head))
      }
    }
    let metadata: PhotoMetadata
    switch result {
    case .success(let value): metadata = value
    case .failure(let error):
      return CatalogEntry(path: path, stamp: stamp, reason: error.reason, isError: true)
    }
    guard let format = metadata.format else {
      return CatalogEntry(path: path, stamp: stamp, reason: "not a photo", isError: false)
    }
    if format == .video {
      return CatalogEntry(path: path, stamp: stamp, reason: "video", isError: false)
    }
    let date = CaptureDateFallback.captureDate(
      metadata: metadata, fileName: String(decoding: path.lastComponent, as: UTF8.self),
      modificationTime: stamp.mtimeSeconds)
    return CatalogEntry(path: path, stamp: stamp, metadata: metadata, captureDate: date)
  }

  /// The first `MetadataReader.maxHeaderBytes` of a file named by bytes (regular files
  /// only; opened non-blocking so a FIFO swapped in never blocks).
  static func readHead(_ path: LibraryPath) -> Result<[UInt8], MetadataError> {
    let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard fd >= 0 else { return .failure(systemError("cannot open file")) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return .failure(MetadataError(reason: "not a regular file"))
    }
    let capacity = max(0, min(MetadataReader.maxHeaderBytes, Int(info.st_size)))
    var failure: Int32 = 0
    let head = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      var total = 0
      while total < capacity, let base = buffer.baseAddress {
        let n = read(fd, base + total, capacity - total)
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

  private static func systemError(_ what: String, _ code: Int32 = errno) -> MetadataError {
    MetadataError(reason: "\(what): \(String(cString: strerror(code)))")
  }
}
