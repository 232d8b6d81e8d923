import Foundation
import PhotoMetadata
import PhotoModel
import XCTest

/// `read(contentsOf:)`: only regular files, never blocking, at most `maxHeaderBytes`.
final class FileReadingTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("PhotoMetadataTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  /// A FIFO named x.jpg has no writer: opening it for reading without O_NONBLOCK would wait
  /// forever. The call runs on another thread so a regression fails instead of hanging.
  func testFIFONamedJPEGFailsWithoutBlocking() throws {
    let path = directory.appendingPathComponent("x.jpg").path
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    let finished = expectation(description: "read returns")
    let box = ResultBox()
    Thread.detachNewThread {
      box.set(MetadataReader.read(contentsOf: path))
      finished.fulfill()
    }
    wait(for: [finished], timeout: 5)
    guard case .failure(let error) = box.get() else {
      return XCTFail("a FIFO must not be read: \(String(describing: box.get()))")
    }
    XCTAssertEqual(error.reason, "not a regular file")
  }

  func testDirectoryMissingAndEmptyFilesFail() throws {
    let empty = directory.appendingPathComponent("empty.jpg")
    try Data().write(to: empty)
    for path in [directory.path, directory.appendingPathComponent("missing.jpg").path, empty.path] {
      guard case .failure(let error) = MetadataReader.read(contentsOf: path) else {
        XCTFail("\(path) should fail")
        continue
      }
      XCTAssertFalse(error.reason.isEmpty)
      XCTAssertFalse(error.reason.contains("\n"))
    }
  }

  func testReadsAtMostTheHeaderLimit() throws {
    let tiff = ExifParsingTests.cameraTIFF(littleEndian: true).tiff
    var bytes = TestFiles.jpeg(exif: tiff, width: 800, height: 600)
    bytes += [UInt8](repeating: 0xAB, count: 300 * 1024)
    let url = directory.appendingPathComponent("big.jpg")
    try Data(bytes).write(to: url)

    let head = try MetadataReader.readHead(ofFile: url.path).get()
    XCTAssertEqual(head.count, MetadataReader.maxHeaderBytes)
    XCTAssertEqual(head, Array(bytes.prefix(MetadataReader.maxHeaderBytes)))
    let m = try MetadataReader.read(contentsOf: url.path).get()
    XCTAssertEqual(m.pixelSize, PixelSize(width: 800, height: 600))
    XCTAssertEqual(m.exifOrientation, 6)
    XCTAssertEqual(m, MetadataReader.read(bytes: bytes))

    let small = directory.appendingPathComponent("small.gif")
    try Data(Array("GIF89a".utf8) + [3, 0, 4, 0]).write(to: small)
    XCTAssertEqual(try MetadataReader.readHead(ofFile: small.path).get().count, 10)
    XCTAssertEqual(
      try MetadataReader.read(contentsOf: small.path).get().pixelSize,
      PixelSize(width: 3, height: 4))
  }
}

/// Carries the result out of the reading thread.
private final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Result<PhotoMetadata, MetadataError>?
  func set(_ v: Result<PhotoMetadata, MetadataError>) { lock.withLock { value = v } }
  func get() -> Result<PhotoMetadata, MetadataError>? { lock.withLock { value } }
}
