import Foundation
import PhotoModel
import XCTest

@testable import Pixels
@testable import Decoders
@testable import ThumbnailCache

/// The thumbnail cache's size limit: Lightbox's least recently used entries go, other
/// programs' entries stay, and the totals survive in the usage index.
final class ThumbnailCacheUsageTests: XCTestCase {
  private var folder = ""
  private var root: String { folder + "/thumbnails" }

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "lightbox-cache-usage-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Ten Lightbox entries used at times 1001…1010, the first used again last; four other
  /// programs' entries (one a failure entry). Over a limit of about three quarters of the
  /// total, the eviction removes Lightbox's least recent entries in order, down to the
  /// target, and nothing else; a fresh usage object reads the same figures from the index.
  func testEvictionRemovesOnlyLightboxsLeastRecentEntries() throws {
    let clock = TestClock(1000)
    try writeForeignEntries()
    let filling = ThumbnailCacheUsage(root: root, limitBytes: .max, now: clock.read)
    filling.prepare()
    let cache = ThumbnailDiskCache(root: root, usage: filling)
    var sources: [ThumbnailSource] = []
    for i in 0..<10 {
      clock.set(1001 + Int64(i))
      let source = Self.source(i)
      _ = try cache.store(Self.bitmap(seed: i), for: source, size: .large).get()
      sources.append(source)
    }
    clock.set(1020)
    XCTAssertNotNil(cache.thumbnail(for: sources[0], size: .large), "entry 0 is read back")
    filling.flush()

    let before = filling.totals
    XCTAssertEqual(before.ownEntries, 10)
    XCTAssertEqual(before.totalBytes, try Self.bytesOnDisk(root), "the running total is exact")
    let foreignFiles = try foreignPaths()
    let foreignBytes = try foreignFiles.reduce(Int64(0)) { $0 + (try Self.size($1)) }
    XCTAssertEqual(before.foreignBytes, foreignBytes)

    let sizes = try Dictionary(
      uniqueKeysWithValues: sources.map {
        let path = cache.thumbnailPath(forURI: $0.uri, size: .large)
        return (path, try Self.size(path))
      })
    let limit = before.totalBytes * 3 / 4
    let bounded = ThumbnailCacheUsage(root: root, limitBytes: limit, now: clock.read)
    bounded.prepare()
    XCTAssertEqual(bounded.totals.totalBytes, before.totalBytes, "the index is read back")
    XCTAssertEqual(bounded.totals.ownEntries, 10)
    let eviction = try XCTUnwrap(bounded.evictIfOver())

    // Least recent first: entries 1, 2, 3, … (entry 0 was used last), until at the target.
    let paths = sources.map { cache.thumbnailPath(forURI: $0.uri, size: .large) }
    let recency = Array(paths[1...]) + [paths[0]]
    let target = limit / 1000 * ThumbnailCacheUsage.targetPerMille
    var expectedGone: [String] = []
    var total = before.totalBytes
    for path in recency where total > target {
      expectedGone.append(path)
      total -= sizes[path] ?? 0
    }
    XCTAssertGreaterThan(expectedGone.count, 0)
    XCTAssertLessThan(expectedGone.count, 9, "the limit leaves some of Lightbox's entries")
    XCTAssertEqual(eviction.removed, expectedGone.count)
    for path in paths {
      let exists = FileManager.default.fileExists(atPath: path)
      XCTAssertEqual(exists, !expectedGone.contains(path), "\(path) exists: \(exists)")
    }
    for path in foreignFiles {
      XCTAssertTrue(FileManager.default.fileExists(atPath: path), "foreign \(path) deleted")
    }
    let onDisk = try Self.bytesOnDisk(root)
    XCTAssertLessThanOrEqual(onDisk, limit)
    XCTAssertEqual(bounded.totals.totalBytes, onDisk)
    XCTAssertNil(bounded.evictIfOver(), "under the limit nothing more goes")

    // The deletions are in the index: another reader agrees.
    let again = ThumbnailCacheUsage(root: root, limitBytes: limit, now: clock.read)
    XCTAssertEqual(again.totals.totalBytes, onDisk)
    XCTAssertEqual(again.totals.ownEntries, 10 - expectedGone.count)
  }

  /// Even when every one of Lightbox's entries must go, other programs' stay: a cache of
  /// only foreign entries over the limit is left as it is.
  func testForeignEntriesAreNeverDeletedEvenOverTheLimit() throws {
    try writeForeignEntries()
    let clock = TestClock(5000)
    let usage = ThumbnailCacheUsage(root: root, limitBytes: 1, now: clock.read)
    let cache = ThumbnailDiskCache(root: root, usage: usage)
    usage.prepare()
    _ = try cache.store(Self.bitmap(seed: 1), for: Self.source(1), size: .normal).get()
    let eviction = try XCTUnwrap(usage.evictIfOver())
    XCTAssertEqual(eviction.removed, 1)
    XCTAssertEqual(try foreignPaths().count, 4)
    XCTAssertEqual(usage.totals.ownEntries, 0)
  }

