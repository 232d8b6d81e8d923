import Foundation
import PhotoModel
import LightboxTestSupport
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders
@testable import ThumbnailCache

final class DecoderSafetyTests: XCTestCase {
  private let thumb = DecodeOptions(target: PixelSize(width: 64, height: 64))

  private func reason(_ result: Result<Bitmap, ImageError>) -> String? {
    if case .failure(let e) = result { return e.reason }
    return nil
  }

  private func temporaryDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("imaging-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  func testSyntheticPNGDecodesAndCompositesOntoBackground() throws {
    // Row 0: opaque red, transparent; row 1: half-transparent white, opaque blue.
    let src = Bitmap(
      width: 2, height: 2,
      pixels: [255, 0, 0, 255, 9, 9, 9, 0, 255, 255, 255, 128, 0, 0, 255, 255])
    var options = thumb
    options.background = RGB(0, 200, 0)
    let out = try ImageDecoder.decode(data: TestImages.png(rgba: src), options: options).get()
    XCTAssertEqual(out.size, PixelSize(width: 2, height: 2))
    XCTAssertTrue(TestImages.isOpaque(out))
    XCTAssertEqual(out.rgb(x: 0, y: 0), RGB(255, 0, 0))
    XCTAssertEqual(out.rgb(x: 1, y: 0), RGB(0, 200, 0))
    XCTAssertEqual(out.rgb(x: 1, y: 1), RGB(0, 0, 255))
    let mixed = out.rgb(x: 0, y: 1)
    XCTAssert(mixed.r > 100 && mixed.r < 255 && mixed.g > 200 && mixed.b == mixed.r, "\(mixed)")
  }

  func testPixelBudgetIsCheckedBeforeDecoding() throws {
    let bomb = TestImages.pngBomb(width: 100_000, height: 100_000)
    let pngReason = try XCTUnwrap(reason(ImageDecoder.decode(data: bomb, options: thumb)))
    XCTAssertTrue(pngReason.hasPrefix("image too large (100000×100000"), pngReason)

    let jpeg = TestImages.jpegBomb(width: 65500, height: 65500)
    let jpegReason = try XCTUnwrap(reason(ImageDecoder.decode(data: jpeg, options: thumb)))
    XCTAssertTrue(jpegReason.hasPrefix("image too large (65500×65500"), jpegReason)
    XCTAssertTrue(jpegReason.contains("limit 200 MP"), jpegReason)

    // The same budget applies to a small image when the caller lowers it.
    let small = TestImages.png(rgba: Bitmap(width: 10, height: 10, fill: .white))
    XCTAssertNoThrow(try ImageDecoder.decode(data: small, options: thumb).get())
    var tight = thumb
    tight.maxPixels = 99
    XCTAssertNotNil(reason(ImageDecoder.decode(data: small, options: tight)))
  }

  func testJPEGHeaderWithinBudgetGetsPastTheCheck() throws {
    // The synthetic header is well-formed enough for TurboJPEG: at 64×64 it must not be
    // refused for size (it may decode, or fail on the scan data, but never as "too large").
    let jpeg = TestImages.jpegBomb(width: 64, height: 64)
    let result = ImageDecoder.decode(data: jpeg, options: thumb)
    if let r = reason(result) { XCTAssertFalse(r.contains("too large"), r) }
  }

  func testNotAnImageAndEmptyAreRefusedInPlainWords() throws {
    XCTAssertEqual(reason(ImageDecoder.decode(data: [], options: thumb)), "empty file")
    let text = Array("hello\n\u{1B}[2J".utf8)
    XCTAssertEqual(
      reason(ImageDecoder.decode(data: text, options: thumb)), "not an image Lightbox decodes")
    // A GIF head with an escape sequence where the screen descriptor goes: giflib's
    // one-line refusal, nothing of the file's bytes in it.
    let gif = Array("GIF89a\u{1}\u{0}\u{1}\u{0}\n\u{1B}[2J".utf8)
    let refusal = try XCTUnwrap(reason(ImageDecoder.decode(data: gif, options: thumb)))
    XCTAssertTrue(refusal.hasPrefix("GIF: "), refusal)
    XCTAssertTrue(TestImages.isOneLine(refusal), refusal)
    XCTAssertFalse(refusal.contains("\u{1B}"), refusal)
    XCTAssertEqual(ImageDecoder.format(of: TestImages.pngSignature), .png)
    XCTAssertEqual(ImageDecoder.format(of: [0xFF, 0xD8, 0xFF, 0xE0]), .jpeg)
    XCTAssertNil(ImageDecoder.format(of: [0xFF, 0xE0, 0xFF]))
  }

