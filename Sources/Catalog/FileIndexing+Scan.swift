import Foundation
import Synchronization
import PhotoMetadata
import PhotoModel

/// Reading a library without a catalog (the browser's fallback when none opens): the
/// indexer's own walk and file→entry reading, each entry then made an asset the way the
/// catalog would store it, so the two paths cannot drift apart.
extension FileIndexing {
  /// What a scan found.
  public struct ScanResult: Sendable {
    /// Photos sorted oldest first (capture date, then path).
    public var assets: [Asset]
    /// One line per folder or file that could not be read.
    public var problems: [String]
  }

  /// Walks `roots` and reads every file; `progress` gets the number of files examined.
  ///
  /// `readers` above the core count reads that many files at once on threads of their own:
  /// for a camera card or a cold disk, where a read mostly waits (an import's plan).
  public static func scanWithoutCatalog(
    roots: [String], readers: Int = 0, progress: (Int) -> Void = { _ in }
  ) -> ScanResult {
    let named = roots.map { LibraryPath($0).normalized }
    var walker = LibraryWalker(scope: LibraryScope(roots: named))
    for root in named { walker.walk(root: root) }
    progress(0)
    let (entries, animated) = readAll(
      walker.files.map { ($0.path, $0.stamp) }, readers: readers,
      sidecarFolders: sidecarFolders(walker.files.lazy.map(\.path)))
    progress(entries.count)
    var problems = walker.problems
    var assets: [Asset] = []
    for (entry, isAnimated) in zip(entries, animated) {
      if let asset = entry.asset(isAnimated: isAnimated) {
        assets.append(asset)
      } else if entry.isError, let reason = entry.reason {
        problems.append("\(String(decoding: entry.path.lastComponent, as: UTF8.self)): \(reason)")
      }
    }
    assets.sort { a, b in
      a.captureDate.localSortKey != b.captureDate.localSortKey
        ? a.captureDate.localSortKey < b.captureDate.localSortKey : a.path < b.path
    }
    return ScanResult(assets: assets, problems: problems)
  }

  /// Reads the entries of `files` on all cores, or on `readers` threads when that is more
  /// (results in the same order), with whether each is animated.
  /// `sidecarFolders`: the folders holding XMP sidecars (`sidecarFolders(_:)`); only their
  /// photos are looked for sidecars (nil: every photo's are).
  static func readAll(
    _ files: [(path: LibraryPath, stamp: FileStamp)], readers: Int = 0,
    sidecarFolders: Set<[UInt8]>? = nil
  ) -> (entries: [CatalogEntry], animated: [Bool]) {
    let slots = UnsafeMutableBufferPointer<CatalogEntry?>.allocate(capacity: files.count)
    slots.initialize(repeating: nil)
    let flags = UnsafeMutableBufferPointer<Bool>.allocate(capacity: files.count)
    flags.initialize(repeating: false)
    defer {
      slots.deinitialize()
      slots.deallocate()
      flags.deinitialize()
      flags.deallocate()
    }
    nonisolated(unsafe) let shared = slots
    nonisolated(unsafe) let sharedFlags = flags
    // A parallel loop over a list known in advance (see DECISIONS: the worker pool is for
    // queued, prioritised work). Small chunks keep both cores busy when a few files are
    // slow (cold cache, big heads).
    let chunk = 16
    let chunks = (files.count + chunk - 1) / chunk
    let readChunk: @Sendable (Int) -> Void = { c in
      // Files come folder by folder: each is opened by its name in its open folder.
      var folder = OpenFolder()
      defer { folder.close() }
      for i in (c * chunk)..<min(files.count, (c + 1) * chunk) {
        let path = files[i].path
        let sidecars = sidecarFolders?.contains(FilePlace.split(path.bytes).folder) ?? true
        let entry = FileIndexing.entry(
          path: path, stamp: files[i].stamp, folder: folder.descriptor(of: path),
          sidecars: sidecars)
        if let format = entry.metadata?.format {
          // Only GIF, PNG and WebP are looked at again, from the page cache.
          sharedFlags[i] = AnimationSniffer.isAnimated(entry.path, format: format)
        }
        shared[i] = entry
      }
    }
    if readers > ProcessInfo.processInfo.activeProcessorCount {
      onThreads(readers, iterations: chunks, readChunk)
    } else {
      DispatchQueue.concurrentPerform(iterations: chunks, execute: readChunk)
    }
    // Every slot was filled, so the two arrays stay aligned.
    return (slots.compactMap { $0 }, Array(flags))
  }

  /// Runs `body` for every iteration on `count` threads of their own, each taking the next
  /// iteration as it finishes one; returns when all are done. Dispatch's pool is sized to the
  /// cores, which leaves a disk that answers in parallel idle while each read waits.
  static func onThreads(_ count: Int, iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Counter: Sendable { let next = Atomic<Int>(0) }
    let counter = Counter()
    let done = DispatchGroup()
    for _ in 0..<min(count, iterations) {
      done.enter()
      Thread {
        while true {
          let i = counter.next.add(1, ordering: .relaxed).oldValue
          guard i < iterations else { break }
          body(i)
        }
        done.leave()
      }.start()
    }
    done.wait()
  }

  /// A 63-bit FNV-1a hash of the path: without a catalog the same file keeps its identity
  /// across scans.
  static func stableID(_ bytes: [UInt8]) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0100_0000_01b3
    }
    return Int64(bitPattern: hash >> 1)
  }
}

extension CatalogEntry {
  /// The photo this entry stands for, as the catalog would give it back (nil when it is
  /// not a photo).
  func asset(isAnimated: Bool) -> Asset? {
    guard let m = metadata, let date = captureDate else { return nil }
    let exposure = m.exposure.map { e in
      Exposure(
        fNumber: e.fNumber?.value,
        exposureTime: e.exposureTime.map {
          ExposureTime(numerator: $0.numerator, denominator: $0.denominator)
        },
        iso: e.iso, focalLength: e.focalLength?.value)
    }
    let name = String(validating: path.bytes, as: UTF8.self)
    return Asset(
      id: AssetID(FileIndexing.stableID(path.bytes)), path: name ?? path.string,
      byteSize: stamp.size, modificationTime: stamp.mtimeSeconds, format: m.format ?? .jpeg,
      storedPixelSize: m.pixelSize, orientation: m.orientation, captureDate: date,
      cameraMake: m.cameraMake, cameraModel: m.cameraModel, lensModel: m.lensModel,
      latitude: m.gps?.latitude, longitude: m.gps?.longitude,
      pathBytes: name == nil ? path.bytes : nil, exifThumbnail: m.exifThumbnail,
      exposure: exposure.flatMap { $0.isEmpty ? nil : $0 }, isAnimated: isAnimated,
      duration: m.video?.duration,
      contentIdentifier: m.video?.contentIdentifier ?? m.contentIdentifier, rating: rating)
  }
}
