import LightboxTestSupport
import XCTest

@testable import PhotoModel

final class MemoryFinderTests: XCTestCase {
  func photo(
    _ n: Int, _ y: Int, _ m: Int, _ d: Int, name: String? = nil, favorite: Bool = false,
    video: Bool = false, source: CaptureDateSource = .exif
  ) -> Asset {
    var asset = Asset(
      id: AssetID(Int64(n)), path: "/p/\(name ?? "IMG_\(n).jpg")", byteSize: 1,
      modificationTime: 0, format: video ? .video : .jpeg, storedPixelSize: nil,
      orientation: .up,
      captureDate: CaptureDate(year: y, month: m, day: d, hour: 12, source: source))
    asset.isFavorite = favorite
    return asset
  }

  func testOneMemoryPerEarlierYearWithinThreeDaysMostRecentFirst() {
    let assets = [
      photo(1, 2019, 11, 24),  // four days before: outside
      photo(2, 2019, 11, 25), photo(3, 2019, 12, 1),
      photo(4, 2020, 6, 1),  // no photo near the date in 2020
      photo(5, 2023, 11, 26), photo(6, 2023, 11, 27), photo(7, 2023, 11, 29),
      photo(8, 2026, 11, 28),  // this year: not a memory
    ]
    let memories = MemoryFinder.memories(in: assets, today: (2026, 11, 28))
    XCTAssertEqual(memories.map(\.year), [2023, 2019])
    XCTAssertEqual(memories.map(\.yearsAgo), [3, 7])
    XCTAssertEqual(memories[0].assetIDs, [5, 6, 7].map { AssetID(Int64($0)) })
    XCTAssertEqual(memories[1].assetIDs, [2, 3].map { AssetID(Int64($0)) })
    XCTAssertEqual(memories[0].summary, "3 years ago · 26–29 Nov 2023 · 3 photos")
    XCTAssertEqual(memories[1].summary, "7 years ago · 25 Nov – 1 Dec 2019 · 2 photos")
  }

  func testTheWindowCrossesTheYearAndTheLeapDay() {
    let newYear = [photo(1, 2024, 12, 30), photo(2, 2025, 1, 2)]
    let memories = MemoryFinder.memories(in: newYear, today: (2026, 12, 31))
    XCTAssertEqual(memories.map(\.year), [2024])
    XCTAssertEqual(memories[0].daysText, "30 Dec 2024 – 2 Jan 2025")
    // 29 February in a year without one is the 28th's window.
    let leap = [photo(3, 2023, 3, 3), photo(4, 2023, 3, 4)]
    XCTAssertEqual(
      MemoryFinder.memories(in: leap, today: (2024, 2, 29)).first?.assetIDs, [AssetID(3)])
    XCTAssertEqual(MemoryFinder.memories(in: leap, today: (2024, 2, 29)).first?.yearsAgo, 1)
  }

  func testScreenshotsAndFileDatesAreLeftOutAndAnEmptyYearIsNoMemory() {
    let assets = [
      photo(3, 2024, 11, 28), photo(4, 2024, 11, 28, name: "Screenshot_20241128.png"),
      photo(1, 2025, 11, 28, name: "Screenshot 2025-11-28 at 10.00.00.png"),
      photo(2, 2025, 11, 28, source: .fileModification),
    ]
    let memories = MemoryFinder.memories(in: assets, today: (2026, 11, 28))
    XCTAssertEqual(memories.map(\.year), [2024])
    XCTAssertEqual(memories[0].assetIDs, [AssetID(3)])
    XCTAssertEqual(memories[0].summary, "2 years ago · 28 Nov 2024 · 1 photo")
  }

