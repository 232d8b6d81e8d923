import Foundation
import PhotoStore

/// A fixed set of worker threads, one per core, taking the most urgent request first.
/// A key is never worked on twice at once, and a cancelled request that has not started is
/// dropped.
final class DecodePool: @unchecked Sendable {
  // @unchecked: `queue`, `inFlight` and `stopped` are guarded by `condition`.
  private let condition = NSCondition()
  private var queue: [ImageRequest] = []
  private var inFlight: Set<ImageKey> = []
  private var stopped = false
  private let work: @Sendable (ImageRequest) -> Void
  private var threads: [Thread] = []

  init(workers: Int = ProcessInfo.processInfo.activeProcessorCount, work: @escaping @Sendable (ImageRequest) -> Void) {
    self.work = work
    for i in 0..<max(1, workers) {
      let thread = Thread { [weak self] in self?.runWorker() }
      thread.name = "lightbox-decode-\(i)"
      thread.stackSize = 1 << 20
      threads.append(thread)
      thread.start()
    }
  }

  /// Adds a request unless the same key is queued or running, or `isDone` says its result
  /// is already there. Returns false only in that last case (the caller answers from what
  /// is there); true means a result will come. A queued request asked for again more
  /// urgently (a prefetched row that came into view) moves up.
  ///
  /// `isDone` is asked under the pool's lock, and a worker's result is stored before the
  /// key stops being in flight, so no key is decoded twice however submissions race with
  /// workers finishing.
  @discardableResult
  func submit(_ request: ImageRequest, isDone: (ImageKey) -> Bool = { _ in false }) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    if let queued = queue.firstIndex(where: { $0.key == request.key }) {
      if request.priority < queue[queued].priority { queue[queued].priority = request.priority }
      return true
    }
    if inFlight.contains(request.key) { return true }
    if isDone(request.key) { return false }
    queue.append(request)
    condition.signal()
    return true
  }

  /// Drops a queued request (a running one finishes; its result is ignored by the reducer).
  func cancel(_ key: ImageKey) {
    condition.lock()
    queue.removeAll { $0.key == key }
    condition.unlock()
  }

  /// Number of requests waiting (for tests).
  var queuedCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return queue.count
  }

  /// Stops the workers after their current request.
  func stop() {
    condition.lock()
    stopped = true
    queue.removeAll()
    condition.broadcast()
    condition.unlock()
  }

  private func runWorker() {
    while true {
      condition.lock()
      while queue.isEmpty && !stopped { condition.wait() }
      if stopped {
        condition.unlock()
        return
      }
      // Most urgent first; among equals, first come first served.
      var best = 0
      for i in queue.indices where queue[i].priority < queue[best].priority { best = i }
      let request = queue.remove(at: best)
      inFlight.insert(request.key)
      condition.unlock()

      work(request)

      condition.lock()
      inFlight.remove(request.key)
      condition.unlock()
    }
  }
}
