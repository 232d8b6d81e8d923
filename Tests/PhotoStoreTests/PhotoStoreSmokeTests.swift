import XCTest

final class PhotoStoreSmokeTests: XCTestCase {
  func testModuleLinks() { XCTAssertTrue(true) }
}
