import LightboxTestSupport
import TerminalUI
import XCTest

@testable import Settings

final class ThemeLoaderTests: XCTestCase {
  func testShippedDefaultThemeIsTheBuiltInDark() throws {
    let path = CorpusLocator.packageRoot.appendingPathComponent("themes/default.toml").path
    let theme = try ThemeLoader.load(path: path)
    XCTAssertEqual(theme, Theme.dark)
    XCTAssertEqual(Set(theme.styles.keys), Set(StyleRole.allCases))
  }

  func testPartialThemeOverridesOnlyWhatItNames() throws {
    let theme = try ThemeLoader.parse(
      "name = \"x\"\n[roles]\nselection = { fg = \"#ff0000\" }\n", source: "x.toml")
    XCTAssertEqual(theme.name, "x")
    XCTAssertEqual(theme.style(.selection).foreground, .init(255, 0, 0))
    XCTAssertEqual(theme.style(.selection).background, Theme.dark.style(.selection).background)
    XCTAssertEqual(theme.style(.status), Theme.dark.style(.status))
  }

  func testBadThemesSayWhereAndWhy() {
    XCTAssertThrowsError(try ThemeLoader.parse("[roles\n", source: "t.toml")) {
      XCTAssertTrue("\($0)".hasPrefix("t.toml:1:"), "\($0)")
    }
    XCTAssertThrowsError(
      try ThemeLoader.parse("[roles]\nnope = { fg = \"#fff\" }\n", source: "t.toml")
    ) {
      XCTAssertEqual("\($0)", "t.toml: unknown role 'nope'")
    }
    XCTAssertThrowsError(
      try ThemeLoader.parse("[roles]\nstatus = { fg = \"red\" }\n", source: "t.toml")
    ) {
      XCTAssertEqual("\($0)", "t.toml: status.fg 'red' is not #rrggbb")
    }
  }
}
