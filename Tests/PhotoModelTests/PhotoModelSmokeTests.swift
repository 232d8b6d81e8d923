import XCTest

final class PhotoModelSmokeTests: XCTestCase {
  func testModuleLinks() { XCTAssertTrue(true) }
}
