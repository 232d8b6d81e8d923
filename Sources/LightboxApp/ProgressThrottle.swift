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
  ///
  /// And no sooner than four times the last load's length (`loadTook`) after it ended: a load
  /// of a million photos takes seconds, and the indexer waits for it, so a re-read of a whole
  /// library (a catalog upgrade that reads every file again) spent most of its time loading.
  func shouldReload(now: UInt64, every: UInt64, read: Int) -> Bool {
    lock.withLock {
      let wait = max(every, 4 * lastLoadLength)
      guard read > readAtLastReload, now >= lastReload, now - lastReload >= wait else {
        return false
      }
      lastReload = now
      readAtLastReload = read
      reloads += 1
      return true
    }
  }

  private var lastLoadLength: UInt64 = 0

  /// The load `shouldReload` asked for took `nanoseconds` and ended at `end`.
  func loadTook(_ nanoseconds: UInt64, endingAt end: UInt64) {
    lock.withLock {
      lastLoadLength = nanoseconds
      lastReload = max(lastReload, end)
    }
  }

  /// True once `shouldReload` has said yes.
  var reloaded: Bool { lock.withLock { reloads > 0 } }
}
