import Foundation
import XCTest

@testable import Catalog

/// Roots on network file systems and FUSE mounts are polled; local ones keep inotify.
final class LibraryMonitorTests: XCTestCase {
  var library: TestLibrary!
  var catalog: Catalog!
  var indexer: Indexer!
  var monitor: LibraryMonitor?

  override func setUpWithError() throws {
    library = TestLibrary("monitor")
    try FileManager.default.createDirectory(atPath: library.root, withIntermediateDirectories: true)
    catalog = try Catalog(path: library.catalogPath)
    indexer = Indexer(catalog: catalog)
  }

  override func tearDown() {
    monitor?.stop()
    monitor = nil
    indexer = nil
    catalog = nil
    library.remove()
  }

  /// A root said to be on NFS is polled, and a photo added there reaches the catalog by a
  /// re-scan: the update is awaited through the poller's count of re-scans, not a clock.
  func testNetworkRootIsPolledAndANewPhotoAppears() throws {
    try library.writeJPEG("old.jpg")
    _ = try indexer.index(roots: [library.root])
    let updates = Locked(0)
    let schedule = PollSchedule(floor: 0.05, ceiling: 0.5)
    let monitor = try LibraryMonitor(
      roots: [library.root], indexer: indexer,
      environment: [FileSystemType.overrideVariable: "nfs"], schedule: schedule,
      onUpdate: { updates.mutate { $0 += 1 } })
    self.monitor = monitor
    XCTAssertEqual(monitor.watches.map(\.method), [.polling(fileSystem: "nfs")])
    let poller = try XCTUnwrap(monitor.libraryPoller)

    XCTAssertTrue(poller.waitForPolls(atLeast: 1, timeout: 60), "no re-scan at all")
    XCTAssertEqual(updates.value, 0, "an unchanged library is not reported")
    let added = try library.writeJPEG("new/added.jpg")
    // Any re-scan that starts after the file exists finds it: two more are awaited.
    let seen = poller.pollCount
    XCTAssertTrue(poller.waitForPolls(atLeast: seen + 2, timeout: 60), "polling stopped")
    XCTAssertNotNil(try catalog.asset(path: LibraryPath(added)), "the new photo is indexed")
    XCTAssertGreaterThanOrEqual(updates.value, 1)
    let interval = try XCTUnwrap(monitor.pollInterval)
    XCTAssertTrue((schedule.floor...schedule.ceiling).contains(interval), "\(interval)")
  }

  /// Without the override a temporary folder (a local file system here) keeps inotify,
  /// with no poller, and a new photo still arrives through inotify.
  func testLocalRootKeepsInotify() throws {
    let method = FileSystemType.watchMethod(for: library.root, environment: [:])
    if method.isPolling {
      throw XCTSkip("the temporary folder is on \(method.fileSystem): no local file system")
    }
    _ = try indexer.index(roots: [library.root])
    let updates = Locked(0)
    let monitor = try LibraryMonitor(
      roots: [library.root], indexer: indexer, environment: [:],
      onUpdate: { updates.mutate { $0 += 1 } })
    self.monitor = monitor
    XCTAssertEqual(monitor.watches.map(\.method), [method])
    XCTAssertNil(monitor.libraryPoller)
    XCTAssertNil(monitor.pollInterval)
    let added = try library.writeJPEG("added.jpg")
    let deadline = Date().addingTimeInterval(60)  // only catches a watcher that never reports
    // The row is committed before the indexer returns and the monitor reports the update:
    // wait for both (on a busy machine the report came a moment after the row).
    while try catalog.asset(path: LibraryPath(added)) == nil || updates.value == 0,
      Date() < deadline
    {
      usleep(20_000)
    }
    XCTAssertNotNil(try catalog.asset(path: LibraryPath(added)))
    XCTAssertGreaterThanOrEqual(updates.value, 1)
  }

  func testFileSystemMagicNumbers() {
    XCTAssertEqual(FileSystemType.method(magic: 0x6969), .polling(fileSystem: "nfs"))
    XCTAssertEqual(FileSystemType.method(magic: 0xFF53_4D42), .polling(fileSystem: "cifs"))
    XCTAssertEqual(FileSystemType.method(magic: 0xFE53_4D42), .polling(fileSystem: "smb2"))
    XCTAssertEqual(FileSystemType.method(magic: 0x6573_5546), .polling(fileSystem: "fuse"))
    XCTAssertEqual(FileSystemType.method(magic: 0x0102_1997), .polling(fileSystem: "9p"))
    XCTAssertEqual(FileSystemType.method(magic: 0xEF53), .inotify(fileSystem: "ext4"))
    XCTAssertEqual(FileSystemType.method(magic: 0x1234), .inotify(fileSystem: "0x1234"))
    let env = [FileSystemType.overrideVariable: "cifs"]
    XCTAssertEqual(
      FileSystemType.watchMethod(for: "/", environment: env), .polling(fileSystem: "cifs"))
    let local = [FileSystemType.overrideVariable: "ext4"]
    XCTAssertEqual(
      FileSystemType.watchMethod(for: "/", environment: local), .inotify(fileSystem: "ext4"))
  }

  func testPollIntervalIsTwentyTimesTheCostWithinFloorAndCeiling() {
    let schedule = PollSchedule.standard
    XCTAssertEqual(schedule.interval(afterScanCost: 0.01), 5)
    XCTAssertEqual(schedule.interval(afterScanCost: 2), 40)
    XCTAssertEqual(schedule.interval(afterScanCost: 100), 600)
  }
}
