import Foundation
import LightboxTestSupport
import Places
import XCTest

/// The rule on tables made for it: the suburb across the river, the neighbourhood of a big
/// city, the reach, the antimeridian and the poles.
final class PlaceFinderRuleTests: XCTestCase {
  static func finder(_ entries: [PlaceTableWriter.Entry]) throws -> PlaceFinder {
    var writer = PlaceTableWriter()
    writer.entries = entries
    writer.countries = ["FR": "France", "FJ": "Fiji", "AQ": "Antarctica", "MC": "Monaco"]
    let path = try writer.write()
    defer { unlink(path) }
    // Unlinked while mapped: the mapping keeps the pages.
    return PlaceFinder(table: try PlaceTable(path: path))
  }

  static let paris: [PlaceTableWriter.Entry] = [
    .init(
      name: "Paris", latitude: 48.85341, longitude: 2.3488, population: 2_138_551,
      region: "Île-de-France", countryCode: "FR"),
    .init(
      name: "Neuilly-sur-Seine", latitude: 48.8846, longitude: 2.26965, population: 61_300,
      region: "Île-de-France", countryCode: "FR"),
    .init(
      name: "Paris 7e", latitude: 48.8560, longitude: 2.3120, population: 50_000,
      region: "Île-de-France", countryCode: "FR"),
    .init(
      name: "Monaco", latitude: 48.8750, longitude: 2.2960, population: 40_000_000,
      region: "Elsewhere", countryCode: "MC"),
  ]

  func testTheTownIsTheNearestPlaceWhoseSizeCoversThePoint() throws {
    let finder = try Self.finder(Array(Self.paris.prefix(2)))
    // Eiffel Tower: Neuilly's centre is nearer (3.4 km) than Paris's (4.0 km), but Neuilly's
    // 2 km radius does not reach it and Paris's 11.7 km does.
    XCTAssertEqual(
      finder.nearestPlace(latitude: 48.85837, longitude: 2.29448)?.town, "Neuilly-sur-Seine")
    XCTAssertEqual(finder.place(latitude: 48.85837, longitude: 2.29448)?.town, "Paris")
    // In Neuilly itself, Neuilly.
    XCTAssertEqual(finder.place(latitude: 48.8855, longitude: 2.2590)?.town, "Neuilly-sur-Seine")
  }

  func testTheCityIsALargerPlaceOfTheSameRegionWithThePointInItsCore() throws {
    let finder = try Self.finder(Self.paris)
    let tower = finder.place(latitude: 48.85837, longitude: 2.29448)
    // Paris 7e (radius 1.8 km, 1.3 km away) is the nearest place that covers it, so the town;
    // Paris holds it in the inner half of its radius; the bigger place of another country
    // (its radius capped at 25 km, 1.9 km away) covers it too but is not its city.
    XCTAssertEqual(
      tower,
      Place(
        town: "Paris 7e", city: "Paris", region: "Île-de-France", country: "France",
        countryCode: "FR"))
    XCTAssertEqual(tower?.locality, "Paris 7e · Paris")
    // Neuilly (7.5 km from Paris's centre) is outside the inner half of Paris's 11.7 km.
    XCTAssertNil(finder.place(latitude: 48.8855, longitude: 2.2590)?.city)
  }

  func testTheReachIsTwentyFiveKilometres() throws {
    let finder = try Self.finder([
      .init(
        name: "Village", latitude: 45, longitude: 5, population: 1500, region: nil,
        countryCode: "FR")
    ])
    // 0.2° of latitude is 22 km, 0.25° is 28 km.
    XCTAssertEqual(finder.place(latitude: 45.2, longitude: 5)?.town, "Village")
    XCTAssertEqual(finder.place(latitude: 45.2, longitude: 5)?.region, nil)
    XCTAssertNil(finder.place(latitude: 45.25, longitude: 5))
    XCTAssertNil(finder.place(latitude: 45, longitude: 5.33), "0.33° of longitude at 45° is 26 km")
  }

  func testTheAntimeridianWrapsAndThePolesAreReached() throws {
    let finder = try Self.finder([
      .init(
        name: "East", latitude: -16.8, longitude: 179.95, population: 5000, region: "Northern",
        countryCode: "FJ"),
      .init(
        name: "Pole", latitude: -89.99, longitude: 139.27, population: 1000, region: nil,
        countryCode: "AQ"),
    ])
    XCTAssertEqual(finder.place(latitude: -16.8, longitude: -179.95)?.town, "East")
    XCTAssertEqual(finder.place(latitude: -16.8, longitude: 180)?.town, "East")
    XCTAssertEqual(finder.place(latitude: -16.8, longitude: -180)?.town, "East")
    // At the pole every longitude is near.
    XCTAssertEqual(finder.place(latitude: -90, longitude: -40)?.town, "Pole")
    XCTAssertEqual(finder.place(latitude: -89.95, longitude: -40)?.countryCode, "AQ")
  }
}
