import Decoders
import Pixels
import Foundation

/// A fixed set of worker threads taking the most urgent job first: the one pool Lightbox
/// decodes pictures, makes batch thumbnails and reads metadata with.
///
/// A key is never queued or worked on twice at once; a queued job asked for again more
/// urgently moves up; a cancelled job that has not started is dropped. Priorities are
/// integers, lower first; among equals, first come first served.
public final class WorkerPool<Key: Hashable & Sendable, Job: Sendable>: @unchecked Sendable {
  // @unchecked: every stored var is guarded by `condition`.
  private struct Entry {
    let key: Key
    var priority: Int
    let job: Job
    let sequence: UInt64
  }

  private let condition = NSCondition()
  private var queue: [Entry] = []
  private var inFlight: Set<Key> = []
  private var stopped = false
  private var sequence: UInt64 = 0
  private let work: @Sendable (Job) -> Void

  /// Starts `workers` threads (one per core by default) named `name-N`.
  public init(
    workers: Int = ProcessInfo.processInfo.activeProcessorCount, name: String = "lightbox-worker",
    work: @escaping @Sendable (Job) -> Void
  ) {
    self.work = work
    for i in 0..<max(1, workers) {
      let thread = Thread { [weak self] in self?.runWorker() }
      thread.name = "\(name)-\(i)"
      // Decoders keep their big buffers on the heap; 1 MB is plenty and keeps 8 threads cheap.
      thread.stackSize = 1 << 20
      thread.start()
    }
  }

  /// Adds a job unless the same key is queued or running, or `isDone` says its result is
  /// already there. Returns false only in that last case (the caller answers from what is
  /// there); true means the job will run or is running.
  ///
  /// `isDone` is asked under the pool's lock, and a worker's result is stored before its
  /// key stops being in flight, so no key runs twice however submissions race with workers
  /// finishing.
  @discardableResult
  public func submit(
    _ job: Job, key: Key, priority: Int = 0, isDone: (Key) -> Bool = { _ in false }
  ) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    if let queued = queue.firstIndex(where: { $0.key == key }) {
      if priority < queue[queued].priority { queue[queued].priority = priority }
      return true
    }
    if inFlight.contains(key) { return true }
    if isDone(key) { return false }
    sequence += 1
    queue.append(Entry(key: key, priority: priority, job: job, sequence: sequence))
    condition.signal()
    return true
  }

  /// Drops a queued job (a running one finishes).
  public func cancel(_ key: Key) {
    condition.lock()
    queue.removeAll { $0.key == key }
    condition.unlock()
  }

  /// Drops every queued job for which `predicate` is true.
  public func cancelAll(where predicate: (Key) -> Bool) {
    condition.lock()
    queue.removeAll { predicate($0.key) }
    condition.unlock()
  }

  /// Number of jobs waiting.
  public var queuedCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return queue.count
  }

  /// Keys being worked on now.
  public var runningKeys: Set<Key> {
    condition.lock()
    defer { condition.unlock() }
    return inFlight
  }

  /// Blocks until nothing is queued or running (or the pool is stopped).
  public func waitUntilIdle() {
    condition.lock()
    while !(queue.isEmpty && inFlight.isEmpty) && !stopped { condition.wait() }
    condition.unlock()
  }

  /// Blocks until a worker has taken the job for `key` (or the pool is stopped): for callers
  /// and tests that must know the job left the queue.
  public func waitUntilRunning(_ key: Key) {
    condition.lock()
    while !inFlight.contains(key) && !stopped { condition.wait() }
    condition.unlock()
  }

  /// Stops the workers after their current job; queued jobs are dropped.
  public func stop() {
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
      var best = 0
      for i in queue.indices.dropFirst()
      where (queue[i].priority, queue[i].sequence) < (queue[best].priority, queue[best].sequence) {
        best = i
      }
      let entry = queue.remove(at: best)
      inFlight.insert(entry.key)
      condition.broadcast()
      condition.unlock()

      work(entry.job)

      condition.lock()
      inFlight.remove(entry.key)
      condition.broadcast()
      condition.unlock()
    }
  }
}
