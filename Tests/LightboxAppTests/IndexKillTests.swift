import Catalog
import Foundation
import LightboxTestSupport
import XCTest

/// `lightbox index` killed with SIGKILL at random moments: the catalog stays sound and a
/// final run completes with the right count.
final class IndexKillTests: XCTestCase {
  func testKillNineAtRandomPointsLeavesAConsistentCatalog() throws {
    guard let lightbox = BuiltProduct.lightbox else {
      throw XCTSkip("the lightbox binary is not built (run `swift build` first)")
    }
    let home = BuiltProduct.temporaryDirectory("index-kill")
    defer { try? FileManager.default.removeItem(at: home) }
    let library = home.appendingPathComponent("library").path
    let catalogPath = home.appendingPathComponent("data/library.sqlite").path
    var files = Set<String>()
    for folder in 0..<6 {
      let written = try IndexCommandTests.writePhotos(
        250, in: library + "/f\(folder)", startIndex: folder * 250)
      files.formUnion(written)
    }
    let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    let command = [lightbox, "index", library, "--catalog", catalogPath, "--json"]

    // How long a full run takes here: kills are spread over that span.
    let scratch = home.appendingPathComponent("scratch.sqlite").path
    let started = Date()
    let timing = Subprocess.run(
      [lightbox, "index", library, "--catalog", scratch], environment: environment)
    XCTAssertEqual(timing.status, 0, timing.output)
    let fullRun = max(0.05, Date().timeIntervalSince(started))

    var generator = SystemRandomNumberGenerator()
    var killedMidRun = 0
    var nextIndex = 10_000
    for round in 0..<10 {
      let pid = try Self.spawn(command, environment: environment)
      usleep(UInt32(Double.random(in: 0...fullRun, using: &generator) * 1_000_000))
      kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
      if status & 0x7F == SIGKILL { killedMidRun += 1 }

      let catalog = try Catalog(path: catalogPath)
      XCTAssertEqual(try catalog.integrityCheck(), ["ok"], "round \(round)")
      XCTAssertEqual(try catalog.duplicatePathCount(), 0, "round \(round)")
      XCTAssertLessThanOrEqual(try catalog.assetCount, files.count + 10)

      // Give the next run work: every file changed, some gone, some new.
      let stamp = 1_700_000_000 + round * 10
      for path in files {
        var times = [timespec(tv_sec: stamp, tv_nsec: 0), timespec(tv_sec: stamp, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
      }
      for path in files.shuffled(using: &generator).prefix(5) {
        unlink(path)
        files.remove(path)
      }
      let added = try IndexCommandTests.writePhotos(
        5, in: library + "/new\(round)", startIndex: nextIndex)
      nextIndex += 5
      files.formUnion(added)
    }
    print("IndexKillTests: \(killedMidRun) of 10 kills landed mid-run (full run \(fullRun) s)")
    XCTAssertGreaterThanOrEqual(killedMidRun, 3, "most kills should interrupt a run")

    let final = Subprocess.run(command, environment: environment)
    XCTAssertEqual(final.status, 0, final.output)
    let line = final.output.split(separator: "\n").last.map(String.init) ?? ""
    let summary = try JSONDecoder().decode(IndexSummary.self, from: Data(line.utf8))
    XCTAssertEqual(summary.total, files.count)
    XCTAssertEqual(summary.errors, 0)
    let catalog = try Catalog(path: catalogPath)
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
    XCTAssertEqual(try catalog.duplicatePathCount(), 0)
    XCTAssertEqual(Set(try catalog.allAssets().map(\.path)), files)
    // Resumed, not restarted: a run after the final one reads nothing.
    let after = Subprocess.run(command, environment: environment)
    let last = after.output.split(separator: "\n").last.map(String.init) ?? ""
    XCTAssertEqual(try JSONDecoder().decode(IndexSummary.self, from: Data(last.utf8)).read, 0)
  }

  /// Starts `arguments` with posix_spawn (stdin, stdout and stderr on /dev/null) and returns
  /// its pid without waiting (Foundation's Process hangs here).
  static func spawn(_ arguments: [String], environment: [String: String]) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { env.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, env)
    guard result == 0 else {
      throw CatalogError("cannot run \(arguments[0]): \(String(cString: strerror(result)))")
    }
    return pid
  }
}
