import TerminalUI
import XCTest

/// The one table of how keys are shown (the help overlay, the docs' tables).
final class KeyLabelTests: XCTestCase {
  func testLabels() {
    let labels: [(InputEvent, String)] = [
      (.up, "↑"), (.pageDown, "PgDn"), (.backTab, "Shift-Tab"), (.character("\u{02}"), "Ctrl-B"),
      (.character(" "), "Space"), (.character("f"), "f"), (.character("G"), "G"),
      (.character("?"), "?"), (.escape, "Esc"), (.enter, "Enter"), (.delete, "Del"),
      (.home, "Home"), (.interrupt, "Ctrl-C"), (.character("é"), "é"),
    ]
    for (event, label) in labels { XCTAssertEqual(event.keyLabel, label, "\(event)") }
  }

  func testWhatIsNoKeyHasNoLabel() {
    let none: [InputEvent] = [
      .wheel(up: true), .resize, .click(row: 1, column: 1, double: false),
      .character("\u{1B}"), .character("\u{7F}"), .character("\u{00}"),
      // Enter's newline spellings: the help lists Enter once.
      .character("\r"), .character("\n"),
    ]
    for event in none { XCTAssertNil(event.keyLabel, "\(event)") }
  }
}
