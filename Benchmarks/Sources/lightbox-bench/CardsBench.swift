import ArgumentParser
import DecodeWorker
import Foundation
import LightboxApp
import LightboxCommands
import PhotoMetadata
import PhotoModel
import PhotoStore
import TerminalGraphics
import ThumbnailCache

/// `lightbox-bench cards`: a screen of year cards (issue 33 item 22), one card per file, made
/// as the decode pool makes them (one thread per core, HEIF in the sandboxed workers, sixel
/// pictures): cold (empty thumbnail cache) and warm (the cache the cold run filled, an empty
/// picture cache, as on the next start), with x-large cover entries and without them (the
/// 512 px entries of before), interleaved run by run. With `--compare-hevc`, the two runs of
/// each round are libde265 and FFmpeg's decoder as libheif's HEVC decoder instead (x-large
/// entries in both; the libde265 workers are started with `LIGHTBOX_HEVC_DECODER=libde265`).
struct CardsBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cards",
    abstract: "A screen of year cards, cold and warm, with and without x-large cover entries.")

  @Argument(help: "The photos, one card each (HEIC, JPEG…).")
  var files: [String] = []

  @Option(help: "Runs per figure (median reported).")
  var runs: Int = 7

  @Option(help: "Cell size in pixels, WxH (a year card is 30×12 cells).")
  var cell: String = "10x19"

  @Flag(help: "Compare libde265 (before) with FFmpeg's HEVC decoder (after), not cover entries.")
  var compareHevc = false

  @Option(help: "Where the thumbnail caches of the runs are made (emptied before each cold run).")
  var work: String = NSTemporaryDirectory() + "lightbox-bench-cards"

  func run() throws {
    let parts = cell.split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
      throw ValidationError("--cell is WxH, e.g. 10x19")
    }
    let cellSize = PixelSize(width: parts[0], height: parts[1])
    let card = PixelSize(
      width: AppState.yearCard.columns * cellSize.width,
      height: AppState.yearCard.rows * cellSize.height)
    let requests = try files.enumerated().map { index, file in
      let path = CommandSupport.absolute(file)
      let metadata = try MetadataReader.read(contentsOf: path).get()
      return ImageRequest(
        key: ImageKey(asset: AssetID(Int64(index + 1)), size: card, fit: .fill), path: path,
        format: metadata.format ?? .jpeg, orientation: metadata.orientation, priority: .visible,
        bestQuality: false, exifThumbnail: metadata.exifThumbnail, storedSize: metadata.pixelSize)
    }
    guard !requests.isEmpty else { throw ValidationError("no files") }
    let threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
    // The browser's workers: up to two (the untimed screen below starts them).
    let host = DecodeWorkerHost(configuration: .init(executable: "/proc/self/exe"))
    let decoder = PhotoDecoder(host: host)
    decoder.prewarm(for: files)
    let libde265 = PhotoDecoder(
      host: DecodeWorkerHost(
        configuration: .init(
          executable: "/proc/self/exe", environment: ["LIGHTBOX_HEVC_DECODER": "libde265"])))
    let format = PictureFormat.sixel(colors: 256, cell: cellSize)
    // Once untimed: the files in the page cache and the workers up, as in a running browser.
    _ = screen(
      requests, root: work + "/warmup", fresh: true, format: format, decoder: decoder,
      threads: threads, coverEntries: true)
    if compareHevc {
      libde265.prewarm(for: files)
      _ = screen(
        requests, root: work + "/warmup-libde265", fresh: true, format: format,
        decoder: libde265, threads: threads, coverEntries: true)
    }

    var times: [String: [Double]] = [:]
    var perCard: [String: [Double]] = [:]
    var failures: [String] = []
    for _ in 0..<max(1, runs) {
      for coverEntries in [false, true] {
        let name = coverEntries ? "after" : "before"
        let root = work + "/" + name
        // Compared: libde265 before, FFmpeg's decoder after; x-large entries in both.
        let pool = compareHevc && !coverEntries ? libde265 : decoder
        let covers = compareHevc || coverEntries
        let cold = screen(
          requests, root: root, fresh: true, format: format, decoder: pool, threads: threads,
          coverEntries: covers)
        let warm = screen(
          requests, root: root, fresh: false, format: format, decoder: pool, threads: threads,
          coverEntries: covers)
        times[name + " cold", default: []].append(cold.milliseconds)
        times[name + " warm", default: []].append(warm.milliseconds)
        for (index, milliseconds) in cold.cards.enumerated() {
          perCard["\(index) " + name, default: []].append(milliseconds)
        }
        failures += cold.failures + warm.failures
      }
    }
    if compareHevc { print("before: libde265; after: FFmpeg's HEVC decoder (x-large entries)") }
    print(
      "\(requests.count) year cards of \(card.width)×\(card.height) px (\(cellSize.width)×"
        + "\(cellSize.height) cells), sixel, \(threads) threads, medians of \(runs) runs (min–max):"
    )
    for name in ["before cold", "after cold", "before warm", "after warm"] {
      let sorted = (times[name] ?? []).sorted()
      guard let first = sorted.first, let last = sorted.last else { continue }
      print(
        "  " + name.padding(toLength: 12, withPad: " ", startingAt: 0)
          + String(format: "%8.1f ms  (%.1f–%.1f)", sorted[sorted.count / 2], first, last))
    }
    print("  one card cold, before → after (medians), and the x-large entry after:")
    for (index, entry) in entrySizes(requests, root: work + "/after").enumerated() {
      func median(_ name: String) -> Double {
        let sorted = (perCard["\(index) " + name] ?? []).sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
      }
      print(
        "    " + String(format: "%7.1f → %7.1f ms  ", median("before"), median("after")) + entry)
    }
    for failure in Set(failures).sorted() { print("  failed: " + failure) }
    try? FileManager.default.removeItem(atPath: work)
  }

  /// Makes every card of `requests` on `threads` threads into a new picture cache, the
  /// thumbnail cache at `root` emptied first when `fresh`; the wall time and what failed.
  func screen(
    _ requests: [ImageRequest], root: String, fresh: Bool, format: PictureFormat,
    decoder: PhotoDecoder, threads: Int, coverEntries: Bool
  ) -> (milliseconds: Double, cards: [Double], failures: [String]) {
    if fresh { try? FileManager.default.removeItem(atPath: root) }
    let disk = ThumbnailDiskCache(root: root)
    let pictures = PictureCache()
    let next = Counter()
    let failed = Failures()
    let cards = Times(count: requests.count)
    let start = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      while case let index = next.take(), index < requests.count {
        let begun = DispatchTime.now().uptimeNanoseconds
        let action = TilePicture.make(
          requests[index], format: format, background: .black, cache: pictures, diskCache: disk,
          decoder: decoder, coverEntries: coverEntries)
        cards.set(index, Double(DispatchTime.now().uptimeNanoseconds - begun) / 1e6)
        if case .image(.failed(_, let reason)) = action {
          failed.add("\(requests[index].path): \(reason)")
        }
      }
    }
    let end = DispatchTime.now().uptimeNanoseconds
    return (Double(end - start) / 1e6, cards.all, failed.all)
  }

  /// What the x-large entries of the last run hold, one line per photo.
  func entrySizes(_ requests: [ImageRequest], root: String) -> [String] {
    let disk = ThumbnailDiskCache(root: root)
    return requests.map { request in
      let name = (request.path as NSString).lastPathComponent
      guard case .success(let source) = ThumbnailSource.forFile(atPath: request.path),
        let entry = disk.thumbnail(for: source, size: .xLarge)
      else { return name + ": no x-large entry" }
      return "\(name): x-large entry \(entry.width)×\(entry.height)"
    }
  }
}

/// The next index for any thread.
private final class Counter: @unchecked Sendable {
  // @unchecked: guarded by `lock`.
  private let lock = NSLock()
  private var value = 0

  func take() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value - 1
  }
}

/// One time per card, from any thread.
private final class Times: @unchecked Sendable {
  // @unchecked: guarded by `lock`.
  private let lock = NSLock()
  private var values: [Double]

  init(count: Int) { values = Array(repeating: 0, count: count) }

  func set(_ index: Int, _ value: Double) {
    lock.lock()
    defer { lock.unlock() }
    values[index] = value
  }

  var all: [Double] {
    lock.lock()
    defer { lock.unlock() }
    return values
  }
}

/// Failure lines from any thread.
private final class Failures: @unchecked Sendable {
  // @unchecked: guarded by `lock`.
  private let lock = NSLock()
  private var lines: [String] = []

  func add(_ line: String) {
    lock.lock()
    defer { lock.unlock() }
    lines.append(line)
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }
}