  /// Without an index the folders are walked: Lightbox's entries are told apart by their
  /// `Software` chunk and their recency is their modification time. An entry another
  /// program overwrote after Lightbox wrote it is not deleted.
  func testWalkWithoutIndexUsesModificationTimesAndChecksOwnership() throws {
    try writeForeignEntries()
    let cache = ThumbnailDiskCache(root: root)
    var paths: [String] = []
    for i in 0..<6 {
      let path = try cache.store(Self.bitmap(seed: i), for: Self.source(i), size: .normal).get()
      // Written in order 0…5, but the oldest by mtime is entry 5.
      try Self.setMTime(path, 2_000_000 - i * 100)
      paths.append(path)
    }
    let clock = TestClock(2_000_500)
    let first = ThumbnailCacheUsage(root: root, limitBytes: .max, now: clock.read)
    XCTAssertEqual(first.totals.ownEntries, 6)
    XCTAssertEqual(first.totals.totalBytes, try Self.bytesOnDisk(root))
    // Another program replaces entry 5 (the least recent) after the walk.
    try Self.writeForeignPNG(at: paths[5], uri: Self.source(5).uri)

    // Over the limit as the index sees it (the replaced entry still counted at its old size).
    let limit =
      ThumbnailCacheUsage(root: root, limitBytes: 0, now: clock.read).totals.totalBytes - 1
    let usage = ThumbnailCacheUsage(root: root, limitBytes: limit, now: clock.read)
    usage.prepare()
    let eviction = try XCTUnwrap(usage.evictIfOver())
    XCTAssertTrue(FileManager.default.fileExists(atPath: paths[5]), "the replaced entry stays")
    XCTAssertFalse(FileManager.default.fileExists(atPath: paths[4]), "the next oldest goes")
    XCTAssertTrue(FileManager.default.fileExists(atPath: paths[0]), "the newest stays")
    XCTAssertGreaterThanOrEqual(eviction.removed, 1)
    XCTAssertLessThanOrEqual(try Self.bytesOnDisk(root), limit)
  }

  /// The default limit is 2 % of the file system, never above 4 GiB; the config wins.
  func testDefaultLimitIsTwoPercentOfTheFileSystemAtMostFourGiB() throws {
    let size = try XCTUnwrap(ThumbnailCacheLimit.fileSystemBytes(at: root + "/not/made/yet"))
    XCTAssertEqual(
      ThumbnailCacheLimit.defaultBytes(root: root), min(size / 50, 4096 << 20))
    XCTAssertEqual(ThumbnailCacheLimit.bytes(megabytes: 3, root: root), 3 << 20)
  }

  // MARK: - Helpers

  static func source(_ i: Int) -> ThumbnailSource {
    ThumbnailSource(path: "/photos/photo-\(i).jpg", modificationTime: 1_600_000_000, byteSize: 1000)
  }

  static func bitmap(seed: Int) -> Bitmap {
    var pixels: [UInt8] = []
    var state = UInt64(seed + 1) &* 0x9E37_79B9_7F4A_7C15
    for _ in 0..<(64 * 48) {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      pixels += [
        UInt8(truncatingIfNeeded: state >> 33), UInt8(truncatingIfNeeded: state >> 41), 80, 255,
      ]
    }
    return Bitmap(width: 64, height: 48, pixels: pixels)
  }

  /// Three entries in `large/` and one failure entry as GNOME's thumbnailer would write them.
  private func writeForeignEntries() throws {
    for i in 0..<3 {
      let uri = "file:///elsewhere/other-\(i).jpg"
      try Self.writeForeignPNG(at: root + "/large/" + MD5.hex(uri) + ".png", uri: uri)
    }
    let uri = "file:///elsewhere/broken.jpg"
    try Self.writeForeignPNG(
      at: root + "/fail/gnome-thumbnail-factory/" + MD5.hex(uri) + ".png", uri: uri)
  }

  private func foreignPaths() throws -> [String] {
    let large = (try? FileManager.default.contentsOfDirectory(atPath: root + "/large")) ?? []
    let fail = try FileManager.default.contentsOfDirectory(
      atPath: root + "/fail/gnome-thumbnail-factory")
    return large.map { root + "/large/" + $0 }.filter {
      (try? Self.software($0)) == "GNOME::ThumbnailFactory"
    } + fail.map { root + "/fail/gnome-thumbnail-factory/" + $0 }
  }

  static func writeForeignPNG(at path: String, uri: String) throws {
    let png = try PNGEncoder.encode(
      bitmap(seed: uri.count),
      text: [
        ("Thumb::URI", uri), ("Thumb::MTime", "1600000000"),
        ("Software", "GNOME::ThumbnailFactory"),
      ]
    ).get()
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(png).write(to: URL(fileURLWithPath: path))
  }

  static func software(_ path: String) throws -> String? {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    return PNGTextReader.read(bytes)?.text["Software"]
  }

  static func size(_ path: String) throws -> Int64 {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.size] as? NSNumber)?.int64Value ?? 0
  }

  static func setMTime(_ path: String, _ seconds: Int) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))], ofItemAtPath: path)
  }

  /// Every `.png` under `root` (the index itself is not a thumbnail).
  static func bytesOnDisk(_ root: String) throws -> Int64 {
    var total: Int64 = 0
    let walker = FileManager.default.enumerator(atPath: root)
    while let name = walker?.nextObject() as? String {
      if name.hasSuffix(".png") { total += try size(root + "/" + name) }
    }
    return total
  }
}

/// A clock the test moves.
final class TestClock: @unchecked Sendable {
  // @unchecked: `value` is guarded by `lock`.
  private let lock = NSLock()
  private var value: Int64

  init(_ start: Int64) { value = start }

  func set(_ seconds: Int64) { lock.withLock { value = seconds } }

  var read: @Sendable () -> Int64 { { [self] in lock.withLock { value } } }
}
