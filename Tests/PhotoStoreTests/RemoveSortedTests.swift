import LightboxTestSupport
import XCTest

@testable import PhotoStore

/// `Array.remove(sortedPositions:)` keeps the other elements in order and releases exactly
/// the removed ones, over seeded random arrays and positions (class elements, so a slot
/// released twice or never shows in the live count).
final class RemoveSortedTests: XCTestCase {
  /// An element that counts the instances alive.
  final class Tracked {
    nonisolated(unsafe) static var alive = 0
    let value: Int
    init(_ value: Int) {
      self.value = value
      Self.alive += 1
    }
    deinit { Self.alive -= 1 }
  }

  func testRemovingEqualsFilteringAndReleasesTheRemovedOnes() {
    print("RemoveSortedTests seed \(TestSeed.value)")
    var random = SeededGenerator(seed: TestSeed.value)
    for round in 0..<300 {
      do {
        let count = Int.random(in: 0..<80, using: &random)
        var array = (0..<count).map { Tracked($0) }
        let odds = Int.random(in: 1..<5, using: &random)
        let positions = array.indices.filter { _ in Int.random(in: 0..<odds, using: &random) == 0 }
        let expected = array.indices.filter { !positions.contains($0) }.map { array[$0].value }
        array.remove(sortedPositions: positions)
        XCTAssertEqual(array.map(\.value), expected, "round \(round), seed \(TestSeed.value)")
        XCTAssertEqual(Tracked.alive, expected.count, "round \(round): released exactly those")
        array.removeAll()
        XCTAssertEqual(Tracked.alive, 0)
      }
    }
  }
}
