import Foundation
import LibraryImport
import LightboxTestSupport
import XCTest

/// `lightbox import` killed with SIGKILL at seeded points of its copy protocol, several
/// times, then run to the end: every source file is in the library exactly once, byte for
/// byte, and no temporary file is left. Also a full destination disk (a small tmpfs) and a
/// source file that vanishes mid-import.
final class ImportKillTests: XCTestCase {
  /// Checkpoints a copied file passes (ImportTestHooks): temp created, first block written,
  /// all written, synced, verified, renamed, folder synced.
  static let checkpointsPerFile = 7

  /// Copies corpus files of every kind into `card` (distinct bytes each), or skips.
  static func makeCard(_ card: String, kinds: [String]) throws -> [String] {
    guard let corpus = CorpusLocator.corpus?.path else {
      throw XCTSkip(CorpusLocator.missingMessage)
    }
    try FileManager.default.createDirectory(atPath: card, withIntermediateDirectories: true)
    var copied: [String] = []
    for kind in kinds {
      for name in try FileManager.default.contentsOfDirectory(atPath: corpus + "/" + kind).sorted()
      where !name.hasPrefix(".") {
        let target = card + "/" + name
        guard !FileManager.default.fileExists(atPath: target) else { continue }
        try FileManager.default.copyItem(atPath: corpus + "/" + kind + "/" + name, toPath: target)
        copied.append(target)
      }
    }
    return copied
  }

