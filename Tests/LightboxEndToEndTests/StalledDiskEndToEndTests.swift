import Foundation
import LightboxTestSupport
import XCTest

/// A photo whose read blocks (the test hook makes reads of one file take 4 s, as on a
/// stalled network mount): its tile says "waiting for disk" after a second, the interface
/// keeps answering keys meanwhile, and the picture comes when the read does.
final class StalledDiskEndToEndTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed: skipped") }
    _ = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("stalled")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  func testAStalledReadSaysWaitingForDiskAndTheKeysStillWork() throws {
    var environment = BuiltProduct.privateEnvironment(home: home)
    let library = EndToEndTests.makeLibrary(count: 6, home: home, environment: environment)
    let demo = try XCTUnwrap(
      FileManager.default.enumerator(atPath: library)?.compactMap { $0 as? String }
        .first { $0.hasSuffix(".JPG") })
    let stalled = (library as NSString).appendingPathComponent("STALLED-READ.JPG")
    try FileManager.default.moveItem(
      atPath: (library as NSString).appendingPathComponent(demo), toPath: stalled)
    environment["LIGHTBOX_TEST_DECODER_HOOKS"] = "1"
    environment["LIGHTBOX_TEST_STALL_READS"] = "STALLED-READ"

    let tmux = try TmuxSession(columns: 100, rows: 30, environment: environment)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    tmux.send("\(BuiltProduct.lightbox!) \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    guard let waiting = tmux.waitFor("for disk", timeout: 20) else {
      return XCTFail("no tile says it waits for the disk:\n\(tmux.capture())")
    }
    // Meanwhile the interface answers: g selects the oldest (the newest was selected) and
    // the status line follows.
    let before = EndToEndTests.selectedFile(waiting)
    XCTAssertNotNil(before, waiting)
    tmux.send("g")
    XCTAssertNotNil(
      tmux.waitUntil(timeout: 3) {
        EndToEndTests.selectedFile($0) != nil && EndToEndTests.selectedFile($0) != before
      }, "keys answered while the read was blocked\n\(tmux.capture())")
    XCTAssertTrue(tmux.capture().contains("for disk"), "the read is still blocked")
    // The read comes back after 4 s: the tile gets its picture.
    XCTAssertNotNil(
      tmux.waitUntil(timeout: 20) { !$0.contains("for disk") },
      "the picture came\n"
        + tmux.capture())
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0"), tmux.capture())
  }
}
