import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@_spi(InProcessDecoding) @testable import DecodeWorker
@testable import ThumbnailCache

/// Which decodes go to a worker, and what the thumbnail pipeline makes of a worker's crash.
final class PhotoDecoderTests: XCTestCase {
  private var files = DecodeWorkerFiles(label: "unused")

  override func setUp() { files = DecodeWorkerFiles(label: "photo-decoder") }
  override func tearDown() { files.remove() }

  func testRiskyFormatsAreTheOutOfProcessOnes() {
    let outside = MediaFormat.allCases.filter(\.decodesOutOfProcess)
    XCTAssertEqual(Set(outside), [.heic, .avif, .avifSequence, .webp, .gif, .tiff, .raw, .video])
  }

  /// JPEG and PNG never start a worker; a WebP does; without a host nothing does.
  func testRouting() throws {
    let host = try DecodeWorkerFiles.host()
    let decoder = PhotoDecoder(host: host)
    let jpeg = try files.jpeg("h.jpg", seed: 8)
    let png = try files.png("i.png", seed: 9)
    XCTAssertNoThrow(try decoder.decode(path: jpeg, options: DecodeWorkerFiles.tile).get())
    XCTAssertNoThrow(try decoder.decode(path: png, options: DecodeWorkerFiles.tile).get())
    XCTAssertEqual(host.workerCount, 0)

    let abort = try files.abortFile()
    let inProcess = PhotoDecoder.inProcess.decode(path: abort, options: DecodeWorkerFiles.tile)
    XCTAssertTrue(
      inProcess.failureReason?.hasPrefix("WebP: ") == true,
      "no host: in process, where the hook does not exist: \(inProcess)")
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: abort)))
    let crash = decoder.decode(data: bytes, path: abort, options: DecodeWorkerFiles.tile)
    XCTAssertEqual(crash.failureReason, "decoder crashed on abort.webp (signal \(SIGABRT))")
    XCTAssertTrue(PhotoDecoder.isWorkerFailure(try XCTUnwrap(crash.error)))
  }

  /// A crash is the file's fault: the pipeline writes a failure entry, so the file is not
  /// tried again until it changes; so is a WebP libwebp refuses.
  func testPipelineTurnsACrashIntoAFailureEntry() throws {
    let host = try DecodeWorkerFiles.host()
    let cache = ThumbnailDiskCache(root: files.folder + "/cache/thumbnails")
    let pipeline = ThumbnailPipeline(cache: cache, decoder: PhotoDecoder(host: host))
    let facts: ([UInt8]) -> ThumbnailPipeline.PhotoFacts = { _ in
      .init(orientation: .up, storedSize: nil)
    }
    let abort = try files.abortFile()
    guard
      case .failed(let error) = pipeline.thumbnail(
        path: abort, size: .normal, wantsPixels: true, facts: facts)
    else { return XCTFail("the crash is a failure") }
    XCTAssertEqual(error.reason, "decoder crashed on abort.webp (signal \(SIGABRT))")
    XCTAssertTrue(cache.hasFailure(for: try ThumbnailSource.forFile(atPath: abort).get()))
    guard
      case .knownFailure = pipeline.thumbnail(
        path: abort, size: .normal, wantsPixels: true, facts: facts)
    else { return XCTFail("not tried again") }

    // A WebP libwebp refuses is the file's fault too: a failure entry, as for a bad JPEG.
    let plain = try files.plainWebP()
    guard
      case .failed(let refusal) = pipeline.thumbnail(
        path: plain, size: .normal, wantsPixels: true, facts: facts)
    else { return XCTFail("a corrupt WebP fails") }
    XCTAssertTrue(refusal.reason.hasPrefix("WebP: "), refusal.reason)
    XCTAssertTrue(cache.hasFailure(for: try ThumbnailSource.forFile(atPath: plain).get()))

    let jpeg = try files.jpeg("j.jpg", seed: 10)
    guard
      case .made = pipeline.thumbnail(
        path: jpeg, size: .normal, wantsPixels: true, facts: facts)
    else { return XCTFail("a JPEG is made in process") }
  }
}

extension Result {
  var error: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
