import Foundation
import LightboxTestSupport
import XCTest

/// Keys as terminals really send them, byte for byte (`tmux send-keys -H`), to the built
/// program in tmux: every spelling of Home and End, and a UTF-8 letter split across reads.
final class KeyInputEndToEndTests: XCTestCase {
  var home: URL!
  var tmux: TmuxSession!

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
    let lightbox = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("keys")
    let environment = BuiltProduct.privateEnvironment(home: home)
    let library = EndToEndTests.makeLibrary(count: 12, home: home, environment: environment)
    tmux = try TmuxSession(columns: 100, rows: 30, environment: environment)
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send("\(lightbox) --graphics halfblock \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("12 photos", timeout: 30), tmux.capture())
  }

  override func tearDown() {
    if let tmux {
      tmux.send("q")
      _ = tmux.waitFor("EXIT=", timeout: 10)
      tmux.kill()
    }
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  /// The selected photo's file name, once the status line names one (a name with an image
  /// file's extension, never a passing message that also has a " · " in it).
  static func photoName(_ screen: String) -> String? {
    guard let name = EndToEndTests.selectedFile(screen) else { return nil }
    let isPhoto =
      name.range(
        of: #"^\S+\.(jpg|jpeg|png|heic|webp|gif|tif|tiff)$"#,
        options: [.regularExpression, .caseInsensitive]) != nil
    return isPhoto ? name : nil
  }

  /// The selected photo once it differs from `other`.
  func selected(otherThan other: String?) -> String? {
    tmux.waitUntil(timeout: 20) { Self.photoName($0).map { $0 != other } ?? false }
      .flatMap(Self.photoName)
  }

  /// Every form of Home and End that terminals send (xterm normal and application mode,
  /// tmux and the Linux console, rxvt) moves to the first and the newest photo, and none is
  /// read as Esc (which would go back from the grid) followed by a digit or letter.
  func testEveryHomeAndEndFormMoves() throws {
    // The grid opens at the newest photo; `g` goes to the first. Each is read only once the
    // screen shows it (reading right after the key raced the program on a loaded machine).
    let last = try XCTUnwrap(selected(otherThan: nil), tmux.capture())
    tmux.send("g")
    let first = try XCTUnwrap(selected(otherThan: last), tmux.capture())
    let esc: UInt8 = 0x1B
    let homes: [(String, [UInt8])] = [
      ("ESC[H", [esc] + Array("[H".utf8)), ("ESC[1~", [esc] + Array("[1~".utf8)),
      ("ESC[7~", [esc] + Array("[7~".utf8)), ("ESCOH", [esc] + Array("OH".utf8)),
    ]
    let ends: [(String, [UInt8])] = [
      ("ESC[F", [esc] + Array("[F".utf8)), ("ESC[4~", [esc] + Array("[4~".utf8)),
      ("ESC[8~", [esc] + Array("[8~".utf8)), ("ESCOF", [esc] + Array("OF".utf8)),
    ]
    for (home, end) in zip(homes, ends) {
      tmux.sendBytes(home.1)
      let atFirst = tmux.waitUntil(timeout: 20) { Self.photoName($0) == first }
      XCTAssertNotNil(atFirst, "\(home.0) did not go to the first photo:\n\(tmux.capture())")
      tmux.sendBytes(end.1)
      let atLast = tmux.waitUntil(timeout: 20) { Self.photoName($0) == last }
      XCTAssertNotNil(atLast, "\(end.0) did not go to the newest photo:\n\(tmux.capture())")
    }
    XCTAssertTrue(tmux.capture().contains("12 photos"), "still in the grid:\n\(tmux.capture())")
    // Shift-← and Shift-→ (seek keys) in xterm's and rxvt's spellings are keys, not Esc
    // then "[1;2D" (1 and 2 switch tabs) or "[d" (d deletes): the grid stays as it is.
    for bytes in ["[1;2D", "[1;2C", "[d", "[c"] { tmux.sendBytes([esc] + Array(bytes.utf8)) }
    tmux.send("G")
    let settled = tmux.waitUntil(timeout: 20) { Self.photoName($0) == last }
    XCTAssertNotNil(settled, "after Shift-arrows:\n\(tmux.capture())")
    let screen = tmux.capture()
    XCTAssertTrue(screen.contains("12 photos") && screen.contains("[Library]"), screen)
    XCTAssertFalse(screen.contains("Trash"), "no delete was asked:\n\(screen)")
  }

  /// "é" whose two bytes arrive in two reads 15 ms apart (xterm typing fast) is one letter in
  /// the search field, not dropped.
  func testAUTF8LetterSplitAcrossReadsIsKept() throws {
    tmux.send("/")
    XCTAssertNotNil(tmux.waitFor("Search:"), tmux.capture())
    tmux.send("lib", literal: true)
    tmux.sendBytes([0xC3])
    usleep(15_000)
    tmux.sendBytes([0xA9])
    tmux.send("lula", literal: true)
    XCTAssertNotNil(tmux.waitFor("Search: libélula"), tmux.capture())
    tmux.send("Escape")
  }
}
