import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The Search tab's query field: / starts a new query over the selected old one, the
/// cursor moves and edits in place, Ctrl-U and Ctrl-W delete, ↑ ↓ bring back old queries.
final class SearchFieldTests: XCTestCase {
  /// The Search tab with the cursor in an empty query over a library of three photos from
  /// August 2024 (queries below match none of them, so the results stay empty).
  func searchStore() -> TestStore {
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24)))
    store.arrange(
      .start, .library(.loaded(assets: Fixtures.assets(3), problems: [])), .startSearch)
    XCTAssertTrue(store.state.search.isEditing)
    XCTAssertTrue(store.state.assets.isEmpty)
    XCTAssertTrue(store.state.images.isEmpty)
    return store
  }

  func type(_ text: String, into store: TestStore, cursorFromEnd: Int = 0) {
    for character in text {
      store.send(.field(.typed(character))) {
        let cursor = $0.searchCursor
        var query = Array($0.search.text)
        query.insert(character, at: cursor)
        $0.search.text = String(query)
        $0.gridTopRow = 0
      }
    }
  }

  func testSlashAgainSelectsTheQueryAndTypingReplacesIt() {
    let store = searchStore()
    type("zebra", into: store)
    store.send(.open) {
      $0.search.isEditing = false
      $0.search.history = SearchHistory(entries: ["zebra"])
    }
    store.send(.startSearch) {
      $0.search.isEditing = true
      $0.search.selectsAll = true
    }
    // Typing replaces the selected query instead of appending to it.
    store.send(.field(.typed("q"))) {
      $0.search.text = "q"
      $0.search.selectsAll = false
    }
    store.send(.startSearch) {
      $0.search.selectsAll = true
    }
    // Backspace on a selection empties the field; ← on a selection keeps the text.
    store.send(.field(.deleteBackward)) {
      $0.search.text = ""
      $0.search.selectsAll = false
    }
  }

  func testArrowKeysMoveTheCursorAndTypingInsertsThere() {
    let store = searchStore()
    type("zbra", into: store)
    store.send(.move(.left)) { $0.search.cursorFromEnd = 1 }
    store.send(.move(.left)) { $0.search.cursorFromEnd = 2 }
    store.send(.move(.left)) { $0.search.cursorFromEnd = 3 }
    XCTAssertEqual(store.state.searchCursor, 1)
    store.send(.field(.typed("e"))) { $0.search.text = "zebra" }
    store.send(.move(.right)) { $0.search.cursorFromEnd = 2 }
    store.send(.field(.deleteBackward)) { $0.search.text = "zera" }
    store.send(.move(.first)) { $0.search.cursorFromEnd = 4 }
    store.send(.move(.left))  // at the start: nowhere to go
    store.send(.field(.deleteBackward))  // nothing before the cursor
    store.send(.move(.last)) { $0.search.cursorFromEnd = 0 }
    store.send(.move(.right))
  }

  func testCtrlUClearsAndCtrlWDeletesAWord() {
    let store = searchStore()
    type("zz big  yak", into: store)
    store.send(.field(.deleteWordBackward)) { $0.search.text = "zz big  " }
    store.send(.field(.deleteWordBackward)) { $0.search.text = "zz " }
    type("qq", into: store)
    store.send(.move(.left)) { $0.search.cursorFromEnd = 1 }
    store.send(.move(.left)) { $0.search.cursorFromEnd = 2 }
    // The word before the cursor goes; the text after the cursor stays.
    store.send(.field(.deleteWordBackward)) { $0.search.text = "qq" }
    store.send(.field(.clear)) {
      $0.search.text = ""
      $0.search.cursorFromEnd = 0
    }
    store.send(.field(.clear))
  }

  func testUpAndDownBringBackTheLastQueries() {
    let store = searchStore()
    for query in ["zq1", "zq2"] {
      type(query, into: store)
      store.send(.open) {
        $0.search.isEditing = false
        $0.search.history.record(query)
      }
      store.send(.startSearch) {
        $0.search.isEditing = true
        $0.search.selectsAll = true
      }
      store.send(.field(.clear)) {
        $0.search.text = ""
        $0.search.selectsAll = false
      }
    }
    type("zd", into: store)
    store.send(.move(.up)) {
      $0.search.text = "zq2"
      $0.search.history = SearchHistory(entries: ["zq1", "zq2"], position: 1, draft: "zd")
    }
    store.send(.move(.up)) {
      $0.search.text = "zq1"
      $0.search.history = SearchHistory(entries: ["zq1", "zq2"], position: 0, draft: "zd")
    }
    store.send(.move(.up))  // nothing older
    store.send(.move(.down)) {
      $0.search.text = "zq2"
      $0.search.history = SearchHistory(entries: ["zq1", "zq2"], position: 1, draft: "zd")
    }
    // Past the newest: what was being typed.
    store.send(.move(.down)) {
      $0.search.text = "zd"
      $0.search.history = SearchHistory(entries: ["zq1", "zq2"])
    }
    // ↓ again goes to the results, as before (there are none here: it stays).
    store.send(.move(.down))
    XCTAssertTrue(store.state.search.isEditing)
  }

  func testTheHistoryKeepsTheLastTwentyQueriesOnceEach() {
    var history = SearchHistory()
    for n in 0..<25 { history.record("q\(n)") }
    history.record("q10")
    history.record("  ")
    XCTAssertEqual(history.entries.count, SearchHistory.limit)
    XCTAssertEqual(history.entries.first, "q5")
    XCTAssertEqual(history.entries.last, "q10")
    XCTAssertEqual(history.entries.filter { $0 == "q10" }.count, 1)
    XCTAssertEqual(history.older(than: "draft"), "q10")
    XCTAssertEqual(history.older(than: "ignored"), "q24")
    XCTAssertEqual(history.newer(), "q10")
    XCTAssertEqual(history.newer(), "draft")
    XCTAssertNil(history.newer())
  }

  func testANamePromptTakesCtrlUAndCtrlWToo() {
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24)))
    store.arrange(
      .library(.loaded(assets: Fixtures.assets(3), problems: [])), .showTab(.albums), .album(.new))
    func prompt(_ text: String) -> Overlay {
      .prompt(NamePrompt(purpose: .newAlbum(adding: []), text: text))
    }
    XCTAssertEqual(store.state.overlay, prompt(""))
    var typed = ""
    for character in "Seoul trip" {
      typed.append(character)
      store.send(.field(.typed(character))) { $0.overlay = prompt(typed) }
    }
    func text() -> String? {
      guard case .prompt(let prompt)? = store.state.overlay else { return nil }
      return prompt.text
    }
    XCTAssertEqual(text(), "Seoul trip")
    store.send(.field(.deleteWordBackward)) { $0.overlay = prompt("Seoul ") }
    XCTAssertEqual(text(), "Seoul ")
    store.send(.field(.clear)) { $0.overlay = prompt("") }
    XCTAssertEqual(text(), "")
  }
}
