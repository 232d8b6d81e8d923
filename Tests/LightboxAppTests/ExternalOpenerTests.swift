import Foundation
import LightboxApp
import XCTest

/// Which program opens a file, and the one line a missing or failing one gives.
final class ExternalOpenerTests: XCTestCase {
  func testTheEnvironmentWinsThenTheConfigThenXdgOpen() {
    XCTAssertEqual(
      ExternalOpener(environment: ["LIGHTBOX_OPENER": "feh -F"], configured: ["mpv"]).command,
      ["feh", "-F"])
    XCTAssertEqual(
      ExternalOpener(environment: ["LIGHTBOX_OPENER": "  "], configured: ["mpv", "--fs"]).command,
      ["mpv", "--fs"])
    XCTAssertEqual(ExternalOpener(environment: [:], configured: nil).command, ["xdg-open"])
    XCTAssertEqual(ExternalOpener(environment: [:], configured: []).command, ["xdg-open"])
  }

  func testTheOutcomeOfTheProgram() throws {
    XCTAssertNil(ExternalOpener(command: ["/bin/true"]).open("/tmp"))
    XCTAssertEqual(
      ExternalOpener(command: ["/bin/false"]).open("/tmp"), "Opener 'false' failed (exit status 1)")
    XCTAssertEqual(
      ExternalOpener(command: ["no-such-opener-\(getpid())"]).open("/tmp"),
      "Opener 'no-such-opener-\(getpid())' not found (set opener in config.toml)")
    // The path is one argument as it is, never shell syntax.
    let record = FileManager.default.temporaryDirectory
      .appendingPathComponent("opener-\(getpid()).txt").path
    defer { try? FileManager.default.removeItem(atPath: record) }
    let path = "/tmp/a b; echo $HOME `id`.jpg"
    XCTAssertNil(
      ExternalOpener(command: ["/bin/sh", "-c", "printf '%s' \"$1\" > \(record)", "sh"]).open(path))
    XCTAssertEqual(try String(contentsOfFile: record, encoding: .utf8), path)
    XCTAssertEqual(
      ExternalOpener(command: ["/bin/sh", "-c", "kill -TERM $$", "sh"]).open("/tmp"),
      "Opener 'sh' was stopped by signal 15")
  }
}
