import Catalog
import Foundation
import Pixels
import Decoders
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import LightboxApp

final class LibraryScannerTests: XCTestCase {
  var root: URL!

  override func setUp() {
    root = BuiltProduct.temporaryDirectory("scan")
  }

  override func tearDown() {
    chmod(root.appendingPathComponent("locked").path, 0o755)
    try? FileManager.default.removeItem(at: root)
  }

  func writeJPEG(_ relative: String, exif: [UInt8]? = nil) throws -> String {
    let url = root.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let bytes = try JPEGEncoder.encode(
      Bitmap(width: 8, height: 6, fill: RGB(200, 40, 40)), quality: 80, exif: exif
    ).get()
    try Data(bytes).write(to: url)
    return url.path
  }

  func setMTime(_ path: String, _ seconds: Int) {
    var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
    XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
  }

  func testFindsPhotosByContentSortsByDateAndSkipsTheRest() throws {
    let named = try writeJPEG("a/IMG_20240813_102201.jpg")
    let plain = try writeJPEG("b/photo.bin")  // a JPEG without a .jpg name still counts
    setMTime(plain, 1_600_000_000)  // 2020: the oldest
    try Data("not a photo".utf8).write(to: root.appendingPathComponent("notes.jpg"))
    try Data("hidden".utf8).write(to: root.appendingPathComponent(".hidden.jpg"))
    _ = try writeJPEG(".thumbnails/x.jpg")

    let result = FileIndexing.scanWithoutCatalog(roots: [root.path])
    XCTAssertEqual(result.assets.map(\.path), [plain, named])
    XCTAssertEqual(result.assets[1].captureDate.source, .fileName)
    XCTAssertEqual(result.assets[1].captureDate.hour, 10)
    XCTAssertEqual(result.assets[0].captureDate.source, .fileModification)
    XCTAssertEqual(result.assets[0].format, .jpeg)
    XCTAssertEqual(result.assets[0].storedPixelSize, PixelSize(width: 8, height: 6))
    XCTAssertTrue(result.problems.isEmpty, "\(result.problems)")
  }

  func testIdentityIsStableAcrossScans() throws {
    _ = try writeJPEG("one.jpg")
    let first = FileIndexing.scanWithoutCatalog(roots: [root.path]).assets
    _ = try writeJPEG("two.jpg")
    let second = FileIndexing.scanWithoutCatalog(roots: [root.path]).assets
    XCTAssertEqual(second.count, 2)
    XCTAssertEqual(second.first { $0.path == first[0].path }?.id, first[0].id)
  }

  func testSymlinkLoopIsWalkedOnce() throws {
    _ = try writeJPEG("loop/IMG_1.jpg")
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("loop/again").path,
      withDestinationPath: root.appendingPathComponent("loop").path)
    let result = FileIndexing.scanWithoutCatalog(roots: [root.path])
    XCTAssertEqual(result.assets.count, 1)
  }

  func testUnreadableFolderIsReportedAndTheRestStillWorks() throws {
    _ = try writeJPEG("locked/IMG_1.jpg")
    _ = try writeJPEG("open/IMG_2.jpg")
    chmod(root.appendingPathComponent("locked").path, 0)
    // As root (CI) file modes do not stop reads: scan as the user nobody instead.
    let asRoot = geteuid() == 0
    if asRoot {
      XCTAssertEqual(setegid(65534), 0)
      XCTAssertEqual(seteuid(65534), 0)
    }
    let result = FileIndexing.scanWithoutCatalog(roots: [root.path])
    if asRoot {
      XCTAssertEqual(seteuid(0), 0)
      XCTAssertEqual(setegid(0), 0)
    }
    XCTAssertEqual(result.assets.count, 1)
    XCTAssertEqual(result.problems.count, 1)
    XCTAssertTrue(result.problems.first?.contains("locked") ?? false, "\(result.problems)")
  }

  func testMissingRootIsAProblemNotACrash() {
    let result = FileIndexing.scanWithoutCatalog(roots: [root.appendingPathComponent("nope").path])
    XCTAssertTrue(result.assets.isEmpty)
    XCTAssertEqual(result.problems.count, 1)
    XCTAssertEqual(
      result.problems,
      ["\(root.appendingPathComponent("nope").path): no such folder"])
  }

  func testFIFONamedLikeAPhotoIsNeverOpened() throws {
    let fifo = root.appendingPathComponent("trap.jpg").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    _ = try writeJPEG("real.jpg")
    // Opening the FIFO would block forever.
    let result = FileIndexing.scanWithoutCatalog(roots: [root.path])
    XCTAssertEqual(result.assets.map(\.fileName), ["real.jpg"])
  }
}
