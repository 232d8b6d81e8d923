import XCTest

final class CatalogSmokeTests: XCTestCase {
  func testModuleLinks() { XCTAssertTrue(true) }
}
