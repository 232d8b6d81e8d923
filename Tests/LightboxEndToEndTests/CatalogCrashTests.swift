import Catalog
import Foundation
import LightboxTestSupport
import XCTest

/// The catalog under hostile timing: `kill -9` while indexing and while albums are edited
/// (favorites and album memberships committed before the kills survive, and no album edit
/// is left half done), two indexers at once, and a full disk.
final class CatalogCrashTests: XCTestCase {
  var home: URL!
  var library = ""
  var catalogPath = ""
  var lightbox = ""
  let environmentBase = ["PATH": "/usr/bin:/bin:/sbin:/usr/sbin", "LANG": "C.UTF-8"]

  override func setUpWithError() throws {
    lightbox = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("catalog-crash")
    library = home.appendingPathComponent("library").path
    catalogPath = home.appendingPathComponent("data/library.sqlite").path
  }

  override func tearDown() {
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  var environment: [String: String] { environmentBase.merging(["HOME": home.path]) { $1 } }

  func touchAll(_ files: Set<String>, stamp: Int) {
    CatalogKillPoint.touch(files, stamp: stamp)
  }

  func favoritePaths(_ catalog: Catalog) throws -> Set<String> {
    Set(try catalog.allAssets().filter(\.isFavorite).map(\.path))
  }

  /// Albums by name with their members' paths.
  func albumPaths(_ catalog: Catalog) throws -> [String: Set<String>] {
    let paths = Dictionary(uniqueKeysWithValues: try catalog.allAssets().map { ($0.id, $0.path) })
    var result: [String: Set<String>] = [:]
    for album in try catalog.albums() {
      result[album.name] = Set(album.assetIDs.compactMap { paths[$0] })
    }
    return result
  }

  func testTwentyKillsKeepFavoritesAndIntegrity() throws {
    var files = Set<String>()
    for folder in 0..<4 {
      files.formUnion(
        try IndexCommandTests.writePhotos(
          200, in: library + "/f\(folder)", startIndex: folder * 200))
    }
    let command = [lightbox, "index", library, "--catalog", catalogPath, "--json"]
    // Small transactions (50 rows) so a kill point lands between two commits.
    let killable = command + ["--batch-size", "50"]
    let first = Subprocess.run(command, environment: environment)
    XCTAssertEqual(first.status, 0, first.output)

    // Favorites committed before any kill: every seventh photo.
    let catalog = try Catalog(path: catalogPath)
    let assets = try catalog.allAssets()
    XCTAssertEqual(assets.count, files.count)
    let chosen = assets.enumerated().filter { $0.offset % 7 == 0 }.map(\.element)
    try catalog.setFavorite(true, for: chosen.map(\.id))
    let favorites = Set(chosen.map(\.path))
    XCTAssertEqual(try favoritePaths(catalog), favorites)
    // Albums committed before any kill: Trip (every fifth photo) and Empty.
    _ = try catalog.createAlbum(
      named: "Trip", adding: assets.enumerated().filter { $0.offset % 5 == 0 }.map(\.element.id),
      now: 1)
    _ = try catalog.createAlbum(named: "Empty", adding: [], now: 2)
    let albums = try albumPaths(catalog)
    XCTAssertEqual(albums["Trip"]?.count, files.count / 5)
    let churnBatch = 50
    let churn = [lightbox + "-album-churn", "--catalog", catalogPath, "--batch", "\(churnBatch)"]

    let seed = TestSeed.value
    var generator = SeededGenerator(seed: seed)
    var killedMidRun = 0
    var churnSeen = 0
    for round in 0..<20 {
      // Every file looks changed, so each run rewrites every row it reaches.
      let stamp = 1_700_000_000 + round * 10
      CatalogKillPoint.touch(files, stamp: stamp)
      // An album editor (once it says it has made its first album), then an indexer beside
      // it; both are killed when the catalog shows a seeded number of rewritten rows (ten 50-row
      // batches before the end, so the run is still going).
      let editor = try ChildProcess(churn, environment: environment, readsOutput: true)
      XCTAssertNotNil(editor.readLine(), "round \(round): the album editor said nothing")
      let indexer = try ChildProcess(killable, environment: environment)
      let point = Int.random(in: 1...(files.count - 500), using: &generator)
      _ = CatalogKillPoint.waitForRows(
        stampedAt: stamp, atLeast: point, catalogPath: catalogPath, while: indexer)
      kill(editor.pid, SIGKILL)
      if indexer.killAndWait() { killedMidRun += 1 }
      XCTAssertTrue(editor.killAndWait(), "round \(round): the album editor stopped by itself")

      let reopened = try Catalog(path: catalogPath)
      XCTAssertEqual(try reopened.integrityCheck(), ["ok"], "round \(round)")
      XCTAssertEqual(try reopened.duplicatePathCount(), 0, "round \(round)")
      XCTAssertEqual(try reopened.assetCount, files.count, "round \(round): photos lost or doubled")
      XCTAssertEqual(try favoritePaths(reopened), favorites, "round \(round): favorites changed")
      let after = try albumPaths(reopened)
      XCTAssertEqual(after["Trip"], albums["Trip"], "round \(round): Trip's photos changed")
      XCTAssertEqual(after["Empty"], [], "round \(round)")
      // The editor's album: absent, or whole, or emptied; never part of a batch.
      for (name, members) in after where name.hasPrefix("Churn") {
        XCTAssertTrue(
          [0, churnBatch].contains(members.count), "round \(round): \(name) has \(members.count)")
      }
      XCTAssertLessThanOrEqual(
        after.keys.filter { $0.hasPrefix("Churn") }.count, 1, "round \(round)")
      if after.keys.contains(where: { $0.hasPrefix("Churn") }) { churnSeen += 1 }
      // The next editor starts from no Churn album.
      for album in try reopened.albums() where album.name.hasPrefix("Churn") {
        try reopened.deleteAlbum(album.id)
      }
    }
    print(
      "CatalogCrashTests: \(killedMidRun) of 20 kills landed mid-run (seed \(seed));"
        + " the album editor was caught with its album in \(churnSeen)")
    XCTAssertGreaterThanOrEqual(killedMidRun, 16, "kills interrupt runs (seed \(seed))")
    XCTAssertGreaterThanOrEqual(churnSeen, 3, "kills should land while albums are edited")
    let final = Subprocess.run(command, environment: environment)
    XCTAssertEqual(final.status, 0, final.output)
    let reopened = try Catalog(path: catalogPath)
    XCTAssertEqual(try reopened.integrityCheck(), ["ok"])
    XCTAssertEqual(try favoritePaths(reopened), favorites)
    XCTAssertEqual(try albumPaths(reopened)["Trip"], albums["Trip"])
  }

  func testTwoIndexersAtOnceNeverCorrupt() throws {
    var files = Set<String>()
    for folder in 0..<2 {
      files.formUnion(
        try IndexCommandTests.writePhotos(
          100, in: library + "/f\(folder)", startIndex: folder * 100))
    }
    let command = [lightbox, "index", library, "--catalog", catalogPath, "--json"]
    // Even rounds race to create the catalog (the migrations), odd ones to update it.
    for round in 0..<16 {
      if round % 2 == 0 {
        try? FileManager.default.removeItem(
          atPath: (catalogPath as NSString).deletingLastPathComponent)
      }
      touchAll(files, stamp: 1_700_000_000 + round * 10)
      let outputs = (0..<3).map { home.appendingPathComponent("out-\(round)-\($0)").path }
      let pids = try outputs.map { out in
        try IndexKillTests.spawn(
          ["/bin/sh", "-c", "exec \"$@\" > \(out) 2>&1", "sh"] + command, environment: environment)
      }
      for (pid, out) in zip(pids, outputs) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        // Works or waits: both finish with a summary (the busy timeout covers the other's
        // write transactions); a refusal would have to be one clear line, never a crash.
        XCTAssertEqual(status, 0, "round \(round): \(text)")
        XCTAssertTrue(text.contains("\"total\""), "round \(round): no summary: \(text)")
      }
      let catalog = try Catalog(path: catalogPath)
      XCTAssertEqual(try catalog.integrityCheck(), ["ok"], "round \(round)")
      XCTAssertEqual(try catalog.duplicatePathCount(), 0, "round \(round)")
      XCTAssertEqual(try catalog.assetCount, files.count, "round \(round)")
    }
  }

