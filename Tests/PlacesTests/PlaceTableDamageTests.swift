import Foundation
import LightboxTestSupport
import Places
import XCTest

/// A missing or damaged table is "no places", never a crash: every kind of damage is refused
/// when it is opened, or leaves lookups that stay inside the file.
final class PlaceTableDamageTests: XCTestCase {
  static var writer: PlaceTableWriter {
    var writer = PlaceTableWriter()
    writer.countries = ["FR": "France", "DE": "Germany"]
    writer.entries = [
      .init(
        name: "Strasbourg", latitude: 48.58392, longitude: 7.74553, population: 274_845,
        region: "Grand Est", countryCode: "FR"),
      .init(
        name: "Kehl", latitude: 48.57297, longitude: 7.81523, population: 34_009,
        region: "Baden-Württemberg", countryCode: "DE"),
      .init(
        name: "Schiltigheim", latitude: 48.60749, longitude: 7.74931, population: 32_289,
        region: "Grand Est", countryCode: "FR"),
    ]
    return writer
  }

  func reason(_ bytes: [UInt8]) throws -> PlaceTableError? {
    let path = try Self.writer.write(bytes)
    defer { unlink(path) }
    do {
      _ = try PlaceTable(path: path)
      return nil
    } catch {
      return error
    }
  }

  func testAnIntactTableOpensAndItsChecksumHolds() throws {
    let path = try Self.writer.write()
    defer { unlink(path) }
    let table = try PlaceTable(path: path)
    XCTAssertEqual(table.placeCount, 3)
    XCTAssertEqual(table.countryCount, 2)
    XCTAssertEqual(table.regionCount, 2)
    XCTAssertTrue(table.checksumMatches())
    let finder = PlaceFinder(table: table)
    XCTAssertEqual(
      finder.place(latitude: 48.5722, longitude: 7.8157)?.description,
      "Kehl, Baden-Württemberg, Germany")
  }

  func testMissingEmptyForeignAndOtherVersionsAreRefused() throws {
    XCTAssertEqual(
      PlaceFinder.load(
        environment: ["LIGHTBOX_PLACES": "/nonexistent/places-v1.bin"], executablePath: nil
      )
      .failureValue, .missing(path: "/nonexistent/places-v1.bin"))
    let good = Self.writer.bytes()
    guard case .damaged(_, let short) = try reason([]) else { return XCTFail("empty file") }
    XCTAssertTrue(short.contains("shorter than a header"), short)
    guard case .damaged(_, let magic) = try reason(Array("PNG".utf8) + good.dropFirst(3)) else {
      return XCTFail("foreign file")
    }
    XCTAssertTrue(magic.contains("magic"), magic)
    var version2 = good
    version2[8] = 2
    guard case .damaged(_, let version) = try reason(version2) else { return XCTFail("version") }
    XCTAssertTrue(version.contains("version 2"), version)
    guard case .damaged(_, let cut) = try reason(Array(good.prefix(good.count - 100))) else {
      return XCTFail("cut short")
    }
    XCTAssertTrue(cut.contains("cut short"), cut)
    if case .unreadable = PlaceFinder.load(
      environment: ["LIGHTBOX_PLACES": "/"], executablePath: nil
    ).failureValue {
    } else {
      XCTFail("a folder is not a table")
    }
  }

  func testRecordsPointingOutsideTheTableAreRefused() throws {
    let good = Self.writer.bytes()
    let places = 64 + (360 * 720 + 1) * 4
    var name = good
    name[places + 12 + 3] = 0x7F  // the first place's name offset, far past the strings
    XCTAssertNotNil(try reason(name))
    var region = good
    region[places + 16] = 9  // region 9 of 2
    XCTAssertNotNil(try reason(region))
    var cell = good
    cell[64 + 4 * 1000 + 2] = 0x10  // a grid cell past the places
    XCTAssertNotNil(try reason(cell))
    var latitude = good
    latitude[places + 3] = 0x7F  // latitude far off the globe
    XCTAssertNotNil(try reason(latitude))
  }

