import Foundation
import LightboxTestSupport
import XCTest

@testable import LightboxCommands

@testable import LightboxApp

/// Mistakes on the command line end with a message and a status, never in the browser.
final class CommandLineErrorTests: XCTestCase {
  var home: URL!
  var lightbox: String!

  override func setUpWithError() throws {
    lightbox = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("cli-errors")
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  /// A private HOME; TERM unset, so a browser that did open would fail rather than draw.
  var environment: [String: String] {
    [
      "HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
      "XDG_DATA_HOME": home.path + "/data", "XDG_STATE_HOME": home.path + "/state",
      "XDG_CONFIG_HOME": home.path + "/config", "XDG_CACHE_HOME": home.path + "/cache",
    ]
  }

  /// A plain `swift build` names its commit too (it said "commit unknown"): the checkout's
  /// HEAD, as git says it, when the binary sits in the checkout's build folder.
  func testVersionNamesTheCheckoutsCommit() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().path
    let git = Subprocess.run(["git", "-C", root, "rev-parse", "--short=7", "HEAD"])
    guard git.status == 0, lightbox.hasPrefix(root + "/") else {
      throw XCTSkip("not a git checkout, or the binary is not built inside it")
    }
    let run = Subprocess.run([lightbox, "--version"], environment: environment)
    XCTAssertEqual(run.status, 0, run.output)
    let commit = git.output.trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertEqual(run.output, "\(BuildInfo.version) (commit \(commit))\n")
  }

  /// A branch whose ref is only in `packed-refs` (after `git gc`) is read from there.
  func testACommitIsReadFromPackedRefs() throws {
    let git = home.appendingPathComponent(".git").path
    try FileManager.default.createDirectory(atPath: git, withIntermediateDirectories: true)
    let id = String(repeating: "ab", count: 20)
    try "# pack-refs\n\(id) refs/heads/main\n".write(
      toFile: git + "/packed-refs", atomically: true, encoding: .utf8)
    XCTAssertEqual(BuildInfo.commit(fromHead: "ref: refs/heads/main\n", git: git), id)
    XCTAssertNil(BuildInfo.commit(fromHead: "ref: refs/heads/other\n", git: git))
    XCTAssertEqual(BuildInfo.commit(fromHead: id, git: git), id, "a detached HEAD")
  }

  /// Usage mistakes are usage errors (64, with the usage) in plain words.
  func testAMistypedGraphicsModeAndTwoTurnsAreUsageErrors() {
    let graphics = Subprocess.run(
      [lightbox, "--graphics", "foo", "/tmp"], environment: environment)
    XCTAssertEqual(graphics.status, 64, graphics.output)
    XCTAssertTrue(graphics.output.contains("--graphics must be auto, kitty"), graphics.output)
    let turns = Subprocess.run(
      [lightbox, "rotate", "--write", "--half", "--anticlockwise", "x.jpg"],
      environment: environment)
    XCTAssertEqual(turns.status, 64, turns.output)
    XCTAssertTrue(turns.output.contains("give one turn"), turns.output)
    XCTAssertFalse(turns.output.contains("had already been set"), turns.output)
  }

  /// The help names every picture protocol, says a default once, and wraps whole sentences.
  func testHelpTextsAreRight() {
    let browse = Subprocess.run([lightbox, "browse", "--help"], environment: environment).output
    XCTAssertTrue(browse.contains("kitty, iterm2, sixel, halfblock"), browse)
    let show = Subprocess.run([lightbox, "show", "--help"], environment: environment).output
    XCTAssertTrue(show.contains("(kitty, iTerm2, sixel or"), show)
    XCTAssertEqual(show.components(separatedBy: "default: auto").count - 1, 1, show)
    let demo = Subprocess.run([lightbox, "demo", "--help"], environment: environment).output
    let paragraph = demo.components(separatedBy: "\n\n")[1].split(separator: "\n")
    for line in paragraph.dropLast() {
      XCTAssertGreaterThan(line.count, 60, "a line cut short mid-sentence:\n\(demo)")
    }
  }

  func testAMissingFolderIsAnErrorWithStatus2() {
    let run = Subprocess.run([lightbox, "/nonexistent/photos"], environment: environment)
    XCTAssertEqual(run.status, 2, run.output)
    XCTAssertEqual(run.output, "lightbox: /nonexistent/photos: no such file or folder\n")
  }

  func testAMistypedSubcommandIsSuggested() {
    let run = Subprocess.run([lightbox, "thumbnail"], environment: environment)
    XCTAssertEqual(run.status, 2, run.output)
    XCTAssertEqual(
      run.output, "lightbox: no such folder or command 'thumbnail'; did you mean 'thumbnails'?\n")
    let prefix = Subprocess.run([lightbox, "doc"], environment: environment)
    XCTAssertEqual(prefix.status, 2, prefix.output)
    XCTAssertTrue(prefix.output.contains("did you mean 'doctor'?"), prefix.output)
    let far = Subprocess.run([lightbox, "holidays"], environment: environment)
    XCTAssertEqual(far.status, 2, far.output)
    XCTAssertEqual(
      far.output,
      "lightbox: no such folder or command 'holidays' (lightbox --help lists the commands)\n")
  }

  func testSuggestionsByPrefixAndEditDistance() {
    let names = ["browse", "demo", "index", "info", "show", "thumbnails", "doctor", "bench"]
    XCTAssertEqual(NamedPath.suggestion(for: "thumbnail", among: names), "thumbnails")
    XCTAssertEqual(NamedPath.suggestion(for: "dmeo", among: names), "demo")
    XCTAssertEqual(NamedPath.suggestion(for: "indx", among: names), "index")
    XCTAssertEqual(NamedPath.suggestion(for: "thumb", among: names), "thumbnails")
    XCTAssertNil(NamedPath.suggestion(for: "holidays", among: names))
    XCTAssertNil(NamedPath.suggestion(for: "./demo", among: names), "a path is not a command")
    XCTAssertEqual(NamedPath.editDistance("kitten", "sitting"), 3)
  }

  func testInfoReportsEveryFileThenFailsForAMissingOne() throws {
    let library = home.appendingPathComponent("library").path
    let photos = try IndexCommandTests.writePhotos(1, in: library)
    let missing = library + "/gone.jpg"
    let run = Subprocess.run([lightbox, "info", missing, photos[0]], environment: environment)
    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertTrue(run.output.contains("\(missing): error: cannot read file"), run.output)
    XCTAssertTrue(run.output.contains("\(photos[0]): JPEG 16×12"), run.output)
    let good = Subprocess.run([lightbox, "info", photos[0]], environment: environment)
    XCTAssertEqual(good.status, 0, good.output)
  }

  func testIndexIndexesTheRestThenFailsForAMissingFolder() throws {
    let library = home.appendingPathComponent("library").path
    try IndexCommandTests.writePhotos(3, in: library)
    let catalog = home.appendingPathComponent("c.sqlite").path
    let run = Subprocess.run(
      [lightbox, "index", "--catalog", catalog, home.path + "/missing", library],
      environment: environment)
    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertTrue(run.output.contains("indexed 3 photos"), run.output)
    XCTAssertTrue(run.output.contains("lightbox: \(home.path)/missing"), run.output)
  }
}
