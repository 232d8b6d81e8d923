import Foundation
import Pixels
import PhotoModel
import PhotoStore
import TerminalGraphics
import TerminalUI
import XCTest

@testable import LightboxApp

/// The picture cache under a simulated scroll through 100,000 photos: it never holds more
/// than its byte budget, and what is on screen stays cached while the cursor moves on.
final class HardeningCacheTests: XCTestCase {
  func testCacheStaysInBudgetThroughAHundredThousandPhotoScroll() {
    let budget = 4 << 20
    let cache = PictureCache(budgetBytes: budget)
    // One tile picture: 16×8 cells of half-blocks, as a grid tile is drawn.
    var pixels: [UInt8] = []
    for i in 0..<(16 * 16) { pixels += [UInt8(i & 0xFF), 40, 200, 255] }
    let tile = TerminalPicture.halfBlock(
      HalfBlockImage(bitmap: Bitmap(width: 16, height: 16, pixels: pixels), depth: .trueColor))
    let cost = PictureCache.cost(of: tile)
    XCTAssertGreaterThan(cost, 0)
    let size = PixelSize(width: 16, height: 16)
    func key(_ i: Int) -> ImageKey { ImageKey(asset: AssetID(Int64(i)), size: size, fit: .fill) }

    let screen = 48  // tiles visible at once (6 rows of 8)
    var peak = 0
    for top in stride(from: 0, to: 100_000, by: 8) {
      // Each step: a new row scrolls in and is decoded; the frame asks for every tile on
      // screen (which keeps them recently used).
      for i in top..<min(top + screen, 100_000) where !cache.contains(key(i)) {
        cache.insert(tile, for: key(i))
        peak = max(peak, cache.byteCount)
        XCTAssertLessThanOrEqual(cache.byteCount, budget)
      }
      for i in top..<min(top + screen, 100_000) {
        XCTAssertNotNil(cache.picture(for: key(i)), "tile \(i) on screen was evicted")
      }
    }
    XCTAssertLessThanOrEqual(peak, budget)
    XCTAssertGreaterThan(peak, budget / 2, "the cache is used, not emptied")
    // The first photos scrolled away long ago: evicted.
    XCTAssertNil(cache.picture(for: key(0)))
  }
}
