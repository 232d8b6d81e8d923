import XCTest

@testable import LightboxApp

/// While indexing, the library is loaded again only when files were read since the last load.
final class ProgressThrottleTests: XCTestCase {
  func testAReScanThatReadsNothingNeverReloads() {
    let throttle = ProgressThrottle()
    let second: UInt64 = 1_000_000_000
    let start = DispatchTime.now().uptimeNanoseconds
    // A million stamps compared over 13 s, nothing read: no load until the run ends.
    for tick in 1...26 {
      XCTAssertFalse(
        throttle.shouldReload(
          now: start + UInt64(tick) * second / 2, every: 3 * second / 2, read: 0))
    }
    XCTAssertFalse(throttle.reloaded)
    // Files read: loaded again, at most every 1.5 s, and only when more were read since.
    let later = start + 20 * second
    XCTAssertTrue(throttle.shouldReload(now: later, every: 3 * second / 2, read: 40))
    XCTAssertFalse(throttle.shouldReload(now: later + second, every: 3 * second / 2, read: 90))
    XCTAssertTrue(throttle.shouldReload(now: later + 2 * second, every: 3 * second / 2, read: 90))
    XCTAssertFalse(throttle.shouldReload(now: later + 4 * second, every: 3 * second / 2, read: 90))
    XCTAssertTrue(throttle.reloaded)
  }

  /// A load that took long spaces the next one out: four times its length after it ended.
  func testASlowLoadSpacesTheNextOneOut() {
    let throttle = ProgressThrottle()
    let second: UInt64 = 1_000_000_000
    let start = DispatchTime.now().uptimeNanoseconds
    XCTAssertTrue(throttle.shouldReload(now: start + 2 * second, every: 3 * second / 2, read: 10))
    // The load of a million photos: 5 s, ending at 7 s.
    throttle.loadTook(5 * second, endingAt: start + 7 * second)
    XCTAssertFalse(throttle.shouldReload(now: start + 9 * second, every: 3 * second / 2, read: 20))
    XCTAssertFalse(
      throttle.shouldReload(now: start + 26 * second, every: 3 * second / 2, read: 30))
    XCTAssertTrue(throttle.shouldReload(now: start + 27 * second, every: 3 * second / 2, read: 40))
    // A quick load (a small library) keeps the 1.5 s.
    throttle.loadTook(second / 100, endingAt: start + 27 * second)
    XCTAssertTrue(
      throttle.shouldReload(now: start + 28 * second + second / 2, every: 3 * second / 2, read: 50))
  }
}
