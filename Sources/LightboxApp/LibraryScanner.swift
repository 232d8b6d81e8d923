import Catalog
import Foundation
import PhotoMetadata
import PhotoModel

/// Reads each photo's metadata under the library folders without a catalog (the browser's
/// fallback when no catalog opens): the indexer's walk, then the metadata reader.
public enum LibraryScanner {
  /// What a scan found.
  public struct Result: Sendable {
    /// Photos sorted oldest first (capture date, then path).
    public var assets: [Asset]
    /// One line per folder or file that could not be read.
    public var problems: [String]
  }

  /// Scans `roots`; `progress` gets the number of files examined so far.
  public static func scan(roots: [String], progress: (Int) -> Void = { _ in }) -> Result {
    let listing = LibraryFileList.files(under: roots)
    var problems = listing.problems
    progress(0)
    let files = listing.files
    // Reading metadata is IO plus parsing: spread it over the cores.
    let results = UnsafeMutableBufferPointer<Asset?>.allocate(capacity: files.count)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    let errors = UnsafeMutableBufferPointer<String?>.allocate(capacity: files.count)
    errors.initialize(repeating: nil)
    defer { errors.deallocate() }
    let chunk = 64
    let chunks = (files.count + chunk - 1) / chunk
    nonisolated(unsafe) let resultSlots = results
    nonisolated(unsafe) let errorSlots = errors
    DispatchQueue.concurrentPerform(iterations: chunks) { c in
      for i in (c * chunk)..<min(files.count, (c + 1) * chunk) {
        switch makeAsset(path: files[i]) {
        case .success(let asset?): resultSlots[i] = asset
        case .success(nil): break
        case .failure(let error): errorSlots[i] = "\(fileName(files[i])): \(error.reason)"
        }
      }
    }
    progress(files.count)
    var assets = results.compactMap { $0 }
    problems += errors.compactMap { $0 }
    assets.sort { a, b in
      a.captureDate.localSortKey != b.captureDate.localSortKey
        ? a.captureDate.localSortKey < b.captureDate.localSortKey : a.path < b.path
    }
    return Result(assets: assets, problems: problems)
  }

  /// The asset for one file, nil when it is not a photo.
  static func makeAsset(path: String) -> Swift.Result<Asset?, MetadataError> {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return .failure(MetadataError(reason: String(cString: strerror(errno))))
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return .success(nil) }
    let metadata: PhotoMetadata
    switch MetadataReader.read(contentsOf: path) {
    case .success(let m): metadata = m
    case .failure(let error): return .failure(error)
    }
    guard let format = metadata.format, format != .video else { return .success(nil) }
    let mtime = Int64(info.st_mtim.tv_sec)
    let name = fileName(path)
    let date = CaptureDateFallback.captureDate(
      metadata: metadata, fileName: name, modificationTime: mtime)
    return .success(
      Asset(
        id: AssetID(stableID(path)), path: path, byteSize: Int64(info.st_size),
        modificationTime: mtime, format: format, storedPixelSize: metadata.pixelSize,
        orientation: metadata.orientation, captureDate: date, cameraMake: metadata.cameraMake,
        cameraModel: metadata.cameraModel, exifThumbnail: metadata.exifThumbnail))
  }

  /// A 63-bit FNV-1a hash of the path: the same file keeps its identity across scans.
  static func stableID(_ path: String) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return Int64(bitPattern: hash >> 1)
  }

  static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