  /// The browser and `lightbox index` on one catalog at the same time: both work, the
  /// browser shows the library, the catalog stays sound.
  func testBrowsingWhileIndexing() throws {
    guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
    for folder in 0..<4 {
      _ = try IndexCommandTests.writePhotos(
        150, in: library + "/f\(folder)", startIndex: folder * 150)
    }
    let env = environment.merging([
      "TERM": "xterm-256color", "PS1": "e2e$ ", "SWIFT_BACKTRACE": "enable=no",
      "LIGHTBOX_CATALOG": catalogPath, "XDG_CACHE_HOME": home.path + "/cache",
      "XDG_STATE_HOME": home.path + "/state",
    ]) { $1 }
    let tmux = try TmuxSession(columns: 100, rows: 30, environment: env)
    defer { tmux.kill() }
    XCTAssertNotNil(tmux.waitFor("e2e\\$"))
    // The browser indexes its library as it starts; an index run races it, then five more
    // while it watches the files change under it.
    tmux.send("\(lightbox) \(library); echo EXIT=$?", literal: true)
    tmux.send("Enter")
    let command = [lightbox, "index", library, "--catalog", catalogPath, "--json"]
    for round in 0..<6 {
      if round > 0 {
        var files = Set<String>()
        let enumerator = FileManager.default.enumerator(atPath: library)
        while let name = enumerator?.nextObject() as? String {
          if name.hasSuffix(".jpg") { files.insert(library + "/" + name) }
        }
        touchAll(files, stamp: 1_700_000_000 + round * 10)
      }
      let result = Subprocess.run(command, environment: env)
      XCTAssertEqual(result.status, 0, "round \(round): \(result.output)")
      XCTAssertTrue(result.output.contains("\"total\":600"), "round \(round): \(result.output)")
    }
    XCTAssertNotNil(tmux.waitFor("600 photos", timeout: 30), tmux.capture())
    tmux.send("Enter")
    XCTAssertNotNil(tmux.waitFor("[0-9]+ of 600", timeout: 10), tmux.capture())
    tmux.send("q")
    XCTAssertNotNil(tmux.waitFor("EXIT=0", timeout: 10), tmux.capture())
    let catalog = try Catalog(path: catalogPath)
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
    XCTAssertEqual(try catalog.duplicatePathCount(), 0)
    XCTAssertEqual(try catalog.assetCount, 600)
  }

