import TerminalUI
import XCTest

@testable import Settings

/// Key names in `[keys]`: what each means, and that every default key has a name that reads
/// back as the same key.
final class KeyNameTests: XCTestCase {
  func testNamedKeys() throws {
    let expected: [String: InputEvent] = [
      "up": .up, "down": .down, "left": .left, "right": .right, "pgup": .pageUp,
      "pgdn": .pageDown, "home": .home, "end": .end, "enter": .enter, "esc": .escape,
      "tab": .tab, "shift-tab": .backTab, "backspace": .backspace, "delete": .delete,
      "space": .character(" "), "ctrl-b": .character("\u{02}"), "Ctrl-F": .character("\u{06}"),
      "PgDn": .pageDown, "page-up": .pageUp, "f": .character("f"), "F": .character("F"),
      "?": .character("?"), "é": .character("é"), "ctrl-h": .backspace, "ctrl-i": .tab,
      "ctrl-m": .enter, "^q": .character("\u{11}"),
    ]
    for (name, event) in expected {
      XCTAssertEqual(try KeyName.parse(name), event, name)
    }
  }

  func testRefusals() {
    for name in ["", "ctrl-", "ctrl-1", "ctrl-ab", "hyper-x", "ff", "\u{1B}", "\u{7F}"] {
      XCTAssertThrowsError(try KeyName.parse(name), name) { error in
        XCTAssertTrue("\(error)".contains("is not a key"), "\(error)")
        XCTAssertFalse("\(error)".unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
      }
    }
    XCTAssertThrowsError(try KeyName.parse("ctrl-c")) {
      XCTAssertEqual("\($0)", "'ctrl-c' cannot be bound: Ctrl-C always quits")
    }
  }

  func testEveryDefaultKeyHasANameThatReadsBack() throws {
    for command in KeyCommand.allCases {
      XCTAssertFalse(KeyName.names(of: command.defaultKeys).isEmpty, command.rawValue)
      for key in command.defaultKeys {
        let name = try XCTUnwrap(KeyName.name(of: key), "\(command).\(key)")
        let back = try KeyName.parse(name)
        // Newline and carriage return are how some terminals send Enter.
        let same = back == key || (name == "enter" && back == .enter)
        XCTAssertTrue(same, "\(key) → \(name) → \(back)")
      }
    }
    XCTAssertEqual(KeyName.names(of: KeyCommand.open.defaultKeys), ["enter"])
    XCTAssertEqual(KeyName.names(of: KeyCommand.pageUp.defaultKeys), ["pgup", "ctrl-b"])
    XCTAssertNil(KeyName.name(of: .resize))
    XCTAssertNil(KeyName.name(of: .click(row: 0, column: 0, double: false)))
  }
}
