import Foundation
import Pixels
import ThumbnailCache
import LightboxCommands
import PhotoModel
import XCTest

/// `lightbox doctor`'s library lines: how each root is watched, and the thumbnail cache's
/// size against its limit with whose entries fill it.
final class DoctorLibraryReportTests: XCTestCase {
  func testPollingRootAndCacheSizeAreReported() throws {
    let folder = NSTemporaryDirectory() + "lightbox-doctor-\(UUID().uuidString)"
    addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
    let cacheRoot = folder + "/thumbnails"
    let cache = ThumbnailDiskCache(root: cacheRoot)
    let source = ThumbnailSource(path: "/p/a.jpg", modificationTime: 1, byteSize: 2)
    let written = try cache.store(
      Bitmap(width: 8, height: 8, fill: RGB(9, 9, 9)), for: source, size: .normal
    ).get()
    let bytes = try XCTUnwrap(
      (try FileManager.default.attributesOfItem(atPath: written)[.size] as? NSNumber)?.int64Value)

    let lines = DoctorCommand.libraryLines(
      roots: [folder], cacheRoot: cacheRoot, cacheMegabytes: 2,
      environment: ["LIGHTBOX_TEST_FSTYPE": "nfs"])
    XCTAssertTrue(
      lines.contains(
        "  \(folder): watching by polling (every 5 s, or 20× a re-scan's time "
          + "when longer) (nfs)"), lines.joined(separator: "\n"))
    XCTAssertTrue(
      lines.contains(
        "  size: \(ByteCountText.format(bytes)) of 2.1 MB (limit: thumbnail-cache-mb)"),
      lines.joined(separator: "\n"))
    XCTAssertTrue(lines.contains { $0.hasPrefix("  Lightbox's thumbnails: 1, ") })

    let local = DoctorCommand.libraryLines(
      roots: [folder], cacheRoot: cacheRoot, cacheMegabytes: nil,
      environment: ["LIGHTBOX_TEST_FSTYPE": "ext4"])
    XCTAssertTrue(local.contains("  \(folder): inotify (ext4)"), local.joined(separator: "\n"))
    XCTAssertTrue(local.contains { $0.contains("(limit: 2 % of its disk, at most 4096 MiB)") })
  }
}
