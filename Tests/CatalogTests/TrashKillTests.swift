import Foundation
import GRDB
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

/// A process moving photos to the Trash and back, killed with SIGKILL at random moments:
/// after the next operation's repair no file is lost or doubled, every file in the Trash has
/// its `.trashinfo`, and every row (with its favorite flag) is still there and right.
final class TrashKillTests: XCTestCase {
  static let childVariable = "LIGHTBOX_TRASH_KILL_CHILD"

  func testKillNineDuringTrashAndRestoreLosesNothing() throws {
    // The same test binary is the child: it trashes and restores until it is killed.
    if let spec = ProcessInfo.processInfo.environment[Self.childVariable] {
      let parts = spec.split(separator: "\n").map(String.init)
      try Self.childLoop(catalogPath: parts[0], homeTrash: parts[1])
    }
    let executable = ProcessInfo.processInfo.arguments[0]
    guard
      executable.hasSuffix(".xctest") || FileManager.default.isExecutableFile(atPath: executable)
    else { throw XCTSkip("cannot find the test executable to run the child") }

    let library = TestLibrary("trash-kill")
    defer { library.remove() }
    let catalog = try Catalog(path: library.catalogPath)
    var contents: [Data] = []
    for n in 0..<30 {
      let path = try library.writeJPEG(
        "f\(n % 3)/IMG_\(n).jpg", date: "2024:04:\(10 + n % 18) 08:00:00", width: 10 + n)
      contents.append(try XCTUnwrap(FileManager.default.contents(atPath: path)))
    }
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let ids = Set(try catalog.allAssets().map(\.id))
    XCTAssertEqual(ids.count, 30)
    let favorites = Array(ids.sorted().prefix(7))
    try catalog.setFavorite(true, for: favorites)
    let homeTrash = library.folder.path + "/xdg-data/Trash"
    let trash = LibraryTrash(catalog: catalog, trash: FreedesktopTrash(homeTrash: homeTrash))

    var sawTrashed = 0
    var killedMidMove = 0
    let seed = TestSeed.value
    var generator = SeededGenerator(seed: seed)
    for round in 0..<8 {
      let pid = try Self.spawn(
        [executable, "CatalogTests.TrashKillTests/testKillNineDuringTrashAndRestoreLosesNothing"],
        environment: [Self.childVariable: library.catalogPath + "\n" + homeTrash])
      // Once the child is at work (holding the trash lock), kill it at a random moment.
      let lock = open(library.catalogPath + "-trash.lock", O_RDWR | O_CREAT, 0o600)
      let deadline = Date().addingTimeInterval(20)
      while Date() < deadline, flock(lock, LOCK_EX | LOCK_NB) == 0 {
        flock(lock, LOCK_UN)
        usleep(2_000)
      }
      close(lock)
      // A seeded point in the child's work (LIGHTBOX_TEST_SEED replays the choices).
      usleep(UInt32.random(in: 0...30_000, using: &generator))
      kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}

      if try Self.pendingCount(catalog) > 0 { killedMidMove += 1 }
      XCTAssertEqual(trash.repair(), [], "round \(round)")
      sawTrashed += try catalog.trashedCount
      try Self.checkInvariants(
        catalog: catalog, root: library.root, homeTrash: homeTrash, contents: contents,
        ids: ids, favorites: favorites, round: round)
    }
    XCTAssertGreaterThan(sawTrashed, 0, "the child never got to trash anything")
    print("TrashKillTests: \(killedMidMove) of 8 kills left a move half done")
    XCTAssertGreaterThan(killedMidMove, 0, "no kill landed inside a move")

    // Everything back, byte-identical, same rows.
    XCTAssertEqual(trash.restore(try catalog.trashedPhotos().map(\.asset.id)), [])
    XCTAssertEqual(Set(try catalog.allAssets().map(\.id)), ids)
    let files = try Self.files(under: library.root)
    XCTAssertEqual(files.count, 30)
    XCTAssertEqual(Set(files.values), Set(contents))
    XCTAssertTrue(files.keys.allSatisfy { !$0.contains("(restored") }, "no clash was made")
  }

  /// What must hold after any kill and a repair.
  static func checkInvariants(
    catalog: Catalog, root: String, homeTrash: String, contents: [Data], ids: Set<AssetID>,
    favorites: [AssetID], round: Int, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let inLibrary = try files(under: root)
    let inTrash = try files(under: homeTrash + "/files")
    // Each photo exactly once, in the library or in the Trash.
    let all = Array(inLibrary.values) + Array(inTrash.values)
    XCTAssertEqual(all.count, contents.count, "round \(round)", file: file, line: line)
    XCTAssertEqual(Set(all), Set(contents), "round \(round)", file: file, line: line)
    // Info and file in pairs.
    let infos = Set(
      ((try? FileManager.default.contentsOfDirectory(atPath: homeTrash + "/info")) ?? []))
    XCTAssertEqual(
      infos, Set(inTrash.keys.map { ($0 as NSString).lastPathComponent + ".trashinfo" }),
      "round \(round)", file: file, line: line)
    // Rows: all there, each pointing at its file, trashed exactly when in the Trash.
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"], file: file, line: line)
    XCTAssertEqual(try catalog.duplicatePathCount(), 0, file: file, line: line)
    let trashed = try catalog.trashedPhotos()
    let live = try catalog.allAssets()
    XCTAssertEqual(
      Set(trashed.map(\.asset.id)).union(live.map(\.id)), ids, "round \(round)", file: file,
      line: line)
    XCTAssertEqual(
      Set(live.map(\.path)), Set(inLibrary.keys), "round \(round)", file: file,
      line: line)
    XCTAssertEqual(
      Set(trashed.map(\.asset.path)), Set(inTrash.keys), "round \(round)",
      file: file, line: line)
    let favorite = Set(trashed.map(\.asset).filter(\.isFavorite).map(\.id))
      .union(live.filter(\.isFavorite).map(\.id))
    XCTAssertEqual(favorite, Set(favorites), "round \(round)", file: file, line: line)
    for photo in trashed {
      XCTAssertTrue(photo.originalPath.hasPrefix(root + "/"), file: file, line: line)
    }
  }

  /// Rows with a move in progress (journaled, not finished).
  static func pendingCount(_ catalog: Catalog) throws -> Int {
    try catalog.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM assets WHERE trash_pending != 0") ?? 0
    }
  }

  /// Regular files under `folder` (recursively, hidden ones too) and their contents.
  static func files(under folder: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [:] }
    while let relative = walker.nextObject() as? String {
      let path = folder + "/" + relative
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      result[path] = FileManager.default.contents(atPath: path)
    }
    return result
  }

  /// The child's work: random photos to the Trash and back, forever.
  static func childLoop(catalogPath: String, homeTrash: String) throws -> Never {
    let catalog = try Catalog(path: catalogPath)
    let trash = LibraryTrash(catalog: catalog, trash: FreedesktopTrash(homeTrash: homeTrash))
    while true {
      let live = try catalog.allAssets().map(\.id).shuffled().prefix(4)
      _ = trash.moveToTrash(Array(live), now: LibraryTrash.currentTime())
      let gone = try catalog.trashedPhotos().map(\.asset.id).shuffled().prefix(3)
      _ = trash.restore(Array(gone))
    }
  }

  static func spawn(_ arguments: [String], environment: [String: String]) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { $1 }
    let env = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { env.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, env)
    guard result == 0 else {
      throw CatalogError("cannot start the child: \(String(cString: strerror(result)))")
    }
    return pid
  }
}
