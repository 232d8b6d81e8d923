#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import PhotoMetadata
import PhotoModel

/// Reads one file's metadata and makes its catalog entry.
public enum FileIndexing {
  /// The entry of `path` whose stat gave `stamp`; `folder` is its open parent folder, or -1.
  static func entry(path: LibraryPath, stamp: FileStamp, folder: Int32 = -1) -> CatalogEntry {
    // The head up to the first JPEG scan (the whole 128 KB head for other formats), read
    // by the exact path bytes: see HeadReader for why this is the reader's own view.
    let result = HeadReader.read(path, folder: folder).flatMap {
      head -> Result<PhotoMetadata, MetadataError> in
      guard !head.isEmpty else { return .failure(MetadataError(reason: "empty file")) }
      // HEIF phones store Exif and XMP after the head: those items are read on demand.
      return .success(
        MetadataReader.read(bytes: head) { range in
          path.withCString { MetadataReader.readRange($0, range) }
        })
    }
    var metadata: PhotoMetadata
    switch result {
    case .success(let value): metadata = value
    case .failure(let error):
      return CatalogEntry(path: path, stamp: stamp, reason: error.reason, isError: true)
    }
    guard metadata.format != nil else {
      return CatalogEntry(path: path, stamp: stamp, reason: "not a photo", isError: false)
    }
    if metadata.format == .png {
      metadata.isTruncated = !endsWithPNGEnd(path, size: stamp.size)
    }
    let date = CaptureDateFallback.captureDate(
      metadata: metadata, fileName: String(decoding: path.lastComponent, as: UTF8.self),
      modificationTime: stamp.mtimeSeconds)
    return CatalogEntry(path: path, stamp: stamp, metadata: metadata, captureDate: date)
  }

  /// The 12 bytes a whole PNG ends with: the empty IEND chunk and its CRC.
  static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

  /// True when the PNG at `path` of `size` bytes ends with its IEND chunk. A broken
  /// download stops short of it; screenshot tools and editors write nothing after it. One
  /// positioned read of 12 bytes.
  static func endsWithPNGEnd(_ path: LibraryPath, size: Int64) -> Bool {
    guard size >= Int64(pngEnd.count) else { return false }
    let start = Int(size) - pngEnd.count
    let tail = path.withCString { MetadataReader.readRange($0, start..<Int(size)) }
    return tail == pngEnd
  }
}
