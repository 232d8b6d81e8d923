import XCTest

final class TerminalUISmokeTests: XCTestCase {
  func testModuleLinks() { XCTAssertTrue(true) }
}
