import Dispatch
import Foundation
import Pixels
import Decoders
import PhotoModel

/// Writes a demo photo library: procedurally drawn scenes as JPEGs with EXIF, some PNG
/// screenshots and panoramas, deterministic for a seed.
///
/// The same (count, seed) always writes the same bytes, whatever the machine, the clock or
/// the number of threads: every picture is a pure function of its planned `DemoItem`.
public enum DemoLibraryGenerator {
  /// The file that marks a directory as written by the generator. It lists the files it
  /// wrote, so a re-run can replace them and nothing else.
  public static let markerFileName = ".lightbox-demo"
  static let markerHeader = "lightbox demo library 1"
  /// JPEG quality of the photos.
  public static let jpegQuality = 85

  /// Writes `options.count` files into `options.directory` (created when missing).
  /// `progress(done, total)` is called after each file, on the calling thread.
  ///
  /// Refuses (throws `DemoLibraryError`) when the directory holds files the generator did
  /// not write; an earlier demo library there is replaced.
  public static func generate(
    _ options: DemoLibraryOptions, progress: (Int, Int) -> Void = { _, _ in }
  ) throws -> DemoLibrarySummary {
    guard options.count >= 0, options.count <= 100_000 else {
      throw DemoLibraryError("demo library size must be 0…100000 files (got \(options.count))")
    }
    guard !options.directory.isEmpty else { throw DemoLibraryError("no directory given") }
    let root = URL(fileURLWithPath: options.directory).standardizedFileURL.path
    try prepareDirectory(root)
    let items = plan(options)
    try writeMarker(root: root, items: items)
    let folders = Set(
      items.map { $0.relativePath.split(separator: "/").dropLast().joined(separator: "/") })
    for folder in folders.sorted() where !folder.isEmpty {
      do {
        try FileManager.default.createDirectory(
          atPath: root + "/" + folder, withIntermediateDirectories: true)
      } catch {
        throw DemoLibraryError("cannot create \(root)/\(folder): \(error.localizedDescription)")
      }
    }

    // Batches keep both cores busy while progress stays on the caller's thread.
    let failures = FailureList()
    let batch = max(8, ProcessInfo.processInfo.activeProcessorCount * 4)
    var done = 0
    var start = 0
    while start < items.count {
      let end = min(items.count, start + batch)
      let slice = Array(items[start..<end])
      DispatchQueue.concurrentPerform(iterations: slice.count) { k in
        let item = slice[k]
        do {
          try write(item, root: root)
        } catch let error as DemoLibraryError {
          failures.add(index: item.index, error)
        } catch {
          failures.add(index: item.index, DemoLibraryError("\(item.relativePath): \(error)"))
        }
      }
      if let first = failures.first { throw first }
      for _ in start..<end {
        done += 1
        progress(done, items.count)
      }
      start = end
    }
    var summary = DemoLibrarySummary(directory: root, fileCount: items.count)
    summary.relativePaths = items.map(\.relativePath)
    return summary
  }

  /// Every file the generator would write for `options`, in capture order.
  public static func plan(_ options: DemoLibraryOptions) -> [DemoItem] {
    DemoPlanner.plan(count: max(0, min(options.count, 100_000)), seed: options.seed)
  }

  /// The upright picture of `item`, as painted (before orientation and encoding).
  public static func paint(_ item: DemoItem) -> Bitmap {
    switch item.kind {
    case .screenshot:
      return ScreenshotPainter(
        seed: item.scene.detailSeed, width: item.uprightSize.width,
        height: item.uprightSize.height
      ).paint()
    case .photo, .panorama:
      return ScenePainter(
        scene: item.scene, width: item.uprightSize.width, height: item.uprightSize.height
      ).paint()
    }
  }

  /// The pixels as stored in the file: the upright picture turned so that applying the
  /// item's EXIF orientation makes it upright again.
  public static func storedBitmap(_ item: DemoItem) -> Bitmap {
    stored(paint(item), orientation: item.orientation)
  }

