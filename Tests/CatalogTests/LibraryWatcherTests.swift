import Foundation
import XCTest

@testable import Catalog

final class LibraryWatcherTests: XCTestCase {
  var library: TestLibrary!
  var watcher: LibraryWatcher?
  let batches = Locked<[[LibraryPath]]>([])

  override func setUpWithError() throws {
    library = TestLibrary("watcher")
    try FileManager.default.createDirectory(
      atPath: library.root + "/existing/deep", withIntermediateDirectories: true)
    let batches = self.batches
    watcher = try LibraryWatcher(
      roots: [library.root], quietPeriod: 0.05, maxDelay: 0.3,
      onChange: { paths in batches.mutate { $0.append(paths) } })
  }

  override func tearDown() {
    watcher?.stop()
    library.remove()
  }

  /// Waits until the reported paths include all of `paths` (a 60 s bound only catches a
  /// watcher that never reports). Only batches from number `after` on count.
  private func waitFor(
    _ paths: [String], after: Int = 0, file: StaticString = #filePath, line: UInt = #line
  ) {
    let wanted = Set(paths.map(LibraryPath.init))
    let deadline = Date().addingTimeInterval(60)
    var reported = Set<LibraryPath>()
    while Date() < deadline {
      reported = Set(batches.value.dropFirst(after).flatMap { $0 })
      if wanted.isSubset(of: reported) { return }
      usleep(20_000)
    }
    XCTFail("not reported: \(wanted.subtracting(reported))", file: file, line: line)
  }

  func testWatchesEveryExistingFolder() {
    XCTAssertEqual(watcher?.watchedFolderCount, 3)
  }

  func testReportsNewChangedMovedAndDeletedFiles() throws {
    let a = try library.writeJPEG("existing/deep/a.jpg")
    waitFor([a])
    var seen = batches.value.count
    try library.writeJPEG("existing/deep/a.jpg", orientation: 6)  // rewritten in place
    waitFor([a], after: seen)
    seen = batches.value.count
    let b = library.root + "/b.jpg"
    try FileManager.default.moveItem(atPath: a, toPath: b)
    waitFor([a, b], after: seen)
    seen = batches.value.count
    try FileManager.default.removeItem(atPath: b)
    waitFor([b], after: seen)
  }

  func testNewSubfoldersAreWatchedToo() throws {
    try FileManager.default.createDirectory(
      atPath: library.root + "/new", withIntermediateDirectories: false)
    waitFor([library.root + "/new"])
    let inside = try library.writeJPEG("new/inside.jpg")
    waitFor([inside])
  }

  func testRenamedFolderReportsBothNamesAndEventsUseTheNewOne() throws {
    try FileManager.default.moveItem(
      atPath: library.root + "/existing", toPath: library.root + "/renamed")
    waitFor([library.root + "/existing", library.root + "/renamed"])
    let seen = batches.value.count
    let inside = try library.writeJPEG("renamed/deep/new.jpg")
    waitFor([inside], after: seen)
    XCTAssertFalse(
      batches.value.flatMap { $0 }.contains { $0.string.contains("/existing/deep/") },
      "no event carries the old folder name")
  }

  func testHiddenNamesAreNotReportedAndBatchesAreGathered() throws {
    try library.write(".partial.swp", "x")
    var paths: [String] = []
    for i in 0..<20 { paths.append(try library.writeJPEG("burst\(i).jpg")) }
    waitFor(paths)
    let reported = batches.value.flatMap { $0 }
    XCTAssertFalse(reported.contains { $0.string.hasSuffix(".partial.swp") })
    XCTAssertLessThan(batches.value.count, 20, "a burst arrives in a few batches, not one each")
  }

  func testAFolderLinkedInsideTheLibraryIsWatchedUnderItsRealPath() throws {
    watcher?.stop()
    // Links met in any order: each folder is watched under its real path, so its events
    // name the photos as the indexer knows them.
    XCTAssertEqual(symlink("existing", library.root + "/a-link"), 0)
    XCTAssertEqual(symlink("existing/deep", library.root + "/z-link"), 0)
    let batches = self.batches
    watcher = try LibraryWatcher(
      roots: [library.root], quietPeriod: 0.05, maxDelay: 0.3,
      onChange: { paths in batches.mutate { $0.append(paths) } })
    XCTAssertEqual(watcher?.watchedFolderCount, 3)
    let photo = try library.writeJPEG("existing/deep/new.jpg")
    waitFor([photo])
    XCTAssertFalse(batches.value.flatMap { $0 }.contains { $0.string.contains("-link") })
  }

  func testWatcherFeedsTheIndexer() throws {
    let catalog = try Catalog(path: library.catalogPath)
    let indexer = Indexer(catalog: catalog)
    _ = try indexer.index(roots: [library.root])
    let photo = try library.writeJPEG("existing/new.jpg")
    waitFor([photo])
    _ = try indexer.update(paths: batches.value.flatMap { $0 })
    XCTAssertEqual(try catalog.allAssets().map(\.path), [photo])
  }

  func testStopEndsTheThread() throws {
    watcher?.stop()
    watcher?.stop()  // twice is fine
    // A second watcher on the same folders sees the next write; once it has reported it,
    // the stopped one would have been told too if it were still listening.
    let witness = Locked<[[LibraryPath]]>([])
    let second = try LibraryWatcher(
      roots: [library.root], quietPeriod: 0.05, maxDelay: 0.3,
      onChange: { paths in witness.mutate { $0.append(paths) } })
    defer { second.stop() }
    let photo = try library.writeJPEG("after.jpg")
    let deadline = Date().addingTimeInterval(60)
    while !witness.value.joined().contains(LibraryPath(photo)), Date() < deadline {
      usleep(10_000)
    }
    XCTAssertTrue(witness.value.joined().contains(LibraryPath(photo)), "the witness saw it")
    XCTAssertTrue(batches.value.isEmpty)
  }
}
