import Foundation
import Places
import LightboxTestSupport
import XCTest

/// The measurement behind the place rule, on the installed GeoNames table: famous landmarks,
/// suburbs, villages, a national park, coasts, lakes, Null Island and open sea, each with its
/// expected country and town, against the naive nearest-centre rule on the same data.
final class PlaceFinderLandmarkTests: XCTestCase {
  /// The installed table (`scripts/test` installs it), or a skip that says how to get it.
  static func finder() throws -> PlaceFinder {
    let result = PlaceFinder.load(
      environment: ProcessInfo.processInfo.environment, executablePath: nil)
    switch result {
    case .success(let finder): return finder
    case .failure(let problem):
      throw XCTSkip("\(problem): the GeoNames tests need it (scripts/places-table)")
    }
  }

  func testTheRuleBeatsTheNearestCentreOnTheLandmarks() throws {
    let finder = try Self.finder()
    var rows: [String] = []
    var (naiveTowns, towns, naiveCountries, countries) = (0, 0, 0, 0)
    for landmark in Landmark.all {
      let naive = finder.nearestPlace(latitude: landmark.latitude, longitude: landmark.longitude)
      let ours = finder.place(latitude: landmark.latitude, longitude: landmark.longitude)
      naiveTowns += landmark.townRight(naive) ? 1 : 0
      towns += landmark.townRight(ours) ? 1 : 0
      naiveCountries += landmark.countryRight(naive) ? 1 : 0
      countries += landmark.countryRight(ours) ? 1 : 0
      rows.append(
        "| \(landmark.name) | \(naive?.locality ?? "—")\(landmark.townRight(naive) ? "" : " ✗") | "
          + "\(ours?.locality ?? "—")\(landmark.townRight(ours) ? "" : " ✗") | "
          + "\(landmark.towns.sorted().joined(separator: " / ")) \(landmark.countryCode ?? "—") |")
    }
    // The table in docs/DECISIONS.md, printed so that it can be refreshed from a run.
    print(rows.joined(separator: "\n"))
    print(
      "towns: naive \(naiveTowns), ours \(towns); countries: naive \(naiveCountries), "
        + "ours \(countries) of \(Landmark.all.count)"
    )
    XCTAssertEqual(Landmark.all.count, 54)
    XCTAssertEqual(towns, 49, "the measured rule's score changed: update docs/DECISIONS.md")
    XCTAssertEqual(naiveTowns, 34, "the nearest-centre rule's score changed: update DECISIONS")
    XCTAssertEqual(countries, 53)
    XCTAssertEqual(naiveCountries, 53)
  }

  func testTheCasesTheIssueNames() throws {
    let finder = try Self.finder()
    // The tower named after the suburb across the river by the nearest centre.
    XCTAssertEqual(
      finder.nearestPlace(latitude: 48.85837, longitude: 2.29448)?.town, "Neuilly-sur-Seine")
    let eiffel = finder.place(latitude: 48.85837, longitude: 2.29448)
    XCTAssertEqual(
      eiffel, Place(town: "Paris", region: "Île-de-France", country: "France", countryCode: "FR"))
    let tower = finder.place(latitude: 35.65858, longitude: 139.74543)
    XCTAssertEqual(tower?.locality, "Shibakōen · Tokyo")
    XCTAssertEqual(tower?.description, "Shibakōen · Tokyo, Tokyo, Japan")
    // Names as GeoNames writes them.
    XCTAssertEqual(finder.place(latitude: 47.37819, longitude: 8.54020)?.city, "Zürich")
    XCTAssertEqual(finder.place(latitude: -23.56141, longitude: -46.65588)?.city, "São Paulo")
    XCTAssertEqual(finder.place(latitude: 50.06165, longitude: 19.93730)?.town, "Kraków")
    // A larger city of another country or region is not "the city it belongs to".
    XCTAssertNil(finder.place(latitude: 41.90216, longitude: 12.45393)?.city, "Vatican City")
    XCTAssertEqual(finder.place(latitude: 40.73500, longitude: -74.02750)?.locality, "Hoboken")
  }

  func testBadPositionsHaveNoPlace() throws {
    let finder = try Self.finder()
    let bad: [(Double, Double)] = [
      (0, 0), (-0.0, 0), (.nan, 2.3), (48.8, .nan), (.infinity, 0), (0, -.infinity),
      (90.0001, 0), (-91, 10), (45, 180.5), (45, -540), (30, -40), (-40, -130), (-89.9, 0),
    ]
    for (latitude, longitude) in bad {
      XCTAssertNil(
        finder.place(latitude: latitude, longitude: longitude), "\(latitude), \(longitude)")
      XCTAssertNil(finder.nearestPlace(latitude: latitude, longitude: longitude))
    }
    // The place nearest the antimeridian (Labasa, Fiji, 179.36° E) is 65 km from it: the
    // wrap itself is tested on a table of its own (PlaceFinderRuleTests).
    XCTAssertEqual(finder.place(latitude: -16.4332, longitude: 179.36451)?.town, "Labasa")
  }

  /// Seeded random positions: the rule names a place exactly where the nearest-centre rule
  /// finds one within 25 km, in the same country as its town.
  func testRandomPositionsAgreeOnWhetherThereIsAPlace() throws {
    let finder = try Self.finder()
    var generator = SeededGenerator(seed: TestSeed.value)
    var named = 0
    for _ in 0..<5000 {
      // Half over land-heavy Europe, half anywhere.
      let europe = Bool.random(using: &generator)
      let latitude =
        europe
        ? Double.random(in: 36...60, using: &generator)
        : Double.random(in: -90...90, using: &generator)
      let longitude =
        europe
        ? Double.random(in: -10...30, using: &generator)
        : Double.random(in: -180...180, using: &generator)
      let ours = finder.place(latitude: latitude, longitude: longitude)
      let naive = finder.nearestPlace(latitude: latitude, longitude: longitude)
      XCTAssertEqual(ours == nil, naive == nil, "\(latitude), \(longitude)")
      if let ours {
        named += 1
        XCTAssertFalse(ours.town.isEmpty)
        XCTAssertFalse(ours.country.isEmpty)
        XCTAssertEqual(ours.countryCode.count, 2)
        XCTAssertNotEqual(ours.city, ours.town)
      }
    }
    XCTAssertGreaterThan(named, 1000, "Europe is dense with places")
  }
}