  /// The bytes of the file for `item`.
  public static func fileBytes(_ item: DemoItem) -> Result<[UInt8], ImageError> {
    let bitmap = storedBitmap(item)
    switch item.kind {
    case .screenshot:
      return PNGEncoder.encode(bitmap, text: [(key: "Software", value: "Lightbox demo")])
    case .photo, .panorama:
      let thumbnail: [UInt8]?
      switch JPEGEncoder.encode(thumbnailOf(bitmap), quality: 75) {
      case .success(let bytes): thumbnail = bytes
      case .failure: thumbnail = nil
      }
      let exif = exifWriter(for: item, thumbnail: thumbnail).build()
      return JPEGEncoder.encode(bitmap, quality: jpegQuality, exif: exif)
    }
  }

  /// Turns an upright picture into its stored form for orientation 6 or 8 (others upright).
  static func stored(_ upright: Bitmap, orientation: Orientation) -> Bitmap {
    guard orientation == .right || orientation == .left else { return upright }
    let w = upright.width
    let h = upright.height
    // Stored is h wide and w tall.
    let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { out, count in
      upright.pixels.withUnsafeBufferPointer { src in
        for ys in 0..<w {
          for xs in 0..<h {
            // 6: display(x, y) = stored(y, w-1-x)  ⇒ stored(xs, ys) = display(w-1-ys, xs).
            // 8: display(x, y) = stored(h-1-y, x)  ⇒ stored(xs, ys) = display(ys, h-1-xs).
            let (x, y) = orientation == .right ? (w - 1 - ys, xs) : (ys, h - 1 - xs)
            let s = (y * w + x) * 4
            let d = (ys * h + xs) * 4
            out[d] = src[s]
            out[d + 1] = src[s + 1]
            out[d + 2] = src[s + 2]
            out[d + 3] = src[s + 3]
          }
        }
      }
      count = w * h * 4
    }
    return Bitmap(width: h, height: w, pixels: pixels)
  }

  /// A box-filtered reduction fitting 160×160, for the EXIF thumbnail.
  static func thumbnailOf(_ bitmap: Bitmap) -> Bitmap {
    let size = bitmap.size.fitting(in: PixelSize(width: 160, height: 160))
    let tw = size.width
    let th = size.height
    let pixels = [UInt8](unsafeUninitializedCapacity: tw * th * 4) { out, count in
      bitmap.pixels.withUnsafeBufferPointer { src in
        for ty in 0..<th {
          let y0 = ty * bitmap.height / th
          let y1 = max(y0 + 1, (ty + 1) * bitmap.height / th)
          for tx in 0..<tw {
            let x0 = tx * bitmap.width / tw
            let x1 = max(x0 + 1, (tx + 1) * bitmap.width / tw)
            var sum = (0, 0, 0)
            for y in y0..<y1 {
              for x in x0..<x1 {
                let i = (y * bitmap.width + x) * 4
                sum.0 += Int(src[i])
                sum.1 += Int(src[i + 1])
                sum.2 += Int(src[i + 2])
              }
            }
            let n = (y1 - y0) * (x1 - x0)
            let o = (ty * tw + tx) * 4
            out[o] = UInt8(sum.0 / n)
            out[o + 1] = UInt8(sum.1 / n)
            out[o + 2] = UInt8(sum.2 / n)
            out[o + 3] = 255
          }
        }
      }
      count = tw * th * 4
    }
    return Bitmap(width: tw, height: th, pixels: pixels)
  }

  // MARK: Files

