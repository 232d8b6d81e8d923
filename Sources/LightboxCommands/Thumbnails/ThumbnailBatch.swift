import Catalog
import Foundation
import Decoders
import DecodeWorker
import ThumbnailCache
import PhotoMetadata
import PhotoModel

/// Fills the freedesktop thumbnail cache for many files on several threads
/// (`lightbox thumbnails`).
public enum ThumbnailBatch {
  /// What happened to one file.
  public enum Outcome: Sendable, Equatable {
    /// A thumbnail was decoded and written.
    case made
    /// A valid thumbnail was already there (ours or another program's).
    case reused
    /// The file could not be thumbnailed; a failure entry was written.
    case failed(String)
    /// A failure entry for this version of the file was already there.
    case knownFailure
    /// Not a still image Lightbox decodes, or inside the thumbnail cache itself: left alone, for the
    /// one-line reason given ("VIDEO: not decoded by this build").
    case skipped(String)
  }

  /// Counts so far, passed to the progress callback.
  public struct Progress: Sendable, Equatable {
    public var total = 0
    public var done = 0
    public var made = 0
    public var reused = 0
    public var failed = 0
    public var skipped = 0

    public init(total: Int = 0) { self.total = total }

    mutating func add(_ outcome: Outcome) {
      done += 1
      switch outcome {
      case .made: made += 1
      case .reused: reused += 1
      case .failed, .knownFailure: failed += 1
      case .skipped: skipped += 1
      }
    }
  }

  /// The end of a run.
  public struct Summary: Sendable {
    public var counts: Progress
    /// Wall-clock time of the whole run.
    public var seconds: Double
    /// "path: reason" for each file that failed in this run, in input order.
    public var failures: [String]
    /// "path: reason" for each file left alone, in input order.
    public var skips: [String] = []

    /// One line for the terminal:
    /// "200 files: 180 made, 15 reused, 5 failed, 0 skipped in 2.10 s (95 files/s)".
    public var line: String {
      let rate = seconds > 0 ? Double(counts.done) / seconds : 0
      return "\(counts.total) files: \(counts.made) made, \(counts.reused) reused, "
        + "\(counts.failed) failed, \(counts.skipped) skipped in "
        + String(format: "%.2f s (%.0f files/s)", seconds, rate)
    }
  }

  /// Makes (or finds) the `size` thumbnail of every file in `files` with `jobs` threads.
  /// `progress` is called from the worker threads after each file, never concurrently.
  /// Risky formats are decoded by `decoder`'s worker processes when it has a host.
  public static func run(
    files: [String], cache: ThumbnailDiskCache, size: ThumbnailSize, jobs: Int,
    decoder: PhotoDecoder,
    progress: @escaping @Sendable (Progress) -> Void = { _ in }
  ) -> Summary {
    let start = DispatchTime.now().uptimeNanoseconds
    let state = BatchState(total: files.count)
    let workers = max(1, min(jobs, max(1, files.count)))
    let group = DispatchGroup()
    for i in 0..<workers {
      group.enter()
      let thread = Thread {
        while let index = state.next() {
          let outcome = thumbnail(
            path: files[index], cache: cache, size: size, decoder: decoder)
          state.record(outcome, at: index, report: progress)
        }
        group.leave()
      }
      thread.name = "lightbox-thumbnails-\(i)"
      // Big enough for libjpeg's decoder state; the pixel buffers live on the heap.
      thread.stackSize = 1 << 20
      thread.start()
    }
    group.wait()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let outcomes = state.finalOutcomes()
    var failures: [String] = []
    var skips: [String] = []
    for (index, outcome) in outcomes.enumerated() {
      switch outcome {
      case .failed(let reason): failures.append("\(files[index]): \(reason)")
      case .skipped(let reason): skips.append("\(files[index]): \(reason)")
      default: break
      }
    }
    var summary = Summary(counts: state.counts(), seconds: seconds, failures: failures)
    summary.skips = skips
    return summary
  }

  /// One file through the thumbnail pipeline: reuse a valid entry or failure entry, else
  /// decode (one read of the file for metadata and pixels), orient, fit to `size`, write.
  public static func thumbnail(
    path: String, cache: ThumbnailDiskCache, size: ThumbnailSize,
    decoder: PhotoDecoder
  ) -> Outcome {
    let pipeline = ThumbnailPipeline(cache: cache, decoder: decoder)
    let outcome = pipeline.thumbnail(path: path, size: size, wantsPixels: false) { bytes in
      let metadata = MetadataReader.read(bytes: bytes)
      return ThumbnailPipeline.PhotoFacts(
        orientation: metadata.orientation, storedSize: metadata.pixelSize)
    }
    switch outcome {
    case .cached: return .reused
    case .made(_, let problem): return problem.map { .failed($0.reason) } ?? .made
    case .knownFailure: return .knownFailure
    case .failed(let error): return .failed(error.reason)
    case .skipped(let reason):
      // The pipeline says why in general; name the kind of file when it is one.
      return .skipped(cache.contains(path: path) ? reason : skipReason(path))
    }
  }

  /// The regular files under `roots` (hidden entries skipped, symlink loops walked once),
  /// in walk order, and one line per folder that could not be read.
  public static func files(under roots: [String]) -> (files: [String], problems: [String]) {
    LibraryFileList.files(under: roots)
  }
}

/// The work queue and results shared by the batch's threads.
private final class BatchState: @unchecked Sendable {
  // @unchecked: every field is guarded by `lock`.
  private let lock = NSLock()
  private let reportLock = NSLock()
  private var nextIndex = 0
  private var outcomes: [ThumbnailBatch.Outcome?]
  private var progress: ThumbnailBatch.Progress

  init(total: Int) {
    outcomes = Array(repeating: nil, count: total)
    progress = ThumbnailBatch.Progress(total: total)
  }

  func next() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard nextIndex < outcomes.count else { return nil }
    nextIndex += 1
    return nextIndex - 1
  }

  func record(
    _ outcome: ThumbnailBatch.Outcome, at index: Int,
    report: @Sendable (ThumbnailBatch.Progress) -> Void
  ) {
    // The report lock is taken first so that callbacks see counts in increasing order.
    reportLock.lock()
    defer { reportLock.unlock() }
    lock.lock()
    outcomes[index] = outcome
    progress.add(outcome)
    let snapshot = progress
    lock.unlock()
    report(snapshot)
  }

  func counts() -> ThumbnailBatch.Progress {
    lock.lock()
    defer { lock.unlock() }
    return progress
  }

  func finalOutcomes() -> [ThumbnailBatch.Outcome] {
    lock.lock()
    defer { lock.unlock() }
    return outcomes.map { $0 ?? .skipped("not reached") }
  }
}
