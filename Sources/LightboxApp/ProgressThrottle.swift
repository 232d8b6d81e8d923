import Dispatch
import Foundation

/// Decides when progress is worth a frame (at most every `every` nanoseconds).
final class ProgressThrottle: @unchecked Sendable {
  // @unchecked: guarded by `lock`.
  private let lock = NSLock()
  private var lastPost: UInt64 = 0
  private var lastReload: UInt64 = DispatchTime.now().uptimeNanoseconds

  func shouldPost(now: UInt64, every: UInt64) -> Bool {
    lock.withLock {
      guard now - lastPost >= every else { return false }
      lastPost = now
      return true
    }
  }

  private var reloads = 0
  private var readAtLastReload = 0

  /// True when the library is worth loading again: `every` nanoseconds since the last time,
  /// and more files `read` (new or changed ones in the catalog) than then.
  ///
  /// Without the second condition a re-scan that changes nothing loaded the whole library
  /// every 1.5 s while it walked: at 1,000,000 photos eight loads in a 13 s re-scan, each a
  /// million rows read, reduced on the run loop and its old copy left in the heap.
  func shouldReload(now: UInt64, every: UInt64, read: Int) -> Bool {
    lock.withLock {
      guard read > readAtLastReload, now - lastReload >= every else { return false }
      lastReload = now
      readAtLastReload = read
      reloads += 1
      return true
    }
  }

  /// True once `shouldReload` has said yes.
  var reloaded: Bool { lock.withLock { reloads > 0 } }
}
