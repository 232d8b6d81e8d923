import Digests
import LightboxTestSupport
import XCTest

/// The read-back checksum: xxHash's XXH3-128, fed in any chunks.
final class XXH128StreamTests: XCTestCase {
  private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
  }

  /// The empty input's XXH3-128, as xxHash's own test vectors and `xxhsum -H2` give it.
  func testEmptyInputMatchesTheReference() {
    XCTAssertEqual(hex(XXH128Stream().finish()), "99aa06d3014798d86001c324468d497f")
  }

  /// The same bytes in different chunks give one checksum; one bit changed gives another.
  func testChunkingDoesNotMatterAndOneBitDoes() {
    var generator = SeededGenerator(seed: TestSeed.value)
    let bytes = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let whole = XXH128Stream()
    bytes.withUnsafeBytes { whole.update($0) }
    let expected = whole.finish()

    let pieces = XXH128Stream()
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + Int.random(in: 1...70_000, using: &generator))
      bytes[start..<end].withUnsafeBytes { pieces.update($0) }
      start = end
    }
    XCTAssertEqual(pieces.finish(), expected)

    var flipped = bytes
    flipped[123_456] ^= 0x10
    let other = XXH128Stream()
    flipped.withUnsafeBytes { other.update($0) }
    XCTAssertNotEqual(other.finish(), expected)
  }
}
