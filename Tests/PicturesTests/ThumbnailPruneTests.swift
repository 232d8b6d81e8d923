import Foundation
import PhotoModel
import XCTest

@testable import ThumbnailCache

/// `lightbox thumbnails --prune`: only entries whose `Thumb::URI` is a local file that is
/// gone are deleted, in the shared size folders (any program's) and in Lightbox's own
/// failure folder.
final class ThumbnailPruneTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "lightbox-prune-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: folder + "/photos", withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  func testPruneRemovesOnlyEntriesOfGoneLocalFiles() throws {
    let root = folder + "/thumbnails"
    let usage = ThumbnailCacheUsage(root: root, limitBytes: .max)
    usage.prepare()
    let cache = ThumbnailDiskCache(root: root, usage: usage)
    var kept: [String] = []
    var pruned: [String] = []
    for (i, name) in ["kept.jpg", "gone one.jpg", "gone-two.jpg"].enumerated() {
      let photo = folder + "/photos/" + name
      try Data([1, 2, 3]).write(to: URL(fileURLWithPath: photo))
      let source = try ThumbnailSource.forFile(atPath: photo).get()
      let path = try cache.store(
        ThumbnailCacheUsageTests.bitmap(seed: i), for: source, size: .normal
      ).get()
      // Another program's thumbnail of the same photo in another size folder.
      let foreign = cache.thumbnailPath(forURI: source.uri, size: .large)
      try ThumbnailCacheUsageTests.writeForeignPNG(at: foreign, uri: source.uri)
      if i == 0 {
        kept += [path, foreign]
      } else {
        pruned += [path, foreign]
      }
      if i == 2 {
        let failure = try cache.storeFailure(for: source).get()
        pruned.append(failure)
        // Another program's failure entry is its own business, even when dangling.
        let theirs = root + "/fail/gnome-thumbnail-factory/" + MD5.hex(source.uri) + ".png"
        try ThumbnailCacheUsageTests.writeForeignPNG(at: theirs, uri: source.uri)
        kept.append(theirs)
      }
    }
    // Entries whose URI is not a local file, or whose file cannot be told gone, stay.
    for uri in ["http://example.com/a.jpg", "file://server/share/b.jpg", "file:///%zz.jpg"] {
      let path = root + "/large/" + MD5.hex(uri) + ".png"
      try ThumbnailCacheUsageTests.writeForeignPNG(at: path, uri: uri)
      kept.append(path)
    }
    try FileManager.default.removeItem(atPath: folder + "/photos/gone one.jpg")
    try FileManager.default.removeItem(atPath: folder + "/photos/gone-two.jpg")
    let ownBefore = usage.totals.ownEntries

    let result = ThumbnailPrune.run(cache: cache, usage: usage)
    XCTAssertEqual(result.removed, pruned.count)
    XCTAssertEqual(result.examined, kept.count + pruned.count - 1, "fail/ of others not walked")
    XCTAssertEqual(result.problems, [])
    for path in kept { XCTAssertTrue(FileManager.default.fileExists(atPath: path), path) }
    for path in pruned { XCTAssertFalse(FileManager.default.fileExists(atPath: path), path) }
    XCTAssertEqual(usage.totals.ownEntries, ownBefore - 3, "the index forgets pruned entries")
    // The foreign entries were written after the index's walk: a new walk counts them all.
    try FileManager.default.removeItem(atPath: usage.indexPath)
    let walked = ThumbnailCacheUsage(root: root, limitBytes: .max).totals
    XCTAssertEqual(walked.ownEntries, usage.totals.ownEntries)
    XCTAssertEqual(walked.ownBytes, usage.totals.ownBytes)
    XCTAssertEqual(walked.totalBytes, try ThumbnailCacheUsageTests.bytesOnDisk(root))
  }

  func testLocalPathFromURI() {
    XCTAssertEqual(ThumbnailPrune.localPath(fromURI: "file:///a%20b/%C3%A9.jpg"), "/a b/é.jpg")
    XCTAssertEqual(ThumbnailPrune.localPath(fromURI: "file://localhost/x.png"), "/x.png")
    XCTAssertNil(ThumbnailPrune.localPath(fromURI: "file://nas/x.png"))
    XCTAssertNil(ThumbnailPrune.localPath(fromURI: "smb://nas/x.png"))
    XCTAssertNil(ThumbnailPrune.localPath(fromURI: "file:///bad%2"))
    XCTAssertNil(ThumbnailPrune.localPath(fromURI: "file:///nul%00.jpg"))
    XCTAssertNil(ThumbnailPrune.localPath(fromURI: "file:///latin1-%E9.jpg"), "not UTF-8")
  }
}
