import Catalog
import Foundation
import LightboxTestSupport
import XCTest

/// `lightbox index` killed with SIGKILL at random moments: the catalog stays sound and a
/// final run completes with the right count.
final class IndexKillTests: XCTestCase {
  func testKillNineAtRandomPointsLeavesAConsistentCatalog() throws {
    let lightbox = try BuiltProduct.requireLightbox()
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
    // Small transactions (50 rows) so a kill point lands between two commits.
    let killable = command + ["--batch-size", "50"]

    // Each round kills the indexer once the catalog shows a seeded number of rewritten rows,
    // so every kill interrupts a run at a point that replays with LIGHTBOX_TEST_SEED.
    let seed = TestSeed.value
    var generator = SeededGenerator(seed: seed)
    var killedMidRun = 0
    var nextIndex = 10_000
    for round in 0..<10 {
      let stamp = 1_700_000_000 + round * 10
      CatalogKillPoint.touch(files, stamp: stamp)
      // A point ten 50-row batches before the end is reached while the run still has
      // batches to write.
      let point = Int.random(in: 1...(files.count - 500), using: &generator)
      let child = try ChildProcess(killable, environment: environment)
      _ = CatalogKillPoint.waitForRows(
        stampedAt: stamp, atLeast: point, catalogPath: catalogPath, while: child)
      if child.killAndWait() { killedMidRun += 1 }

      let catalog = try Catalog(path: catalogPath)
      XCTAssertEqual(try catalog.integrityCheck(), ["ok"], "round \(round), seed \(seed)")
      XCTAssertEqual(try catalog.duplicatePathCount(), 0, "round \(round), seed \(seed)")
      XCTAssertLessThanOrEqual(try catalog.assetCount, files.count + 10)

      // Give the next run work: some files gone, some new (every file is touched next round).
      for path in files.sorted().shuffled(using: &generator).prefix(5) {
        unlink(path)
        files.remove(path)
      }
      let added = try IndexCommandTests.writePhotos(
        5, in: library + "/new\(round)", startIndex: nextIndex)
      nextIndex += 5
      files.formUnion(added)
    }
    print("IndexKillTests: \(killedMidRun) of 10 kills landed mid-run (seed \(seed))")
    // A kill misses only when the run wrote its whole last batch between the catalog showing
    // the point and the signal.
    XCTAssertGreaterThanOrEqual(killedMidRun, 8, "seed \(seed)")

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
