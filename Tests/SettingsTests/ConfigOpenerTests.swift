import XCTest

@testable import Settings

/// `opener`: a command line split at blanks, or a list of words; anything else is reported
/// and leaves the default (nil: `$LIGHTBOX_OPENER`, else `xdg-open`).
final class ConfigOpenerTests: XCTestCase {
  func parse(_ text: String) -> (LightboxConfig, problems: [String]) {
    ConfigLoader.parse(text, source: "config.toml")
  }

  func testALineIsSplitAtBlanksAndAListIsTakenAsItIs() {
    let (line, lineProblems) = parse("opener = \"mpv  --fs\\t--loop\"")
    XCTAssertEqual(lineProblems, [])
    XCTAssertEqual(line.opener, ["mpv", "--fs", "--loop"])
    let (list, listProblems) = parse("opener = [\"/opt/My Viewer/viewer\", \"--full screen\"]")
    XCTAssertEqual(listProblems, [])
    XCTAssertEqual(list.opener, ["/opt/My Viewer/viewer", "--full screen"])
    XCTAssertNil(LightboxConfig.defaults.opener)
  }

  func testBlankAndWrongValuesAreReported() {
    for value in ["\"  \"", "[]", "3", "[\"mpv\", 1]", "[\"\", \"x\"]"] {
      let (config, problems) = parse("opener = \(value)")
      XCTAssertNil(config.opener, value)
      XCTAssertEqual(problems.count, 1, value)
      XCTAssertTrue(
        problems.first?.hasPrefix(
          "config.toml:1: opener must be a program (with its options), or a list of words")
          == true, "\(problems)")
    }
  }
}