  func testTruncatedAndCorruptSyntheticPNGFailOnOneLine() throws {
    let good = TestImages.png(rgba: TestImages.checkerboard(width: 40, height: 30))
    for bytes in [Array(good.prefix(good.count / 2)), Array(good.prefix(20))] {
      let r = try XCTUnwrap(reason(ImageDecoder.decode(data: bytes, options: thumb)))
      XCTAssertTrue(TestImages.isOneLine(r), r)
    }
    var badCRC = good
    badCRC[29] ^= 0xFF  // Inside the IHDR CRC.
    let r = try XCTUnwrap(reason(ImageDecoder.decode(data: badCRC, options: thumb)))
    XCTAssertTrue(TestImages.isOneLine(r), r)
  }

  func testChunkClaimingMoreThanTheFileIsRefusedBeforeLibpngAllocatesIt() throws {
    // Found by fuzzing: a tEXt chunk declaring ~1 GB in a small file made libpng allocate
    // its declared length. IHDR ends at byte 33; a chunk is inserted there.
    let good = TestImages.png(rgba: TestImages.checkerboard(width: 8, height: 8))
    let huge: [UInt8] = [0x3F, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8) + Array("k\0v".utf8)
    let bomb = Array(good[..<33]) + huge + Array(good[33...])
    let r = try XCTUnwrap(reason(ImageDecoder.decode(data: bomb, options: thumb)))
    XCTAssertTrue(r.contains("PNG chunk tEXt claims 1073741823 bytes"), r)
    XCTAssertTrue(TestImages.isOneLine(r), r)
    // The unmodified file still decodes, and a file cut inside its image data is left to
    // libpng (it fails on one line too, as before).
    XCTAssertNoThrow(try ImageDecoder.decode(data: good, options: thumb).get())
    XCTAssertNil(good.withUnsafeBufferPointer { PNGDecoder.oversizedChunk(in: $0) })
  }

  func testProgressiveJPEGWhoseCoefficientsExceedTheBudgetIsRefused() throws {
    // A progressive file must be held whole as DCT coefficients at any scale: 650 KB can
    // declare 144 MP and take 300 MB. The corpus's progressive tower, its frame header made
    // to declare 12000×12000, is refused from the header; as it is, it decodes.
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let original = try [UInt8](
      Data(contentsOf: corpus.appendingPathComponent("jpeg-variants/tower_progressive.jpg")))
    XCTAssertNoThrow(try ImageDecoder.decode(data: original, options: thumb).get())
    var bomb = original
    let sof = try XCTUnwrap(
      (0..<(bomb.count - 9)).first { bomb[$0] == 0xFF && bomb[$0 + 1] == 0xC2 })
    // SOF2: FF C2, length (2), precision (1), height (2), width (2).
    bomb[sof + 5] = 0x2E
    bomb[sof + 6] = 0xE0
    bomb[sof + 7] = 0x2E
    bomb[sof + 8] = 0xE0
    let r = try XCTUnwrap(reason(ImageDecoder.decode(data: bomb, options: thumb)))
    XCTAssertTrue(r.hasPrefix("progressive JPEG 12000×12000 needs"), r)
    XCTAssertTrue(r.hasSuffix("(limit 384 MB)"), r)
    XCTAssertTrue(TestImages.isOneLine(r), r)
    // The budget is what decides: the real tower under a budget smaller than its arrays.
    var tight = thumb
    tight.maxCoefficientBytes = 1024
    let small = try XCTUnwrap(reason(ImageDecoder.decode(data: original, options: tight)))
    XCTAssertTrue(small.contains("MB to decode (limit 0 MB)"), small)
  }

