import LightboxTestSupport
import PhotoModel
import Pixels
import XCTest

@testable import Similarity

/// The perceptual hashes: the same picture at another size or brightness stays near, other
/// pictures are far, and the chunk index finds what comparing all pairs finds.
final class PerceptualHashTests: XCTestCase {
  func testResizedAndBrightenedStayNearOtherPicturesAreFar() {
    let picture = SimilarityFixtures.scene(width: 320, height: 240, seed: 11)
    let small = picture.resized(to: PixelSize(width: 160, height: 120))
    var brighter = picture
    for i in stride(from: 0, to: brighter.pixels.count, by: 4) {
      for c in 0..<3 {
        brighter.pixels[i + c] = UInt8(min(255, Double(brighter.pixels[i + c]) * 1.15))
      }
    }
    let other = SimilarityFixtures.scene(width: 320, height: 240, seed: 12)
    let a = PerceptualHash(picture)!
    for near in [PerceptualHash(small)!, PerceptualHash(brighter)!] {
      XCTAssertLessThanOrEqual(PerceptualHash.distance(a.dHash, near.dHash), 6)
      XCTAssertLessThanOrEqual(PerceptualHash.distance(a.pHash, near.pHash), 6)
    }
    let far = PerceptualHash(other)!
    XCTAssertGreaterThan(PerceptualHash.distance(a.dHash, far.dHash), 12)
    XCTAssertGreaterThan(PerceptualHash.distance(a.pHash, far.pHash), 12)
  }

  func testDHashBitsFollowTheGradient() {
    // Brighter to the right in every row: every "left darker than right" bit is set.
    var pixels = [UInt8]()
    for _ in 0..<16 {
      for x in 0..<18 { pixels += [UInt8(x * 14), UInt8(x * 14), UInt8(x * 14), 255] }
    }
    let ramp = Bitmap(width: 18, height: 16, pixels: pixels)
    XCTAssertEqual(PerceptualHash(ramp)?.dHash, UInt64.max)
    // Flat pictures (any colour) have no hash: they would all look alike.
    XCTAssertNil(PerceptualHash(Bitmap(width: 5, height: 5, fill: RGB(9, 9, 9))))
    XCTAssertNil(PerceptualHash(Bitmap(width: 50, height: 50, fill: RGB(200, 30, 30))))
  }

  func testChunkIndexFindsEveryPairWithin15BitsAndNoneBeyondTheRadius() {
    var rng = SeededGenerator(seed: TestSeed.value)
    // Clusters of 128-bit keys a few to many bits apart, noise, and a missing key.
    var keys: [SimilarityRule.Key?] = [nil]
    for _ in 0..<60 {
      let centre = SimilarityRule.Key(rng.next(), rng.next())
      for _ in 0..<Int.random(in: 1...6, using: &rng) {
        var k = centre
        for _ in 0..<Int.random(in: 0...24, using: &rng) {
          let bit = UInt64.random(in: 0..<128, using: &rng)
          if bit < 64 { k.first ^= 1 << bit } else { k.second ^= 1 << (bit - 64) }
        }
        keys.append(k)
      }
    }
    for radius in [0, 8, 15, 20] {
      var found = Set<[Int]>()
      ChunkIndex.pairs(keys, radius: radius) { a, b in
        XCTAssertLessThan(a, b)
        XCTAssertLessThanOrEqual(keys[a]!.distance(to: keys[b]!), radius)
        found.insert([a, b])
      }
      for a in 1..<keys.count {
        for b in (a + 1)..<keys.count {
          let d = keys[a]!.distance(to: keys[b]!)
          if d <= min(radius, 15) {
            XCTAssertTrue(found.contains([a, b]), "pair \(a), \(b) at \(d) bits, radius \(radius)")
          }
        }
      }
    }
  }
}
