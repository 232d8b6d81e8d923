import XCTest

final class LightboxAppSmokeTests: XCTestCase {
  func testModuleLinks() { XCTAssertTrue(true) }
}
