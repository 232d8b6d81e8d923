import Foundation
import ThumbnailCache
import LightboxTestSupport
import XCTest

/// The one worker pool: priorities, no key twice, cancel. Ordering comes from the pool's own
/// waits (`waitUntilRunning`, `waitUntilIdle`) and a gate the first job holds, never sleeps.
final class WorkerPoolTests: XCTestCase {
  /// Records the jobs done; job 1 blocks until the gate opens so the queue fills behind it.
  final class Recorder: @unchecked Sendable {
    let lock = NSCondition()
    var done: [Int] = []
    var open = false

    func work(_ job: Int) {
      lock.lock()
      while !open && job == 1 { lock.wait() }
      done.append(job)
      lock.unlock()
    }

    func openGate() {
      lock.lock()
      open = true
      lock.broadcast()
      lock.unlock()
    }

    var jobs: [Int] {
      lock.lock()
      defer { lock.unlock() }
      return done
    }
  }

  func testNoKeyTwiceCancelledWorkSkippedUrgentFirst() {
    let recorder = Recorder()
    let pool = WorkerPool<Int, Int>(workers: 1) { recorder.work($0) }
    defer { pool.stop() }
    pool.submit(1, key: 1)  // occupies the only worker
    pool.waitUntilRunning(1)
    pool.submit(2, key: 2, priority: 2)
    pool.submit(3, key: 3, priority: 1)
    pool.submit(3, key: 3, priority: 1)  // duplicate key: ignored
    pool.submit(4, key: 4, priority: 0)
    pool.submit(5, key: 5, priority: 0)
    pool.submit(1, key: 1)  // already running: ignored
    pool.cancel(5)
    XCTAssertEqual(pool.queuedCount, 3)
    recorder.openGate()
    pool.waitUntilIdle()
    XCTAssertEqual(recorder.jobs, [1, 4, 3, 2])
  }

  func testAQueuedJobAskedForAgainMoreUrgentlyMovesUp() {
    let recorder = Recorder()
    let pool = WorkerPool<Int, Int>(workers: 1) { recorder.work($0) }
    defer { pool.stop() }
    pool.submit(1, key: 1)
    pool.waitUntilRunning(1)
    pool.submit(2, key: 2, priority: 2)
    pool.submit(3, key: 3, priority: 1)
    pool.submit(2, key: 2, priority: 0)  // the prefetched row came into view
    XCTAssertEqual(pool.queuedCount, 2, "asked again, not queued twice")
    recorder.openGate()
    pool.waitUntilIdle()
    XCTAssertEqual(recorder.jobs, [1, 2, 3])
  }

  /// A queued job that is cancelled never runs, whatever its priority.
  func testCancelledJobsNeverRun() {
    let recorder = Recorder()
    let pool = WorkerPool<Int, Int>(workers: 1) { recorder.work($0) }
    defer { pool.stop() }
    pool.submit(1, key: 1)
    pool.waitUntilRunning(1)
    for id in 2...20 { pool.submit(id, key: id, priority: id % 2) }
    for id in stride(from: 2, through: 20, by: 3) { pool.cancel(id) }
    recorder.openGate()
    pool.waitUntilIdle()
    let expected = Set((1...20).filter { $0 == 1 || ($0 - 2) % 3 != 0 })
    XCTAssertEqual(Set(recorder.jobs), expected)
    XCTAssertEqual(recorder.jobs.count, expected.count)
  }

  /// Many threads ask for the same keys while workers finish them: each key runs once; a
  /// request for a finished key is answered from what is there.
  func testNoKeyRunsTwiceUnderRacingSubmissions() {
    final class Results: @unchecked Sendable {
      let lock = NSLock()
      var done = Set<Int>()
      var runs: [Int: Int] = [:]
      var answeredFromResults = 0

      func run(_ job: Int) {
        lock.lock()
        runs[job, default: 0] += 1
        done.insert(job)  // stored before the key leaves the pool
        lock.unlock()
      }

      func isDone(_ key: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return done.contains(key)
      }
    }
    let results = Results()
    let pool = WorkerPool<Int, Int>(workers: 4) { results.run($0) }
    defer { pool.stop() }
    let keys = 80
    let seed = TestSeed.value
    DispatchQueue.concurrentPerform(iterations: 6) { thread in
      var generator = SeededGenerator(seed: seed &+ UInt64(thread))
      for round in 0..<3 {
        for id in Array(1...keys).shuffled(using: &generator) {
          if !pool.submit(id, key: id, isDone: results.isDone) {
            results.lock.lock()
            results.answeredFromResults += 1
            XCTAssertTrue(results.done.contains(id))
            results.lock.unlock()
          }
        }
        // Between rounds, let the first rounds finish so later ones meet finished keys.
        if round == 1 { pool.waitUntilIdle() }
      }
    }
    pool.waitUntilIdle()
    results.lock.lock()
    defer { results.lock.unlock() }
    XCTAssertEqual(results.done.count, keys)
    XCTAssertEqual(results.runs.values.filter { $0 != 1 }.count, 0, "seed \(seed)")
    XCTAssertGreaterThan(results.answeredFromResults, 0, "later rounds met finished keys")
  }
}
