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
  /// `sidecars`: whether its folder may hold XMP sidecars (false saves looking for them).
  static func entry(
    path: LibraryPath, stamp: FileStamp, folder: Int32 = -1, sidecars: Bool = true
  ) -> CatalogEntry {
    // The head up to the first JPEG scan (the whole 128 KB head for other formats), read
    // by the exact path bytes: see HeadReader for why this is the reader's own view.
    var embedded: XMPMetadata?
    let result = HeadReader.read(path, folder: folder).flatMap {
      head -> Result<PhotoMetadata, MetadataError> in
      guard !head.isEmpty else { return .failure(MetadataError(reason: "empty file")) }
      // HEIF phones store Exif and XMP after the head: those items are read on demand.
      let load = { (range: Range<Int>) in path.withCString { MetadataReader.readRange($0, range) } }
      let metadata = MetadataReader.read(bytes: head, loadingItems: load)
      if metadata.format != nil { embedded = XMPReader.embedded(head: head, load: load) }
      return .success(metadata)
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
    var entry = CatalogEntry(path: path, stamp: stamp, metadata: metadata, captureDate: date)
    // Tags, rating and label: the sidecars' over the embedded ones (a name that is not UTF-8
    // has no sidecar path to build, and keeps what it embeds).
    if sidecars, let name = String(validating: path.bytes, as: UTF8.self) {
      let layers = XMPReader.sidecarLayers(embedded, photoPath: name)
      entry.take(layers.metadata)
      // A date in a sidecar (a RAW's date fix) wins over the file's own.
      entry.captureDate = XMPReader.preferred(own: date, sidecar: layers.date)
    } else if let embedded {
      entry.take(embedded)
    }
    return entry
  }

  /// The folders (with their closing "/") that hold a file named `*.xmp` (any case) among
  /// `files`: only their photos are looked for sidecars while indexing.
  /// (Any sequence, so that a walk's files are looked at one at a time: an array of every
  /// path held 101 MB at a million files beside the loaded library, heaptrack.)
  static func sidecarFolders(_ files: some Sequence<LibraryPath>) -> Set<[UInt8]> {
    var folders = Set<[UInt8]>()
    for file in files where isSidecarName(file.bytes) {
      folders.insert(FilePlace.split(file.bytes).folder)
    }
    return folders
  }

  /// True for a name ending in ".xmp", any case.
  static func isSidecarName(_ bytes: [UInt8]) -> Bool {
    let n = bytes.count
    guard n > 4 else { return false }
    return bytes[n - 4] == UInt8(ascii: ".") && bytes[n - 3] | 0x20 == UInt8(ascii: "x")
      && bytes[n - 2] | 0x20 == UInt8(ascii: "m") && bytes[n - 1] | 0x20 == UInt8(ascii: "p")
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
