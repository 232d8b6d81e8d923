import Places
import XCTest

/// Where the table is looked for: `$LIGHTBOX_PLACES` alone, else the user's data folder, else
/// beside the installed binary.
final class PlaceTableLocationTests: XCTestCase {
  func testCandidatesInOrder() {
    XCTAssertEqual(
      PlaceTableLocation.candidates(
        environment: ["LIGHTBOX_PLACES": "/t/p.bin", "XDG_DATA_HOME": "/d"],
        executablePath: "/opt/lb/bin/lightbox"),
      ["/t/p.bin"])
    XCTAssertEqual(
      PlaceTableLocation.candidates(
        environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"], executablePath: "/opt/lb/bin/lightbox"),
      ["/d/lightbox/places-v1.bin", "/opt/lb/bin/../share/lightbox/places-v1.bin"])
    // A relative XDG_DATA_HOME is ignored, as the spec says.
    XCTAssertEqual(
      PlaceTableLocation.candidates(
        environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"], executablePath: nil),
      ["/h/.local/share/lightbox/places-v1.bin"])
  }

  func testTheFirstThatExistsElseTheFirst() {
    let missing = PlaceTableLocation.path(
      environment: ["XDG_DATA_HOME": "/nonexistent"], executablePath: "/nonexistent/bin/lb")
    XCTAssertEqual(missing, "/nonexistent/lightbox/places-v1.bin")
  }
}
