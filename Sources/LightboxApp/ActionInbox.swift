import Foundation
import PhotoStore

/// Where effect results wait for the run loop: any thread may post, the loop drains them
/// all at once (so a burst of decoded thumbnails costs one frame, not one each).
final class ActionInbox: @unchecked Sendable {
  // @unchecked: every access to `pending` holds `lock`.
  private let lock = NSLock()
  private var pending: [Action] = []
  private let wake: @Sendable () -> Void

  /// An inbox that calls `wake` (the terminal's `waker`) after each post.
  init(wake: @escaping @Sendable () -> Void) {
    self.wake = wake
  }

  /// Queues an action and wakes the run loop.
  func post(_ action: Action) {
    lock.lock()
    pending.append(action)
    lock.unlock()
    wake()
  }

  /// Everything posted since the last drain, in order.
  func drain() -> [Action] {
    lock.lock()
    defer { lock.unlock() }
    let actions = pending
    pending.removeAll(keepingCapacity: true)
    return actions
  }
}
