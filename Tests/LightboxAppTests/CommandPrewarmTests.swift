import XCTest

@testable import DecodeWorker
@testable import LightboxCommands

/// The worker started before a command's arguments are parsed: only for the commands that
/// decode their files, only for the risky kinds those files need.
final class CommandPrewarmTests: XCTestCase {
  /// `thumbnails`, `show` and `export` look at their file arguments (options left out); the
  /// browser, `index`, `info` and the worker itself start nothing this way.
  func testOnlyDecodingCommandsLookAtTheirFiles() {
    XCTAssertEqual(
      CommandSupport.prewarmNames(
        arguments: ["lightbox", "thumbnails", "--size", "256", "IMG_1.HEIC"]),
      ["256", "IMG_1.HEIC"])
    XCTAssertEqual(
      CommandSupport.prewarmNames(arguments: ["lightbox", "show", "-g", "kitty", "a.webp"]),
      ["kitty", "a.webp"])
    XCTAssertEqual(
      CommandSupport.prewarmNames(arguments: ["lightbox", "export", "a.cr3", "--to", "out"]),
      ["a.cr3", "out"])
    for command in ["browse", "index", "info", "decode-worker", "IMG_1.HEIC"] {
      XCTAssertEqual(
        CommandSupport.prewarmNames(arguments: ["lightbox", command, "IMG_1.HEIC"]), [],
        command)
    }
    XCTAssertEqual(CommandSupport.prewarmNames(arguments: ["lightbox"]), [])
  }

  /// Of those names, an option's value ("256", "kitty", a folder) names no risky kind: only
  /// the photo's extension starts a worker.
  func testOptionValuesNameNoWorkerKind() {
    let names = CommandSupport.prewarmNames(
      arguments: ["lightbox", "thumbnails", "--size", "256", "--cache", "/tmp/c", "IMG_1.HEIC"])
    let kinds = Set(names.compactMap(DecodeWorkerKind.likely(forName:)))
    XCTAssertEqual(kinds, [.images])
  }
}
