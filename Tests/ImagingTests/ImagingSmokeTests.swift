import XCTest

final class ImagingSmokeTests: XCTestCase {
  func testModuleLinks() { XCTAssertTrue(true) }
}