  private static func write(_ item: DemoItem, root: String) throws {
    let bytes: [UInt8]
    switch fileBytes(item) {
    case .success(let b): bytes = b
    case .failure(let error): throw DemoLibraryError("\(item.relativePath): \(error.reason)")
    }
    let path = root + "/" + item.relativePath
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw DemoLibraryError("cannot write \(path): \(errnoText())") }
    var offset = 0
    var failure: String?
    bytes.withUnsafeBytes { raw in
      while offset < raw.count {
        let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          failure = errnoText()
          return
        }
        offset += n
      }
    }
    close(fd)
    if let failure { throw DemoLibraryError("cannot write \(path): \(failure)") }
    // The file's mtime is the capture instant, as a camera import would leave it.
    var times = [
      timespec(tv_sec: Int(item.modificationTime), tv_nsec: 0),
      timespec(tv_sec: Int(item.modificationTime), tv_nsec: 0),
    ]
    if utimensat(AT_FDCWD, path, &times, 0) != 0 {
      throw DemoLibraryError("cannot set the time of \(path): \(errnoText())")
    }
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }

  /// Creates the directory, or checks that whatever is in it was written by the generator
  /// and removes that.
  private static func prepareDirectory(_ root: String) throws {
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: root, isDirectory: &isDirectory) else {
      do {
        try fm.createDirectory(atPath: root, withIntermediateDirectories: true)
      } catch {
        throw DemoLibraryError("cannot create \(root): \(error.localizedDescription)")
      }
      return
    }
    guard isDirectory.boolValue else {
      throw DemoLibraryError("\(root) exists and is not a directory")
    }
    let entries: [String]
    do {
      entries = try fm.subpathsOfDirectory(atPath: root)
    } catch {
      throw DemoLibraryError("cannot read \(root): \(error.localizedDescription)")
    }
    if entries.isEmpty { return }
    let markerPath = root + "/" + markerFileName
    guard let marker = try? String(contentsOfFile: markerPath, encoding: .utf8),
      marker.hasPrefix(markerHeader + "\n")
    else {
      throw DemoLibraryError(
        "\(root) is not empty and is not a demo library (no \(markerFileName)):"
          + " refusing to write into it; choose a new or empty directory")
    }
    let listed = Set(marker.split(separator: "\n").dropFirst().map(String.init))
    var files: [String] = []
    var folders: [String] = []
    for entry in entries where entry != markerFileName {
      let attributes = try? fm.attributesOfItem(atPath: root + "/" + entry)
      if attributes?[.type] as? FileAttributeType == .typeDirectory {
        folders.append(entry)
      } else if listed.contains(entry) {
        files.append(entry)
      } else {
        throw DemoLibraryError(
          "\(root) holds \"\(entry)\", which the demo generator did not write:"
            + " refusing to replace the demo library there")
      }
    }
    for file in files {
      do {
        try fm.removeItem(atPath: root + "/" + file)
      } catch {
        throw DemoLibraryError("cannot remove old demo file \(file): \(error.localizedDescription)")
      }
    }
    // Deepest first, and only the folders the removal left empty.
    for folder in folders.sorted(by: { $0.count > $1.count }) {
      let path = root + "/" + folder
      if (try? fm.contentsOfDirectory(atPath: path))?.isEmpty == true {
        try? fm.removeItem(atPath: path)
      }
    }
  }

  private static func writeMarker(root: String, items: [DemoItem]) throws {
    let text = ([markerHeader] + items.map(\.relativePath)).joined(separator: "\n") + "\n"
    do {
      try text.write(toFile: root + "/" + markerFileName, atomically: true, encoding: .utf8)
    } catch {
      throw DemoLibraryError(
        "cannot write \(root)/\(markerFileName): \(error.localizedDescription)")
    }
  }
}

/// The first failure of a batch, kept by item index so that the error reported does not
/// depend on thread timing.
private final class FailureList: @unchecked Sendable {
  private let lock = NSLock()
  private var failures: [(Int, DemoLibraryError)] = []

  func add(index: Int, _ error: DemoLibraryError) {
    lock.lock()
    failures.append((index, error))
    lock.unlock()
  }

  var first: DemoLibraryError? {
    lock.lock()
    defer { lock.unlock() }
    return failures.min { $0.0 < $1.0 }?.1
  }
}

/// What `lightbox demo` asks for.
public struct DemoLibraryOptions: Sendable, Equatable {
  public var directory: String
  public var count: Int
  public var seed: UInt64

  public init(directory: String, count: Int = 600, seed: UInt64 = 1) {
    self.directory = directory
    self.count = count
    self.seed = seed
  }
}

/// What the generator wrote.
public struct DemoLibrarySummary: Sendable, Equatable {
  public var directory: String
  public var fileCount: Int
  /// The files written, relative to `directory`, in capture order.
  public var relativePaths: [String] = []

  public init(directory: String, fileCount: Int) {
    self.directory = directory
    self.fileCount = fileCount
  }
}
