import XCTest

final class DemoLibrarySmokeTests: XCTestCase {
  func testModuleLinks() { XCTAssertTrue(true) }
}
