import DemoLibrary
import PhotoModel
import XCTest

/// The plan of a library: mix of kinds, names, dates, cameras. Cheap (no pixels).
final class DemoPlanTests: XCTestCase {
  private let items = DemoLibraryGenerator.plan(DemoLibraryOptions(directory: "/unused"))

  func testSplitMix64MatchesReferenceOutputs() {
    // Reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
    var rng = SplitMix64(seed: 0)
    XCTAssertEqual(rng.next(), 0xE220_A839_7B1D_CDAF)
    XCTAssertEqual(rng.next(), 0x6E78_9E6A_A1B9_65F4)
  }

  func testPlanIsDeterministicAndSeedDependent() {
    let again = DemoLibraryGenerator.plan(DemoLibraryOptions(directory: "/other"))
    XCTAssertEqual(items, again)
    let other = DemoLibraryGenerator.plan(DemoLibraryOptions(directory: "/unused", seed: 2))
    XCTAssertNotEqual(items.map(\.relativePath), other.map(\.relativePath))
  }

  func testCountAndMixOfKinds() {
    XCTAssertEqual(items.count, 600)
    let screenshots = items.filter { $0.kind == .screenshot }
    let panoramas = items.filter { $0.kind == .panorama }
    let photos = items.filter { $0.kind == .photo }
    XCTAssertTrue((36...60).contains(screenshots.count), "\(screenshots.count) screenshots")
    XCTAssertTrue((6...18).contains(panoramas.count), "\(panoramas.count) panoramas")
    XCTAssertEqual(photos.count + screenshots.count + panoramas.count, 600)
    for p in panoramas {
      XCTAssertGreaterThanOrEqual(
        Double(p.uprightSize.width) / Double(p.uprightSize.height), 2.5, p.relativePath)
    }
    for s in screenshots {
      XCTAssertEqual(s.uprightSize, PixelSize(width: 800, height: 500))
      XCTAssertNil(s.camera)
    }
    for p in photos {
      let size = p.uprightSize
      XCTAssertTrue(
        size == PixelSize(width: 800, height: 600) || size == PixelSize(width: 600, height: 800))
    }
    XCTAssertEqual(Set(items.map(\.relativePath)).count, 600, "paths are unique")
    XCTAssertEqual(items.map(\.index), Array(0..<600))
    let selfies = photos.filter(\.isSelfie)
    XCTAssertFalse(selfies.isEmpty)
    XCTAssertTrue(selfies.allSatisfy { $0.lensModel?.contains("front camera") == true })
    let turned = photos.filter { $0.orientation == .right || $0.orientation == .left }
    XCTAssertTrue((25...100).contains(turned.count), "\(turned.count) turned photos")
    XCTAssertTrue(turned.contains { $0.orientation == .right })
    XCTAssertTrue(turned.contains { $0.orientation == .left })
    XCTAssertGreaterThan(photos.filter { $0.gps != nil }.count, 50)
    XCTAssertGreaterThan(photos.filter { $0.camera?.bigEndian == true }.count, 20)
    XCTAssertGreaterThan(photos.filter { $0.camera?.bigEndian == false }.count, 200)
  }

