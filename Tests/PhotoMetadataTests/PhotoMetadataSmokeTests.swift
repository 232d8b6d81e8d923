import XCTest

final class PhotoMetadataSmokeTests: XCTestCase {
  func testModuleLinks() { XCTAssertTrue(true) }
}
