import XCTest

@testable import LightboxApp

/// A held key's frames keep their pictures back on sixel-like terminals until the keys pause.
final class PictureHoldTests: XCTestCase {
  private let ms: UInt64 = 1_000_000

  func testKeysFasterThanThePauseHoldPicturesUntilThePause() {
    var hold = PictureHold(isEnabled: true)
    let start: UInt64 = 5_000 * ms
    hold.keyRead(at: start)
    XCTAssertFalse(hold.isHolding, "a single key's frame has its pictures")
    XCTAssertNil(hold.millisecondsUntilRelease(at: start))
    // A key repeat every 40 ms.
    for k in 1...10 { hold.keyRead(at: start + UInt64(k) * 40 * ms) }
    XCTAssertTrue(hold.isHolding)
    let last = start + 400 * ms
    XCTAssertFalse(hold.releases(at: last + 119 * ms), "not before the pause")
    XCTAssertEqual(hold.millisecondsUntilRelease(at: last + 20 * ms), 100)
    XCTAssertEqual(hold.millisecondsUntilRelease(at: last + 119 * ms + 500_000), 1)
    XCTAssertTrue(hold.releases(at: last + 120 * ms))
    XCTAssertFalse(hold.isHolding)
    XCTAssertFalse(hold.releases(at: last + 200 * ms), "released once")
    // Keys a pause apart never hold.
    hold.keyRead(at: last + 1_000 * ms)
    hold.keyRead(at: last + 1_200 * ms)
    XCTAssertFalse(hold.isHolding)
  }

  func testNothingIsHeldWhereMovingAPictureIsCheap() {
    var hold = PictureHold(isEnabled: false)
    for k in 0..<10 { hold.keyRead(at: UInt64(k) * 10 * ms) }
    XCTAssertFalse(hold.isHolding)
    XCTAssertFalse(hold.releases(at: 10_000 * ms))
  }
}