  func testNamesLookLikeACameraRoll() throws {
    let img = try Regex(#"^\d{4}/(IMG_|DSCF)\d{4}\.JPG$"#)
    let pixel = try Regex(#"^\d{4}/PXL_(\d{8})_(\d{9})\.jpg$"#)
    let pano = try Regex(#"^\d{4}/PANO_(\d{8})_(\d{6})\.jpg$"#)
    let shot = try Regex(#"^\d{4}/Screenshot \d{4}-\d\d-\d\d at \d\d\.\d\d\.\d\d\.png$"#)
    var counts = [0, 0, 0, 0]
    for item in items {
      let path = item.relativePath
      XCTAssertTrue(path.hasPrefix("\(item.captureDate.year)/"), "folder by year: \(path)")
      switch item.kind {
      case .screenshot:
        XCTAssertNotNil(path.wholeMatch(of: shot), path)
        let d = item.captureDate
        let stamp =
          "\(d.year)-\(two(d.month))-\(two(d.day)) at "
          + "\(two(d.hour)).\(two(d.minute)).\(two(d.second))"
        XCTAssertTrue(path.contains(stamp), "\(path) names its capture time")
        counts[3] += 1
      case .panorama:
        XCTAssertNotNil(path.wholeMatch(of: pano), path)
        counts[2] += 1
      case .photo:
        if path.wholeMatch(of: img) != nil {
          counts[0] += 1
        } else {
          XCTAssertNotNil(path.wholeMatch(of: pixel), path)
          counts[1] += 1
        }
      }
    }
    XCTAssertGreaterThan(counts[0], counts[1], "IMG_ style names are the majority")
    XCTAssertGreaterThan(counts[1], 10, "some PXL_ names")
  }

  func testDatesSpanThreeYearsEndAtAnchorAndHaveBursts() {
    let anchor = CaptureDate.daysFromCivil(year: 2026, month: 11, day: 1)
    let days = items.map(\.captureDate.localDayNumber)
    let first = days.min()!
    let last = days.max()!
    XCTAssertGreaterThanOrEqual(last - first, 3 * 365, "span of at least 3 years")
    XCTAssertLessThanOrEqual(last, anchor)
    XCTAssertGreaterThan(last, anchor - 30, "the library ends near the anchor")
    var perDay: [Int: Int] = [:]
    for d in days { perDay[d, default: 0] += 1 }
    let bursts = perDay.values.filter { (10...40).contains($0) }
    XCTAssertGreaterThanOrEqual(bursts.count, 3, "days with 10–30 photos")
    XCTAssertGreaterThan(perDay.values.filter { $0 <= 2 }.count, 10, "quiet days too")
    // Capture order, valid dates, offsets recorded for camera files.
    XCTAssertEqual(
      items.map(\.captureDate.localSortKey), items.map(\.captureDate.localSortKey).sorted())
    for item in items {
      XCTAssertTrue(item.captureDate.isValid)
      if item.kind != .screenshot {
        XCTAssertNotNil(item.captureDate.utcOffsetSeconds)
        XCTAssertEqual(item.modificationTime, item.captureDate.utcSeconds)
      }
    }
    let offsets = Set(items.compactMap(\.captureDate.offsetText))
    XCTAssertGreaterThanOrEqual(offsets.count, 4, "varied offsets: \(offsets)")
  }

  func testTimesOfDayMatchTheLight() {
    let photos = items.filter { $0.kind != .screenshot }
    var phases: [LightPhase: Int] = [:]
    for p in photos {
      // The scene's hour is the capture time; the painter lights the scene from it.
      let d = p.captureDate
      let hour = Float(d.hour) + Float(d.minute) / 60 + Float(d.second) / 3600
      XCTAssertEqual(p.scene.hour, hour, accuracy: 0.01, p.relativePath)
      phases[p.scene.phase, default: 0] += 1
      switch p.scene.phase {
      case .night: XCTAssertTrue(d.hour >= 17 || d.hour <= 5, "\(p.relativePath) at \(d.hour)h")
      case .day: XCTAssertTrue((6...19).contains(d.hour), "\(p.relativePath) at \(d.hour)h")
      case .dawn: XCTAssertTrue((3...12).contains(d.hour), "\(p.relativePath) at \(d.hour)h")
      case .dusk: XCTAssertTrue((13...23).contains(d.hour), "\(p.relativePath) at \(d.hour)h")
      }
    }
    for phase in LightPhase.allCases {
      XCTAssertGreaterThan(phases[phase] ?? 0, 5, "\(phase) photos exist")
    }
  }

  func testSmallAndEmptyRequests() {
    XCTAssertEqual(DemoLibraryGenerator.plan(DemoLibraryOptions(directory: "/x", count: 0)), [])
    let twelve = DemoLibraryGenerator.plan(DemoLibraryOptions(directory: "/x", count: 12))
    XCTAssertEqual(twelve.count, 12)
    XCTAssertEqual(Set(twelve.map(\.relativePath)).count, 12)
  }

  private func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
