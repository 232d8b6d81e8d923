import Foundation
import PhotoMetadata
import PhotoModel

/// Walks the library folders and reads each photo's metadata (issue 2's on-the-fly
/// library; the catalog replaces it).
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
    var problems: [String] = []
    var found: [String] = []
    var visited = Set<DirectoryIdentity>()
    for root in roots {
      walk(root, files: &found, problems: &problems, visited: &visited, isRoot: true)
    }
    progress(0)
    let files = found
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
    let date =
      metadata.captureDate ?? FileNameDateParser.captureDate(fromFileName: name)
      ?? localDate(epochSeconds: mtime)
    return .success(
      Asset(
        id: AssetID(stableID(path)), path: path, byteSize: Int64(info.st_size),
        modificationTime: mtime, format: format, storedPixelSize: metadata.pixelSize,
        orientation: metadata.orientation, captureDate: date, cameraMake: metadata.cameraMake,
        cameraModel: metadata.cameraModel, exifThumbnail: metadata.exifThumbnail))
  }

  /// The local wall-clock date of an instant, in this machine's time zone.
  static func localDate(epochSeconds: Int64) -> CaptureDate {
    var t = time_t(epochSeconds)
    var parts = tm()
    localtime_r(&t, &parts)
    return CaptureDate(
      epochSeconds: epochSeconds, utcOffsetSeconds: Int(parts.tm_gmtoff), recordOffset: true,
      source: .fileModification)
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

  /// (device, inode) of a folder, to walk each folder once even through symlink loops.
  struct DirectoryIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  static func walk(
    _ directory: String, files: inout [String], problems: inout [String],
    visited: inout Set<DirectoryIdentity>, isRoot: Bool
  ) {
    var info = stat()
    guard stat(directory, &info) == 0 else {
      problems.append("\(directory): \(String(cString: strerror(errno)))")
      return
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      if isRoot, (info.st_mode & S_IFMT) == S_IFREG { files.append(directory) }
      return
    }
    guard visited.insert(DirectoryIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted
    else { return }
    guard let handle = opendir(directory) else {
      problems.append("\(directory): cannot read folder (\(String(cString: strerror(errno))))")
      return
    }
    defer { closedir(handle) }
    var subdirectories: [String] = []
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      // Hidden files and folders (.thumbnails, .Trash-1000, .git) are not part of the library.
      if name.hasPrefix(".") { continue }
      let path = prefix + name
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_DIR): subdirectories.append(path)
      case Int32(DT_REG): files.append(path)
      case Int32(DT_LNK), Int32(DT_UNKNOWN):
        var target = stat()
        if stat(path, &target) == 0 {
          if (target.st_mode & S_IFMT) == S_IFDIR { subdirectories.append(path) }
          if (target.st_mode & S_IFMT) == S_IFREG { files.append(path) }
        }
      default: continue  // FIFOs, sockets and devices are never opened
      }
    }
    for sub in subdirectories.sorted() {
      walk(sub, files: &files, problems: &problems, visited: &visited, isRoot: false)
    }
  }
}
