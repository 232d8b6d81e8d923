import LightboxTestSupport
import XCTest

@testable import PhotoModel

/// The timeline worked out from a change (photos removed, one inserted) equals the timeline
/// grouped again from every photo, over seeded random libraries and changes.
final class TimelineChangeTests: XCTestCase {
  /// `count` photos over a few days, months and years, in the catalog's order.
  func library(_ count: Int, _ random: inout SeededGenerator) -> [Asset] {
    (0..<count).map { n in
      Asset(
        id: AssetID(Int64(n + 1)), path: "/p/\(n).jpg", byteSize: 1, modificationTime: 0,
        format: .jpeg, storedPixelSize: nil, orientation: .up,
        captureDate: CaptureDate(
          year: Int.random(in: 2022...2024, using: &random),
          month: Int.random(in: 1...3, using: &random), day: Int.random(in: 1...4, using: &random),
          hour: 12, minute: 0, utcOffsetSeconds: nil, source: .exif))
    }.sorted { $0.captureDate.localSortKey < $1.captureDate.localSortKey }
  }

  func testRemovingPhotosEqualsGroupingTheRestAgain() {
    print("TimelineChangeTests seed \(TestSeed.value)")
    var random = SeededGenerator(seed: TestSeed.value)
    for round in 0..<200 {
      let assets = library(Int.random(in: 0..<60, using: &random), &random)
      let removed = assets.indices.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
      let rest = assets.indices.filter { !removed.contains($0) }.map { assets[$0] }
      XCTAssertEqual(
        Timeline(assets: assets).removing(positions: removed), Timeline(assets: rest),
        "round \(round), seed \(TestSeed.value)")
    }
  }

  func testInsertingAPhotoEqualsGroupingAgain() {
    var random = SeededGenerator(seed: TestSeed.value)
    for round in 0..<200 {
      var assets = library(Int.random(in: 1..<60, using: &random), &random)
      let position = Int.random(in: 0..<assets.count, using: &random)
      let photo = assets.remove(at: position)
      var inserted = Timeline(assets: assets).inserting(at: position, date: photo.captureDate)
      assets.insert(photo, at: position)
      XCTAssertEqual(inserted, Timeline(assets: assets), "round \(round), seed \(TestSeed.value)")
      inserted = Timeline().inserting(at: 0, date: photo.captureDate)
      XCTAssertEqual(inserted, Timeline(assets: [photo]))
    }
  }
}