  func testZeroSizedTargetIsAnError() {
    let png = TestImages.png(rgba: Bitmap(width: 4, height: 4, fill: .white))
    let options = DecodeOptions(target: PixelSize(width: 0, height: 10))
    XCTAssertNotNil(reason(ImageDecoder.decode(data: png, options: options)))
  }

  func testFIFONamedJPGIsRefusedWithoutBlocking() throws {
    let dir = try temporaryDirectory()
    let fifo = dir.appendingPathComponent("x.jpg").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox()
    let options = thumb
    Thread.detachNewThread {
      box.set(ImageDecoder.decode(path: fifo, options: options))
      done.signal()
    }
    if done.wait(timeout: .now() + 5) == .timedOut {
      // Unblock a reader stuck in open() so the test run can go on, then fail.
      let fd = open(fifo, O_WRONLY | O_NONBLOCK)
      if fd >= 0 { close(fd) }
      XCTFail("decoding a FIFO blocked")
      return
    }
    XCTAssertEqual(box.get().flatMap { reason($0) }, "not a regular file")
  }

  func testDirectoryMissingAndEmptyFiles() throws {
    let dir = try temporaryDirectory()
    XCTAssertEqual(
      reason(ImageDecoder.decode(path: dir.path, options: thumb)), "not a regular file")
    let missing = try XCTUnwrap(
      reason(ImageDecoder.decode(path: dir.appendingPathComponent("nope.jpg").path, options: thumb))
    )
    XCTAssertTrue(TestImages.isOneLine(missing), missing)
    let empty = dir.appendingPathComponent("empty.png")
    XCTAssertTrue(FileManager.default.createFile(atPath: empty.path, contents: Data()))
    XCTAssertEqual(reason(ImageDecoder.decode(path: empty.path, options: thumb)), "empty file")

    let png = dir.appendingPathComponent("named.gif")
    let bytes = TestImages.png(rgba: Bitmap(width: 3, height: 5, fill: .white))
    XCTAssertTrue(FileManager.default.createFile(atPath: png.path, contents: Data(bytes)))
    let decoded = try ImageDecoder.decode(path: png.path, options: thumb).get()
    XCTAssertEqual(decoded.size, PixelSize(width: 3, height: 5))
  }

  func testMarkerWalkFindsFrameAndAdobeSegmentPastJunk() {
    var jpeg = TestImages.jpegBomb(width: 123, height: 45)
    let plain = jpeg.withUnsafeBufferPointer { JPEGMarkers($0) }
    XCTAssertTrue(plain.hasFrame)
    XCTAssertEqual([plain.width, plain.height, plain.components], [123, 45, 1])
    XCTAssertFalse(plain.hasAdobe)
    // APP14 "Adobe" plus three junk bytes, right after SOI.
    let app14: [UInt8] = [0xFF, 0xEE, 0x00, 0x0E] + Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 0]
    jpeg.insert(contentsOf: app14 + [1, 2, 3], at: 2)
    let adobe = jpeg.withUnsafeBufferPointer { JPEGMarkers($0) }
    XCTAssertTrue(adobe.hasAdobe)
    XCTAssertEqual([adobe.width, adobe.height], [123, 45])
    // Cut inside the frame header: no frame, no crash.
    let cut = Array(jpeg.prefix(2 + app14.count + 3 + 69 + 6))
    XCTAssertFalse(cut.withUnsafeBufferPointer { JPEGMarkers($0) }.hasFrame)
  }

  func testLibraryMessagesAreMadeOneLine() {
    let e = ImageError.oneLine("bad\n chunk\u{1B}[31m\t\u{7F}end  ")
    XCTAssertEqual(e.reason, "bad chunk [31m end")
    XCTAssertEqual(ImageError.oneLine("\n\n", fallback: "x").reason, "x")
  }
}

/// Carries a result from the decoding thread back to the test.
private final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Result<Bitmap, ImageError>?
  func set(_ v: Result<Bitmap, ImageError>) { lock.withLock { value = v } }
  func get() -> Result<Bitmap, ImageError>? { lock.withLock { value } }
}