  func testTheCoverIsAFavouriteThenAStillThenTheMiddle() {
    let favourites = [
      photo(1, 2024, 11, 27), photo(2, 2024, 11, 27, favorite: true), photo(3, 2024, 11, 28),
      photo(4, 2024, 11, 28, favorite: true), photo(5, 2024, 11, 29, favorite: true),
    ]
    XCTAssertEqual(
      MemoryFinder.memories(in: favourites, today: (2025, 11, 28)).first?.cover, AssetID(4))
    let stills = [
      photo(1, 2024, 11, 27, video: true), photo(2, 2024, 11, 28), photo(3, 2024, 11, 29),
      photo(4, 2024, 11, 29, video: true),
    ]
    XCTAssertEqual(
      MemoryFinder.memories(in: stills, today: (2025, 11, 28)).first?.cover, AssetID(2))
    let videos = [photo(1, 2024, 11, 27, video: true), photo(2, 2024, 11, 28, video: true)]
    XCTAssertEqual(
      MemoryFinder.memories(in: videos, today: (2025, 11, 28)).first?.cover, AssetID(1))
  }

  func testAMemorySaysWhereMostOfItsPhotosWereTaken() {
    let kyoto = PhotoPlace.interned(
      town: "Gion", city: "Kyoto", region: "Kyoto", country: "Japan", countryCode: "JP")
    let nara = PhotoPlace.interned(
      town: "Nara", region: "Nara", country: "Japan", countryCode: "JP")
    var assets = (1...4).map { photo($0, 2019, 11, 27) }
    assets[0].place = nara
    assets[1].place = kyoto
    assets[2].place = kyoto
    let memory = MemoryFinder.memories(in: assets, today: (2026, 11, 28)).first
    XCTAssertEqual(memory?.place, "Kyoto", "the city a ward belongs to, two photos to one")
    XCTAssertEqual(memory?.title, "Kyoto · 2019")
    XCTAssertEqual(memory?.summary, "7 years ago · Kyoto · 27 Nov 2019 · 4 photos")
    let nowhere = MemoryFinder.memories(in: [photo(9, 2019, 11, 27)], today: (2026, 11, 28))
    XCTAssertNil(nowhere.first?.place)
    XCTAssertEqual(nowhere.first?.title, "7 years ago")
  }

  func testTodayFromTheClockIsTheLocalDate() {
    // 2026-11-28 23:30 UTC is already the 29th at +02:00.
    let now: Int64 =
      Int64(CaptureDate.daysFromCivil(year: 2026, month: 11, day: 28)) * 86_400
      + 23 * 3600 + 1800
    let assets = [photo(1, 2025, 12, 2)]
    XCTAssertTrue(MemoryFinder.memories(in: assets, now: now, utcOffsetSeconds: 0).isEmpty)
    XCTAssertEqual(
      MemoryFinder.memories(in: assets, now: now, utcOffsetSeconds: 7200).map(\.year), [2025])
  }

  func testMatchesAWalkOverEveryPhotoOnARandomLibrary() {
    var generator = SeededGenerator(seed: TestSeed.value)
    var assets: [Asset] = []
    for n in 0..<3000 {
      let day = Int.random(in: 0..<(20 * 365), using: &generator) + 18_000
      let (y, m, d) = CaptureDate.civilFromDays(day)
      assets.append(photo(n, y, m, d, favorite: Int.random(in: 0..<10, using: &generator) == 0))
    }
    assets.sort {
      ($0.captureDate.localSortKey, $0.id.rawValue) < ($1.captureDate.localSortKey, $1.id.rawValue)
    }
    let todayDay = 18_000 + 20 * 365 + Int.random(in: 0..<365, using: &generator)
    let today = CaptureDate.civilFromDays(todayDay)
    let found = MemoryFinder.memories(in: assets, today: today)
    var expected: [Int: [AssetID]] = [:]
    for asset in assets {
      let date = asset.captureDate
      for year in [date.year - 1, date.year, date.year + 1] where year < today.year {
        let day = min(today.day, CaptureDate.daysIn(month: today.month, year: year))
        let middle = CaptureDate.daysFromCivil(year: year, month: today.month, day: day)
        if abs(date.localDayNumber - middle) <= MemoryFinder.windowDays {
          expected[year, default: []].append(asset.id)
        }
      }
    }
    XCTAssertEqual(found.map(\.year), expected.keys.sorted(by: >))
    for memory in found { XCTAssertEqual(memory.assetIDs, expected[memory.year]) }
  }
}
