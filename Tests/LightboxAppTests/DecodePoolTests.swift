import Foundation
import PhotoModel
import PhotoStore
import XCTest

@testable import LightboxApp

final class DecodePoolTests: XCTestCase {
  func request(_ id: Int64, _ priority: ImagePriority = .visible) -> ImageRequest {
    ImageRequest(
      key: ImageKey(asset: AssetID(id), size: PixelSize(width: 4, height: 4), fit: .fill),
      path: "/x/\(id)", format: .jpeg, orientation: .up, priority: priority, bestQuality: false)
  }

  /// Records the work done; the first request blocks until released so the queue fills.
  final class Recorder: @unchecked Sendable {
    let lock = NSCondition()
    var done: [Int64] = []
    var released = false

    func work(_ request: ImageRequest) {
      lock.lock()
      while !released && request.key.asset.rawValue == 1 { lock.wait() }
      done.append(request.key.asset.rawValue)
      lock.broadcast()
      lock.unlock()
    }

    func release() {
      lock.lock()
      released = true
      lock.broadcast()
      lock.unlock()
    }

    func wait(count: Int) -> [Int64] {
      lock.lock()
      defer { lock.unlock() }
      let deadline = Date().addingTimeInterval(10)
      while done.count < count && Date() < deadline { _ = lock.wait(until: deadline) }
      return done
    }
  }

  func testNoKeyTwiceCancelledWorkSkippedUrgentFirst() {
    let recorder = Recorder()
    let pool = DecodePool(workers: 1) { recorder.work($0) }
    defer { pool.stop() }
    pool.submit(request(1))  // occupies the only worker
    usleep(50_000)
    pool.submit(request(2, .prefetch))
    pool.submit(request(3, .neighbour))
    pool.submit(request(3, .neighbour))  // duplicate key: ignored
    pool.submit(request(4, .visible))
    pool.submit(request(5, .visible))
    pool.submit(request(1))  // already running: ignored
    pool.cancel(request(5).key)
    XCTAssertEqual(pool.queuedCount, 3)
    recorder.release()
    XCTAssertEqual(recorder.wait(count: 4), [1, 4, 3, 2])
    usleep(100_000)
    XCTAssertEqual(recorder.done.count, 4)
  }

  func testAPrefetchedRequestAskedForAgainAsUrgentMovesUp() {
    let recorder = Recorder()
    let pool = DecodePool(workers: 1) { recorder.work($0) }
    defer { pool.stop() }
    pool.submit(request(1))  // occupies the only worker
    usleep(50_000)
    pool.submit(request(2, .prefetch))
    pool.submit(request(3, .neighbour))
    pool.submit(request(2, .visible))  // the prefetched row came into view
    XCTAssertEqual(pool.queuedCount, 2, "asked again, not queued twice")
    recorder.release()
    XCTAssertEqual(recorder.wait(count: 3), [1, 2, 3])
  }
}

extension DecodePoolTests {
  /// Many threads ask for the same keys while workers finish them: each key is decoded
  /// once; a request for a finished key is answered from what is there.
  func testNoKeyIsDecodedTwiceUnderRacingSubmissions() {
    final class Results: @unchecked Sendable {
      let lock = NSLock()
      var done = Set<Int64>()
      var decodes: [Int64: Int] = [:]
      var answeredFromCache = 0

      func decode(_ request: ImageRequest) {
        usleep(300)
        lock.lock()
        decodes[request.key.asset.rawValue, default: 0] += 1
        done.insert(request.key.asset.rawValue)  // stored before the key leaves the pool
        lock.unlock()
      }

      func isDone(_ key: ImageKey) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return done.contains(key.asset.rawValue)
      }
    }
    let results = Results()
    let pool = DecodePool(workers: 4) { results.decode($0) }
    defer { pool.stop() }
    let keys = 80
    let requests = (1...Int64(keys)).map { request($0) }
    DispatchQueue.concurrentPerform(iterations: 6) { thread in
      var order = Array(1...Int64(keys))
      var seed = UInt64(thread + 1)
      for round in 0..<3 {
        // A different order per thread and round.
        for i in order.indices.reversed() {
          seed = seed &* 6364136223846793005 &+ 1442695040888963407
          order.swapAt(i, Int(seed >> 33) % (i + 1))
        }
        for id in order {
          if !pool.submit(requests[Int(id) - 1], isDone: results.isDone) {
            results.lock.lock()
            results.answeredFromCache += 1
            XCTAssertTrue(results.done.contains(id))
            results.lock.unlock()
          }
        }
        if round == 1 { usleep(20_000) }
      }
    }
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      results.lock.lock()
      let finished = results.done.count
      results.lock.unlock()
      if finished == keys && pool.queuedCount == 0 { break }
      usleep(10_000)
    }
    usleep(50_000)
    results.lock.lock()
    defer { results.lock.unlock() }
    XCTAssertEqual(results.done.count, keys)
    XCTAssertEqual(results.decodes.values.filter { $0 != 1 }.count, 0, "\(results.decodes.filter { $0.value != 1 })")
    XCTAssertGreaterThan(results.answeredFromCache, 0, "later rounds were answered from the results")
  }

  /// A queued request that is cancelled never runs, whatever its priority.
  func testCancelledRequestsNeverRun() {
    let recorder = Recorder()
    let pool = DecodePool(workers: 1) { recorder.work($0) }
    defer { pool.stop() }
    pool.submit(request(1))
    usleep(50_000)
    for id in Int64(2)...20 { pool.submit(request(id, id % 2 == 0 ? .visible : .prefetch)) }
    for id in stride(from: Int64(2), through: 20, by: 3) { pool.cancel(request(id).key) }
    recorder.release()
    let expected = Set((Int64(1)...20).filter { $0 == 1 || ($0 - 2) % 3 != 0 })
    _ = recorder.wait(count: expected.count)
    usleep(100_000)
    XCTAssertEqual(Set(recorder.done), expected)
    XCTAssertEqual(recorder.done.count, expected.count)
  }
}
