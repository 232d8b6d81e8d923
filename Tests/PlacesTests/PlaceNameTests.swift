import Places
import XCTest

/// Accent folding for the search to come: what anyone can type finds the GeoNames name.
final class PlaceNameTests: XCTestCase {
  func testFoldingTakesOffAccentsAndCase() {
    XCTAssertEqual(PlaceName.folded("Zürich"), "zurich")
    XCTAssertEqual(PlaceName.folded("São Paulo"), "sao paulo")
    XCTAssertEqual(PlaceName.folded("Kraków"), "krakow")
    XCTAssertEqual(PlaceName.folded("Łódź"), "lodz")
    XCTAssertEqual(PlaceName.folded("Tromsø"), "tromso")
    XCTAssertEqual(PlaceName.folded("Île-de-France"), "ile-de-france")
    XCTAssertEqual(PlaceName.folded("Shibakōen"), "shibakoen")
    XCTAssertEqual(PlaceName.folded("Reykjavík"), "reykjavik")
    XCTAssertEqual(PlaceName.folded("Straße"), "strasse")
    XCTAssertEqual(PlaceName.folded("Daikan’yamachō"), "daikan'yamacho")
    // Other scripts are kept (lower-cased), not emptied.
    XCTAssertEqual(PlaceName.folded("東京"), "東京")
  }

  func testMatchingFoldsBothSides() {
    XCTAssertTrue(PlaceName.matches("Zürich", "zurich"))
    XCTAssertTrue(PlaceName.matches("Zürich", "ZÜR"))
    XCTAssertTrue(PlaceName.matches("São Paulo", "sao"))
    XCTAssertFalse(PlaceName.matches("Zürich", "zurych"))
    XCTAssertFalse(PlaceName.matches("Paris", "prague"))
  }
}
