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
