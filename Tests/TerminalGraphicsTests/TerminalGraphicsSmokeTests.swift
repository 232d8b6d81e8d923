import XCTest

final class TerminalGraphicsSmokeTests: XCTestCase {
  func testModuleLinks() { XCTAssertTrue(true) }
}
