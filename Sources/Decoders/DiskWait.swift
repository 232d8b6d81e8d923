import Pixels
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Which threads are inside a file read now, and since when: a decode whose read has not
/// come back for a second is waiting for the disk (a stalled network mount, a USB disk
/// spinning up), and the browser says so on its tile instead of a silent placeholder.
///
/// Reads are marked around the whole of `ImageFile`'s work (the `stat`, the open and the
/// reads: on a hard NFS mount any of them can block).
public final class DiskWait: @unchecked Sendable {
  // @unchecked: `reading` is guarded by `lock`.
  private let lock = NSLock()
  private var reading: [pthread_t: UInt64] = [:]
  /// Test hook (with `LIGHTBOX_TEST_DECODER_HOOKS=1`): reads of paths containing
  /// `LIGHTBOX_TEST_STALL_READS` take 4 s, like a stalled mount.
  private let stallMarker: String?
  /// Test and benchmark hook (with `LIGHTBOX_TEST_DECODER_HOOKS=1`): reads of paths
  /// containing `LIGHTBOX_TEST_SLOW_READS` wait `LIGHTBOX_TEST_READ_LATENCY_MS` first, like a
  /// disk with that latency per random read (a USB disk, a NAS); the photos' folder is slow
  /// while the catalog and the thumbnail cache stay on the local disk.
  private let slowMarker: String?
  private let latencyMicroseconds: UInt32

  /// The process's registry.
  public static let shared = DiskWait(environment: ProcessInfo.processInfo.environment)

  init(environment: [String: String]) {
    let hooks = environment["LIGHTBOX_TEST_DECODER_HOOKS"] == "1"
    func marker(_ name: String) -> String? {
      hooks ? environment[name].flatMap { $0.isEmpty ? nil : $0 } : nil
    }
    stallMarker = marker("LIGHTBOX_TEST_STALL_READS")
    slowMarker = marker("LIGHTBOX_TEST_SLOW_READS")
    let milliseconds = environment["LIGHTBOX_TEST_READ_LATENCY_MS"].flatMap { UInt32($0) } ?? 0
    latencyMicroseconds = min(milliseconds, 10_000) * 1000
  }

  /// Runs `body` (a read of `path`) marked as this thread's read.
  func during<T>(path: String, _ body: () -> T) -> T {
    let thread = pthread_self()
    lock.withLock { reading[thread] = DispatchTime.now().uptimeNanoseconds }
    defer { _ = lock.withLock { reading.removeValue(forKey: thread) } }
    if let stallMarker, path.contains(stallMarker) { usleep(4_000_000) }
    let latency = addedLatency(for: path)
    if latency > 0 { usleep(latency) }
    return body()
  }

  /// The latency the test hook adds to a read of `path`, in microseconds (0: none).
  func addedLatency(for path: String) -> UInt32 {
    guard latencyMicroseconds > 0, let slowMarker, path.contains(slowMarker) else { return 0 }
    return latencyMicroseconds
  }

  /// How long `thread` has been inside a read, in seconds; nil when it is not reading.
  public func readingFor(thread: pthread_t) -> Double? {
    guard let since = lock.withLock({ reading[thread] }) else { return nil }
    return Double(DispatchTime.now().uptimeNanoseconds &- since) / 1e9
  }
}
