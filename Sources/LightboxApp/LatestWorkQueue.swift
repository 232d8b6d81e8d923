import Dispatch
import Foundation

/// Runs background work one job at a time, and only the newest job waiting: work asked for
/// a view the user has already left is dropped before it starts.
///
/// The loupe's tile prefetch uses it: zooming three steps quickly decodes the tile of the
/// last step only, so the two cores stay with the pictures the user is waiting for.
final class LatestWorkQueue: @unchecked Sendable {
  private let queue: DispatchQueue
  // @unchecked: `generation` is guarded by `lock`.
  private let lock = NSLock()
  private var generation: UInt64 = 0

  init(label: String) {
    queue = DispatchQueue(label: label, qos: .utility)
  }

  /// Runs `work` after the job running now, unless another is scheduled before it starts.
  func schedule(_ work: @escaping @Sendable () -> Void) {
    lock.lock()
    generation &+= 1
    let mine = generation
    lock.unlock()
    queue.async { [self] in
      lock.lock()
      let current = generation == mine
      lock.unlock()
      if current { work() }
    }
  }

  /// Waits until every job scheduled so far has run or been dropped (for tests).
  func drain() {
    queue.sync {}
  }
}
