import LightboxTestSupport
import XCTest

@testable import Similarity

/// The grouping's flat key buffers sorted in place by each chunk, and union-find's sets.
final class HashBufferTests: XCTestCase {
  func testSortingByAChunkKeepsEveryKeyWithItsOwnerAndRunsMatchTheStarts() {
    var rng = SeededGenerator(seed: TestSeed.value)
    var buffer = HashBuffer(capacity: 3000)
    var keyOf: [Int32: SimilarityRule.Key] = [:]
    for owner in 0..<3000 {
      // Few chunk values for the first two chunks: long runs, and many cycles to follow.
      let key = SimilarityRule.Key(rng.next() & 0x0003_0007, rng.next())
      buffer.append(key, owner: Int32(owner))
      keyOf[Int32(owner)] = key
    }
    for chunk in [0, 1, 5, 7] {
      let starts = buffer.sort(byChunk: chunk)
      XCTAssertEqual(starts.count, 65_537)
      XCTAssertEqual(Int(starts[65_536]), 3000)
      XCTAssertEqual(Set(buffer.owners).count, 3000)
      let shift = UInt64(16 * (chunk % 4))
      for i in 0..<buffer.count {
        let key = SimilarityRule.Key(buffer.first[i], buffer.second[i])
        XCTAssertEqual(keyOf[buffer.owners[i]], key, "key \(i) left its owner")
        let value = Int(((chunk < 4 ? key.first : key.second) >> shift) & 0xFFFF)
        XCTAssertTrue((Int(starts[value])..<Int(starts[value + 1])).contains(i), "chunk \(chunk)")
      }
    }
  }

  func testUnionFindGroupsInOrderWithoutSingletons() {
    var sets = UnionFind(count: 8)
    sets.union(5, 2)
    sets.union(7, 5)
    sets.union(3, 6)
    sets.union(6, 3)
    XCTAssertEqual(sets.groups(), [[2, 5, 7], [3, 6]])
    XCTAssertEqual(sets.find(7), 2)
  }
}
