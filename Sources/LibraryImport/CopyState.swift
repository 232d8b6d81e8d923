import Foundation

/// The shared state of an import's copying threads: which group is next, the progress so far,
/// whether the import stopped, and each group's outcomes in plan order.
final class CopyState: @unchecked Sendable {
  // @unchecked: every field is touched under `lock`.
  private let lock = NSLock()
  private var nextGroup = 0
  private let groupCount: Int
  private var current: ImportProgress
  private let start: UInt64
  private let progress: @Sendable (ImportProgress) -> Void
  private var perGroup: [[ImportOutcome]]
  private var reason: String?
  private var landedBytes: Int64 = 0

  init(
    groups: Int, total: ImportProgress, start: UInt64,
    progress: @escaping @Sendable (ImportProgress) -> Void
  ) {
    groupCount = groups
    current = total
    self.start = start
    self.progress = progress
    perGroup = Array(repeating: [], count: groups)
  }

  /// The next group to copy, nil when all are taken.
  func next() -> Int? {
    lock.withLock {
      guard nextGroup < groupCount else { return nil }
      defer { nextGroup += 1 }
      return nextGroup
    }
  }

  /// Bytes written by a copy (its progress; a failed copy's bytes stay counted as work done).
  func wrote(_ bytes: Int) { report { $0.bytesDone += Int64(bytes) } }

  /// One more file landed.
  func landed(bytes: Int64) {
    lock.withLock { landedBytes += bytes }
    report { $0.filesDone += 1 }
  }

  private func report(_ change: (inout ImportProgress) -> Void) {
    let value = lock.withLock {
      change(&current)
      current.elapsedSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      return current
    }
    progress(value)
  }

  /// Stops the import; true for the first reason given (the one line shown).
  func stop(_ why: String) -> Bool {
    lock.withLock {
      guard reason == nil else { return false }
      reason = why
      return true
    }
  }

  var isStopped: Bool { lock.withLock { reason != nil } }
  var stopReason: String? { lock.withLock { reason } }
  var importedBytes: Int64 { lock.withLock { landedBytes } }

  func finish(group: Int, outcomes: [ImportOutcome]) {
    lock.withLock { perGroup[group] = outcomes }
  }

  /// Every outcome, in plan order.
  var outcomes: [ImportOutcome] { lock.withLock { perGroup.flatMap { $0 } } }
}
