import Foundation
import LightboxTestSupport
import XCTest

@testable import LightboxCommands

/// `lightbox demo` run as the built program: a library made with other options is named
/// rather than refused as foreign, `--fresh` replaces it, and progress is shown.
final class DemoCommandTests: XCTestCase {
  var work: URL!
  var lightbox: String!

  override func setUpWithError() throws {
    lightbox = try BuiltProduct.requireLightbox()
    work = BuiltProduct.temporaryDirectory("demo-cmd")
  }

  override func tearDown() {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  func demo(_ library: String, _ extra: [String]) -> (status: Int32, output: String) {
    Subprocess.run([lightbox, "demo", "--no-browse", "--library", library] + extra)
  }

  /// The visible regular files of the library (the generator's marker and the options
  /// stamp are hidden).
  func photos(in library: String) -> Int {
    let all = FileManager.default.subpaths(atPath: library) ?? []
    return all.filter { path in
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: library + "/" + path, isDirectory: &isDirectory)
      return !isDirectory.boolValue && !path.split(separator: "/").last!.hasPrefix(".")
    }.count
  }

  func testOtherOptionsAreNamedAndFreshReplacesTheLibrary() throws {
    let library = work.appendingPathComponent("lib").path
    let first = demo(library, ["--count", "5"])
    XCTAssertEqual(first.status, 0, first.output)
    XCTAssertEqual(photos(in: library), 5)

    let same = demo(library, ["--count", "5"])
    XCTAssertEqual(same.status, 0, same.output)
    XCTAssertFalse(same.output.contains("generating"), "same options: nothing is rewritten")

    let other = demo(library, ["--count", "4"])
    XCTAssertEqual(other.status, 1, other.output)
    XCTAssertTrue(
      other.output.contains(
        "lightbox: the demo library here was made with --count 5; run `lightbox demo --count 5`,"
          + " or `--fresh` to make a new one"), other.output)
    XCTAssertFalse(other.output.contains("did not write"), other.output)
    XCTAssertEqual(photos(in: library), 5, "the library is kept")

    let seeded = demo(library, ["--count", "4", "--seed", "9", "--fresh"])
    XCTAssertEqual(seeded.status, 0, seeded.output)
    XCTAssertEqual(photos(in: library), 4)
    let back = demo(library, ["--count", "4"])
    XCTAssertTrue(back.output.contains("made with --count 4 --seed 9;"), back.output)
  }

  func testFreshStillRefusesAFolderTheGeneratorDidNotMake() throws {
    let folder = work.appendingPathComponent("mine").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let keep = folder + "/holiday.jpg"
    try Data("not a demo photo".utf8).write(to: URL(fileURLWithPath: keep))
    // A stamp alone does not make a folder the generator's.
    try Data("count=3 seed=1 generator=1\n".utf8).write(
      to: URL(fileURLWithPath: folder + "/.lightbox-demo-options"))
    let run = demo(folder, ["--count", "3", "--fresh"])
    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertTrue(run.output.contains("is not a demo library"), run.output)
    XCTAssertEqual(try String(contentsOfFile: keep, encoding: .utf8), "not a demo photo")
  }

  func testGenerationShowsPlainProgressLinesWhenStderrIsNotATerminal() throws {
    let library = work.appendingPathComponent("progress").path
    let run = demo(library, ["--count", "6"])
    XCTAssertEqual(run.status, 0, run.output)
    XCTAssertFalse(run.output.contains("\r"), "no bar redraws when stderr is not a terminal")
    XCTAssertTrue(
      run.output.range(
        of: #"generating \[#{24}\] 6/6 files [0-9,]+ files/s"#, options: .regularExpression)
        != nil, run.output)
  }
}
