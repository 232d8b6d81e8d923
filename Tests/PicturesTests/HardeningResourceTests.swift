import Foundation
import Pixels
@_spi(Decoders) import Decoders
import PhotoMetadata
import PhotoModel
import LightboxTestSupport
import XCTest

/// Resource limits under hostile files: decompression bombs are refused before anything
/// large is allocated (checked on the process's peak memory), and thousands of decodes,
/// good and bad, leave no file descriptor open.
final class HardeningResourceTests: XCTestCase {
  let thumb = DecodeOptions(target: PixelSize(width: 64, height: 64))

  /// Peak resident set size of this process so far, in KB.
  func peakKB() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
  }

  func openDescriptors() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
  }

  func temporaryFolder() throws -> String {
    let path =
      NSTemporaryDirectory() + "lightbox-hardening-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  func testBombsFromFilesAreRefusedWithoutAllocating() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // 100000×100000 RGBA would be 40 GB, 65500² JPEG 17 GB: any allocation shows in the
    // peak RSS (touched or not, Swift arrays zero-fill what they allocate).
    let png = folder + "/bomb.png"
    let jpeg = folder + "/bomb.jpg"
    try Data(TestImages.pngBomb(width: 100_000, height: 100_000)).write(
      to: URL(fileURLWithPath: png))
    try Data(TestImages.jpegBomb(width: 65500, height: 65500)).write(to: URL(fileURLWithPath: jpeg))
    let before = peakKB()
    for path in [png, jpeg] {
      guard case .failure(let error) = ImageDecoder.decode(path: path, options: thumb) else {
        return XCTFail("\(path) decoded")
      }
      XCTAssertTrue(error.reason.hasPrefix("image too large"), error.reason)
      // The metadata reader reports the declared size without allocating it either.
      let metadata = try MetadataReader.read(contentsOf: path).get()
      XCTAssertGreaterThanOrEqual(metadata.pixelSize?.width ?? 0, 65500)
    }
    let grown = peakKB() - before
    XCTAssertLessThan(grown, 64 * 1024, "peak memory grew by \(grown) KB")
  }

  func testNoDescriptorLeakAfterTenThousandDecodes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let good = folder + "/good.png"
    let bad = folder + "/bad.png"
    let fifo = folder + "/fifo.jpg"
    let jpeg = folder + "/good.jpg"
    let bitmap = Bitmap(width: 8, height: 8, fill: .white)
    let pngBytes = TestImages.png(rgba: bitmap)
    try Data(pngBytes).write(to: URL(fileURLWithPath: good))
    try Data(pngBytes.prefix(60)).write(to: URL(fileURLWithPath: bad))
    try Data(try JPEGEncoder.encode(bitmap, quality: 80).get()).write(
      to: URL(fileURLWithPath: jpeg))
    XCTAssertEqual(mkfifo(fifo, 0o644), 0)
    let paths = [good, bad, fifo, jpeg, folder + "/missing.jpg", folder]
    // Warm up once: lazily opened runtime files are not leaks.
    for path in paths { _ = ImageDecoder.decode(path: path, options: thumb) }
    let before = openDescriptors()
    var failures = 0
    for i in 0..<10_000 {
      let path = paths[i % paths.count]
      if case .failure = ImageDecoder.decode(path: path, options: thumb) { failures += 1 }
      if i % 10 == 0 { _ = MetadataReader.read(contentsOf: path) }
      if i % 50 == 0 { _ = ImageFileProbe.head(path) }
    }
    // The good PNG and JPEG decode; the truncated file, FIFO, missing file and folder fail.
    let expected = (0..<10_000).filter { [1, 2, 4, 5].contains($0 % paths.count) }.count
    XCTAssertEqual(failures, expected)
    XCTAssertEqual(openDescriptors(), before, "file descriptors leaked")
  }
}

/// The metadata reader's bounded head read, as the indexer uses it.
enum ImageFileProbe {
  static func head(_ path: String) -> Int {
    (try? MetadataReader.readHead(ofFile: path).get().count) ?? -1
  }
}
