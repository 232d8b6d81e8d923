import Foundation
import Decoders
import PhotoStore

#if canImport(Glibc)
  import Glibc
#endif

/// Watches one decode on its pool thread: when the thread has been inside a file read for
/// `threshold` seconds, the request's tile is told to say "waiting for disk" (once).
///
/// Checked a second after the decode starts and every half second after, until it ends: a
/// read that blocks (a stalled network mount, a USB disk spinning up) never freezes the
/// interface, since reads happen only on pool threads, but without this the tile would just
/// stay blank.
final class DiskWaitWatch: @unchecked Sendable {
  // @unchecked: `finished` is guarded by `lock`; the rest is set once.
  private let lock = NSLock()
  private var finished = false
  private let thread = pthread_self()
  private let key: ImageKey
  private let post: @Sendable (Action) -> Void

  /// Seconds a read must have blocked.
  static let threshold = 0.8

  /// Starts watching the calling thread's decode of `key`.
  init(key: ImageKey, post: @escaping @Sendable (Action) -> Void) {
    self.key = key
    self.post = post
    schedule(after: 1.0)
  }

  /// The decode ended: no more checks.
  func finish() { lock.withLock { finished = true } }

  private func schedule(after seconds: Double) {
    DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + seconds) { [self] in
      guard !lock.withLock({ finished }) else { return }
      if let blocked = DiskWait.shared.readingFor(thread: thread), blocked >= Self.threshold {
        post(.image(.waitingForDisk(key)))
      } else {
        schedule(after: 0.5)
      }
    }
  }
}