  /// Fuzzing (`place-table`, 2026-11-28): a place at latitude or longitude -2³¹ trapped when
  /// the table was opened (`abs` of Int32.min overflows), so a damaged table stopped Lightbox
  /// at start instead of leaving it without places. Both extremes of both fields are refused.
  func testAPositionAtTheEndsOfInt32IsRefusedNotATrap() throws {
    let good = Self.writer.bytes()
    let places = 64 + (360 * 720 + 1) * 4
    for field in [0, 4] {
      for value in [Int32.min, Int32.max, -18_000_001, 18_000_001] {
        var bytes = good
        withUnsafeBytes(of: value.littleEndian) {
          bytes.replaceSubrange(places + field..<places + field + 4, with: $0)
        }
        XCTAssertEqual(try reason(bytes)?.reason, "place 0 off the globe", "\(field) \(value)")
      }
    }
  }

  /// The grid check compares eight neighbouring starts at a time: a fall is found in every
  /// lane and across the vectors' edges, at the grid's first and last cells, and a start past
  /// the places that never falls is found too, each named by its cell as the walk names it.
  func testEveryFallInTheGridIsFoundWhereverItIs() throws {
    let good = Self.writer.bytes()
    let cells = 360 * 720 + 1
    // The three places are in Strasbourg's cell: every start before it is 0, after it 3.
    let strasbourg = Int((48.58392 + 90) / 0.5) * 720 + Int((7.74553 + 180) / 0.5)
    func setting(_ cell: Int, to value: UInt32, through last: Int? = nil) -> [UInt8] {
      var bytes = good
      for i in cell...(last ?? cell) {
        withUnsafeBytes(of: value.littleEndian) {
          bytes.replaceSubrange(64 + i * 4..<68 + i * 4, with: $0)
        }
      }
      return bytes
    }
    for cell in [0, 1, 6, 7, 8, 9, 15, 16, 1001, strasbourg - 1] {
      // A 1 before the places: the next start, 0, falls.
      XCTAssertEqual(
        try reason(setting(cell, to: 1))?.reason, "grid cell \(cell + 1) out of order", "\(cell)")
    }
    for cell in [strasbourg + 2, strasbourg + 8, cells - 9, cells - 8, cells - 2, cells - 1] {
      // A 2 among the 3s after the places falls itself.
      XCTAssertEqual(
        try reason(setting(cell, to: 2))?.reason, "grid cell \(cell) out of order", "\(cell)")
    }
    // Rising to the end without a fall, but past the three places.
    XCTAssertEqual(
      try reason(setting(cells - 5, to: 4, through: cells - 1))?.reason,
      "grid cell \(cells - 5) out of order")
    // Starting above 0, or ending short of the places, without a fall.
    XCTAssertEqual(
      try reason(setting(0, to: 1, through: strasbourg))?.reason, "grid does not cover the places")
    XCTAssertEqual(
      try reason(setting(strasbourg + 1, to: 2, through: cells - 1))?.reason,
      "grid does not cover the places")
  }

  /// Seeded random byte changes anywhere: the table is refused, or opens and answers every
  /// lookup (a change the checks cannot see, in a name or a population, shows as a checksum
  /// that no longer holds).
  func testRandomDamageNeverCrashes() throws {
    var generator = SeededGenerator(seed: TestSeed.value)
    let good = Self.writer.bytes()
    let places = 64 + (360 * 720 + 1) * 4
    var (refused, opened) = (0, 0)
    for _ in 0..<60 {
      var bytes = good
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        // Mostly in the records and strings, where most of the meaning is, else anywhere.
        let range = Bool.random(using: &generator) ? places..<bytes.count : 0..<bytes.count
        bytes[Int.random(in: range, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
      }
      let path = try Self.writer.write(bytes)
      defer { unlink(path) }
      guard let table = try? PlaceTable(path: path) else {
        refused += 1
        continue
      }
      opened += 1
      let finder = PlaceFinder(table: table)
      for _ in 0..<20 {
        let latitude = Double.random(in: 48...49, using: &generator)
        let longitude = Double.random(in: 7...8.5, using: &generator)
        _ = finder.place(latitude: latitude, longitude: longitude)
      }
      if bytes != good && bytes[64...] != good[64...] {
        XCTAssertFalse(table.checksumMatches(), "a changed body keeps its checksum")
      }
    }
    XCTAssertGreaterThan(refused + opened, 0)
    print("random damage: \(refused) refused, \(opened) opened")
  }
}

extension Result {
  fileprivate var failureValue: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

extension PlaceTableError {
  /// Why a `.damaged` table was refused, else nil.
  fileprivate var reason: String? {
    if case .damaged(_, let reason) = self { return reason }
    return nil
  }
}
