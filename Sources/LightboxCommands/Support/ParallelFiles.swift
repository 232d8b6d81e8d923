import Foundation
import TerminalUI

/// Runs one piece of work per file on a few threads, for the commands that change or write
/// files one by one (`rotate`, `export`): results come back in the order of the files.
enum ParallelFiles {
  /// `work(i)` for every i in 0..<count on `jobs` threads; `done(finished)` after each one
  /// (serially, never two at once), e.g. for a progress line.
  static func map<T: Sendable>(
    count: Int, jobs: Int, done: @escaping @Sendable (Int) -> Void = { _ in },
    _ work: @escaping @Sendable (Int) -> T
  ) -> [T] {
    let box = ResultBox<T>(count: count)
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
      while let index = box.claim() {
        let result = work(index)
        done(box.store(result, at: index))
      }
    }
    return box.results()
  }

  /// The one-line error of one file, on standard error (names and reasons sanitised).
  static func report(_ name: String, _ reason: String) {
    let line = "lightbox: \(TerminalText.sanitize(name)): \(TerminalText.sanitize(reason))\n"
    FileHandle.standardError.write(Data(line.utf8))
  }
}

/// The shared state of one `ParallelFiles.map`: the next file to claim and the results.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
  // @unchecked: every field is read and written under `lock`; `done` is called under it too
  // so that progress lines never interleave.
  private let lock = NSLock()
  private var next = 0
  private var finished = 0
  private var slots: [T?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func claim() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < slots.count else { return nil }
    next += 1
    return next - 1
  }

  /// Stores a result; the number finished so far.
  func store(_ value: T, at index: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    slots[index] = value
    finished += 1
    return finished
  }

  func results() -> [T] {
    lock.lock()
    defer { lock.unlock() }
    return slots.map { $0! }
  }
}