  /// A catalog on a 160 KB tmpfs (a private mount namespace through `unshare`): indexing
  /// more than fits ends with an error, and what is on the disk is still a sound catalog.
  func testFullDiskIsAnErrorNotAHalfWrittenCatalog() throws {
    let mountPoint = home.appendingPathComponent("tiny").path
    let copy = home.appendingPathComponent("copy").path
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
    let probe = Subprocess.run(
      ["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=160k tmpfs \(mountPoint)"],
      environment: environment)
    guard probe.status == 0 else {
      throw XCTSkip(
        "cannot mount a tiny tmpfs here (unshare -rm: \(probe.output)): full-disk test skipped")
    }
    for folder in 0..<3 {
      _ = try IndexCommandTests.writePhotos(
        300, in: library + "/f\(folder)", startIndex: folder * 300)
    }
    // The index runs inside the namespace; the catalog files are copied out before the
    // mount (and the namespace) go away, then checked here.
    let catalogInside = mountPoint + "/library.sqlite"
    let script = """
      mount -t tmpfs -o size=160k tmpfs "$1" || exit 90
      "$2" index "$3" --catalog "$4" --json > "$5/out" 2>&1
      echo $? > "$5/status"
      df -k "$1" > "$5/df"
      cp "$4" "$4-wal" "$4-shm" "$5/" 2>/dev/null
      exit 0
      """
    let result = Subprocess.run(
      [
        "unshare", "-rm", "sh", "-c", script, "sh", mountPoint, lightbox, library, catalogInside,
        copy,
      ],
      environment: environment)
    XCTAssertEqual(result.status, 0, result.output)
    let status = (try? String(contentsOfFile: copy + "/status", encoding: .utf8)) ?? ""
    let output = (try? String(contentsOfFile: copy + "/out", encoding: .utf8)) ?? ""
    XCTAssertNotEqual(
      status.trimmingCharacters(in: .whitespacesAndNewlines), "0",
      "a full disk must fail: \(output)")
    XCTAssertFalse(output.isEmpty, "no error message")
    let lines = output.split(separator: "\n")
    XCTAssertTrue(
      lines.contains {
        $0.localizedCaseInsensitiveContains("full") || $0.contains("disk") || $0.contains("space")
      },
      "the error says why: \(output)")
    XCTAssertFalse(output.contains("Fatal error"), output)
    // The copied catalog opens and is sound (the failed transaction left nothing half done).
    let catalog = try Catalog(path: copy + "/library.sqlite")
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
    XCTAssertEqual(try catalog.duplicatePathCount(), 0)
  }
}
