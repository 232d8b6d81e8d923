import XCTest

@testable import PhotoModel

/// A photo's place: interned and numbered, packed in the details' flag word (a camera photo's
/// details stay in their heap block), and its names folded for search.
final class PhotoPlaceTests: XCTestCase {
  func testAccentsAndCaseAreFolded() {
    XCTAssertEqual(PlaceFolding.folded("Zürich"), "zurich")
    XCTAssertEqual(PlaceFolding.folded("São Paulo"), "sao paulo")
    XCTAssertEqual(PlaceFolding.folded("Kraków"), "krakow")
    XCTAssertEqual(PlaceFolding.folded("Łódź"), "lodz")
    XCTAssertEqual(PlaceFolding.folded("Tromsø"), "tromso")
    XCTAssertEqual(PlaceFolding.folded("Straße"), "strasse")
    XCTAssertEqual(PlaceFolding.folded("Île-de-France"), "ile-de-france")
    XCTAssertEqual(PlaceFolding.folded("Shibakōen"), "shibakoen")
    XCTAssertEqual(PlaceFolding.folded("Ærøskøbing"), "aeroskobing")
    // A decomposed accent (a combining mark) comes off too; other scripts stay as they are.
    XCTAssertEqual(PlaceFolding.folded("Zu\u{308}rich"), "zurich")
    XCTAssertEqual(PlaceFolding.folded("東京"), "東京")
  }

  func testAPlaceIsOneNumberedObject() throws {
    let a = try XCTUnwrap(
      PhotoPlace.interned(
        town: "Shibakōen", city: "Tokyo", region: "Tokyo", country: "Japan", countryCode: "JP"))
    let b = try XCTUnwrap(
      PhotoPlace.interned(
        town: "Shibakōen", city: "Tokyo", region: "Tokyo", country: "Japan", countryCode: "JP"))
    XCTAssertTrue(a === b)
    XCTAssertGreaterThan(a.slot, 0)
    XCTAssertTrue(PhotoPlace.place(slot: a.slot) === a)
    XCTAssertNil(PhotoPlace.place(slot: 0))
    XCTAssertEqual(a.description, "Shibakōen · Tokyo, Tokyo, Japan")
    XCTAssertEqual(a.collectionTown, "Tokyo")
    XCTAssertEqual(a.searchText, "shibakoen\ntokyo\ntokyo\njapan\n")
  }

  func testThePlaceIsPackedBesideTheFlags() throws {
    let place = try XCTUnwrap(
      PhotoPlace.interned(
        town: "Sydney", region: "New South Wales", country: "Australia",
        countryCode: "AU"))
    var photo = Asset(
      id: AssetID(1), path: "/p/a.jpg", byteSize: 1, modificationTime: 0, format: .jpeg,
      storedPixelSize: nil, orientation: .up,
      captureDate: CaptureDate(year: 2024, month: 5, day: 6, source: .exif))
    XCTAssertEqual(photo.placeSlot, 0)
    photo.exposure = Exposure(
      fNumber: 2.8, exposureTime: ExposureTime(numerator: 1, denominator: 250), iso: 200)
    photo.place = place
    XCTAssertTrue(photo.place === place)
    XCTAssertEqual(photo.placeSlot, place.slot)
    XCTAssertEqual(
      photo.exposure,
      Exposure(fNumber: 2.8, exposureTime: ExposureTime(numerator: 1, denominator: 250), iso: 200),
      "the exposure's flags share the word")
    var other = photo
    other.place = nil
    XCTAssertNotEqual(photo, other)
    other.place = place
    XCTAssertEqual(photo, other)
  }
}