  /// The library's files (relative), hidden ones included.
  static func allFiles(_ folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var out: [String] = []
    while let next = walker.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder + "/" + next, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        out.append(next)
      }
    }
    return out.sorted()
  }

  /// The library's photos: not hidden, not the import's own lock and journal.
  static func photos(_ folder: String) -> [String] {
    allFiles(folder).filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
  }

  /// How many files `command` would copy now (its --dry-run --json plan).
  static func copiesLeft(_ command: [String], environment: [String: String]) throws -> Int {
    let plan = Subprocess.run(command + ["--dry-run", "--json"], environment: environment)
    let line = plan.output.split(separator: "\n").last.map(String.init) ?? ""
    return try JSONDecoder().decode(ImportSummary.self, from: Data(line.utf8)).imported
  }

  /// Waits for `pid` to stop (SIGSTOP from the hook) or exit; true when it stopped.
  static func waitStoppedOrExited(_ pid: pid_t) -> Bool {
    var status: Int32 = 0
    while waitpid(pid, &status, WUNTRACED) < 0, errno == EINTR {}
    return status & 0xFF == 0x7F
  }

  func testKillNineAtSeededPointsThenAFullImportLosesNothing() throws {
    let lightbox = try BuiltProduct.requireLightbox()
    let home = BuiltProduct.temporaryDirectory("import-kill")
    defer { try? FileManager.default.removeItem(at: home) }
    let card = home.path + "/card/DCIM"
    let library = home.path + "/library"
    let sources = try Self.makeCard(card, kinds: ["jpeg-exif", "raw", "heif", "video"])
    // The JPEGs' hashes, to tell each library file's source.
    var sourceBytes: [Data: String] = [:]
    for path in sources { sourceBytes[try Data(contentsOf: URL(fileURLWithPath: path))] = path }
    let distinct = sourceBytes.count
    let command = [lightbox, "import", card, "--to", library]
    let environment = BuiltProduct.privateEnvironment(home: home)

    let seed = TestSeed.value
    var generator = SeededGenerator(seed: seed)
    var killed = 0
    for round in 0..<8 {
      // What this run has to copy (the dry run's plan); when an earlier run finished the job,
      // start again from an empty library so every round has copies to interrupt.
      var left = try Self.copiesLeft(command, environment: environment)
      if left == 0 {
        try FileManager.default.removeItem(atPath: library)
        try? FileManager.default.removeItem(atPath: home.path + "/state/lightbox/imported.tsv")
        left = try Self.copiesLeft(command, environment: environment)
      }
      let point = Int.random(in: 1...(left * Self.checkpointsPerFile), using: &generator)
      let pid = try IndexKillTests.spawn(
        command,
        environment: environment.merging(["LIGHTBOX_TEST_IMPORT_STOP_AT": "\(point)"]) {
          $1
        })
      let stopped = Self.waitStoppedOrExited(pid)
      print(
        "ImportKillTests: round \(round), \(left) left, point \(point): \(stopped ? "killed" : "ran to the end")"
      )
      if stopped {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        killed += 1
      }
      // Whatever landed is whole: every photo in the library is some source's exact bytes.
      for path in Self.photos(library) {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: library + "/" + path))
        XCTAssertNotNil(sourceBytes[bytes], "round \(round), point \(point), seed \(seed): \(path)")
      }
    }
    print("ImportKillTests: \(killed) of 8 runs killed mid-import (seed \(seed))")
    // A point past the run's last checkpoint (an empty file has one fewer) lets it finish.
    XCTAssertGreaterThanOrEqual(killed, 6, "seed \(seed)")

    let final = Subprocess.run(command + ["--json"], environment: environment)
    XCTAssertEqual(final.status, 0, final.output)
    let line = final.output.split(separator: "\n").last.map(String.init) ?? ""
    let summary = try JSONDecoder().decode(ImportSummary.self, from: Data(line.utf8))
    XCTAssertEqual(summary.failed, 0)
    XCTAssertEqual(summary.imported + summary.inLibrary + summary.importedBefore, sources.count)

    // Every source exactly once, byte-identical; no temporary file anywhere.
    var found: [String: Int] = [:]
    for path in Self.photos(library) {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: library + "/" + path))
      let source = try XCTUnwrap(sourceBytes[bytes], path)
      found[source, default: 0] += 1
    }
    XCTAssertEqual(found.count, distinct, "seed \(seed)")
    XCTAssertTrue(
      found.values.allSatisfy { $0 == 1 }, "seed \(seed): \(found.filter { $0.value > 1 })")
    let hidden = Self.allFiles(library).filter { $0.contains(".lightbox-import-") }
    XCTAssertEqual(hidden, [], "seed \(seed)")
    // The source is untouched.
    for (bytes, path) in sourceBytes {
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes)
    }
  }

  /// A destination that fills up: one line saying so, the summary counts what landed and what
  /// did not, every landed file is whole, no temporary file is left, the status is 1.
  func testAFullDiskStopsCleanly() throws {
    let lightbox = try BuiltProduct.requireLightbox()
    let home = BuiltProduct.temporaryDirectory("import-full")
    defer { try? FileManager.default.removeItem(at: home) }
    let card = home.path + "/card"
    let library = home.path + "/library"
    let sources = try Self.makeCard(card, kinds: ["jpeg-exif", "large"])
    try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    let mounted = Subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", library])
    guard mounted.status == 0 else {
      throw XCTSkip("cannot mount a small tmpfs (\(mounted.output)): full-disk test skipped")
    }
    defer { Subprocess.run(["umount", library]) }

    let result = Subprocess.run(
      [lightbox, "import", card, "--to", library, "--json"],
      environment: BuiltProduct.privateEnvironment(home: home))
    XCTAssertEqual(result.status, 1, result.output)
    let lines = result.output.split(separator: "\n").map(String.init)
    let full = lines.filter { $0.hasPrefix("lightbox: ") && $0.contains("disk is full") }
    XCTAssertEqual(full.count, 1, result.output)
    XCTAssertTrue(full.first?.hasPrefix("lightbox: ") == true)
    let summary = try JSONDecoder().decode(ImportSummary.self, from: Data((lines.last ?? "").utf8))
    XCTAssertNotNil(summary.stopped)
    XCTAssertGreaterThan(summary.imported, 0)
    // The copies in flight when the disk filled failed; they are counted, not printed.
    XCTAssertGreaterThanOrEqual(summary.failed, 1)
    XCTAssertGreaterThan(summary.notAttempted, 0)
    XCTAssertEqual(summary.imported + summary.failed + summary.notAttempted, sources.count)
    let landed = Self.photos(library)
    XCTAssertEqual(landed.count, summary.imported)
    for outcome in summary.files where outcome.result == .imported {
      XCTAssertEqual(
        FileManager.default.contents(atPath: outcome.source),
        FileManager.default.contents(atPath: library + "/" + (outcome.destination ?? "?")))
    }
    XCTAssertEqual(Self.allFiles(library).filter { $0.contains(".lightbox-import-") }, [])
  }

  /// A source file removed while the import is paused at a seeded point of an earlier file:
  /// one line for it, the rest imported, status 1.
  func testASourceThatVanishesMidImportIsOneLine() throws {
    let lightbox = try BuiltProduct.requireLightbox()
    let home = BuiltProduct.temporaryDirectory("import-vanish")
    defer { try? FileManager.default.removeItem(at: home) }
    let card = home.path + "/card"
    let library = home.path + "/library"
    let sources = try Self.makeCard(card, kinds: ["jpeg-exif"])
    let output = home.path + "/out.txt"
    // Stops inside the first copy; the plan is made, so the last file is in it.
    let pid = try Self.spawn(
      [lightbox, "import", card, "--to", library, "--json"], output: output,
      environment: BuiltProduct.privateEnvironment(
        home: home, extra: ["LIGHTBOX_TEST_IMPORT_STOP_AT": "3"]))
    XCTAssertTrue(Self.waitStoppedOrExited(pid))
    // The plan is oldest first; remove a file that is surely not the one being copied.
    let plan = Subprocess.run(
      [lightbox, "import", card, "--to", home.path + "/elsewhere", "--dry-run", "--json"],
      environment: BuiltProduct.privateEnvironment(home: home))
    let planned = try JSONDecoder().decode(
      ImportSummary.self, from: Data((plan.output.split(separator: "\n").last ?? "").utf8))
    let victim = try XCTUnwrap(planned.files.last?.source)
    try FileManager.default.removeItem(atPath: victim)
    kill(pid, SIGCONT)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    XCTAssertEqual((status >> 8) & 0xFF, 1)
    let text = try String(contentsOfFile: output, encoding: .utf8)
    let name = (victim as NSString).lastPathComponent
    XCTAssertEqual(
      text.split(separator: "\n").filter { $0.hasPrefix("lightbox: ") },
      ["lightbox: \(name): gone from the source before it was copied"])
    let summary = try JSONDecoder().decode(
      ImportSummary.self, from: Data((text.split(separator: "\n").last ?? "").utf8))
    XCTAssertEqual(summary.failed, 1)
    XCTAssertEqual(summary.imported + summary.inLibrary, sources.count - 1)
  }

  /// A copy changed on the disk after it was synced (a byte flipped in the temporary file
  /// while the import is paused at its "synced" checkpoint): the read-back's checksum differs
  /// from the source's, so that file is refused in one line and never named; the rest land.
  func testACopyThatDiffersWhenReadBackIsRefused() throws {
    let lightbox = try BuiltProduct.requireLightbox()
    let home = BuiltProduct.temporaryDirectory("import-readback")
    defer { try? FileManager.default.removeItem(at: home) }
    let card = home.path + "/card"
    let library = home.path + "/library"
    let sources = try Self.makeCard(card, kinds: ["jpeg-exif"])
    let output = home.path + "/out.txt"
    // Checkpoint 4 is the first file's "synced": written and fsynced, not yet read back.
    let pid = try Self.spawn(
      [lightbox, "import", card, "--to", library, "--json"], output: output,
      environment: BuiltProduct.privateEnvironment(
        home: home, extra: ["LIGHTBOX_TEST_IMPORT_STOP_AT": "4"]))
    XCTAssertTrue(Self.waitStoppedOrExited(pid))
    let temporary = try XCTUnwrap(
      Self.allFiles(library).first { $0.contains(".lightbox-import-") }, "no temporary file")
    let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: library + "/" + temporary))
    try handle.seek(toOffset: 1000)
    let byte = try XCTUnwrap(handle.readData(ofLength: 1).first)
    try handle.seek(toOffset: 1000)
    handle.write(Data([byte ^ 0x01]))
    try handle.close()
    kill(pid, SIGCONT)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    XCTAssertEqual((status >> 8) & 0xFF, 1)
    let text = try String(contentsOfFile: output, encoding: .utf8)
    let problems = text.split(separator: "\n").filter { $0.hasPrefix("lightbox: ") }
    XCTAssertEqual(problems.count, 1, text)
    XCTAssertTrue(
      problems.first?.hasSuffix(": the copy read back differs from the source; not imported")
        ?? false, text)
    let summary = try JSONDecoder().decode(
      ImportSummary.self, from: Data((text.split(separator: "\n").last ?? "").utf8))
    XCTAssertEqual(summary.failed, 1)
    XCTAssertEqual(summary.imported + summary.inLibrary, sources.count - 1)
    // Nothing under a final name but whole copies, and no temporary file left.
    var sourceBytes = Set<Data>()
    for path in sources { sourceBytes.insert(try Data(contentsOf: URL(fileURLWithPath: path))) }
    for path in Self.photos(library) {
      XCTAssertTrue(
        sourceBytes.contains(try Data(contentsOf: URL(fileURLWithPath: library + "/" + path))),
        path)
    }
    XCTAssertEqual(Self.allFiles(library).filter { $0.contains(".lightbox-import-") }, [])
  }

  /// Starts `arguments` with stdout and stderr into `output`, without waiting.
  static func spawn(_ arguments: [String], output: String, environment: [String: String]) throws
    -> pid_t
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { env.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, env)
    guard result == 0 else { throw ChildProcessError("cannot run \(arguments[0])") }
    return pid
  }
}
