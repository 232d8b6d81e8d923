import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@_spi(Decoders) @testable import Decoders

final class ProgressiveDCTests: XCTestCase {
  private func corpusFiles() throws -> [(path: String, bytes: [UInt8])] {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    var files: [(String, [UInt8])] = []
    for row in try CorpusLocator.expectations() where row["kind"] == "valid" {
      guard let path = row["path"] else { continue }
      let url = corpus.appendingPathComponent(path)
      let bytes = [UInt8](try Data(contentsOf: url))
      if ImageDecoder.format(of: bytes) == .jpeg { files.append((path, bytes)) }
    }
    return files
  }

  /// Every progressive corpus JPEG decoded for a small target through its DC scans gives
  /// (nearly) the same 1/8-scale image as decoding every scan, and the DC stream is smaller.
  ///
  /// Luma is identical at 1/8; subsampled chroma differs slightly because libjpeg scales
  /// 4:2:0 chroma with a 2×2 IDCT, which reads the first AC coefficients.
  func testDCScanPathMatchesFullDecodeAtOneEighth() throws {
    var checked = 0
    for (path, bytes) in try corpusFiles() {
      guard let layout = ProgressiveJPEG.layout(of: bytes), layout.isProgressive else { continue }
      // Stored size from the frame header; a target of 1/16 of it keeps the decode at 1/8
      // (a small image is decoded to twice its target: `JPEGDecoder.scalingFactor`).
      let markers = bytes.withUnsafeBufferPointer { JPEGMarkers($0) }
      guard markers.width >= 128, markers.height >= 128 else { continue }
      let target = PixelSize(width: markers.width / 16, height: markers.height / 16)
      let options = DecodeOptions(target: target, mode: .fit, quality: .fast)
      guard ImageDecoder.usesDCScansOnly(data: bytes, options: options) else {
        XCTFail("\(path): progressive file not taken through its DC scans")
        continue
      }
      let stream = try XCTUnwrap(ProgressiveJPEG.dcScansOnly(bytes))
      XCTAssertLessThan(stream.count, bytes.count, path)
      let dc = try ImageDecoder.decode(data: bytes, options: options).get()
      let full = try ImageDecoder.decodeAllScans(data: bytes, options: options).get()
      XCTAssertEqual(dc.size, full.size, path)
      guard dc.size == full.size else { continue }
      let quality = TestImages.psnr(dc, full)
      XCTAssertGreaterThan(quality, 38, "\(path): PSNR \(quality) dB against the full decode")
      checked += 1
    }
    XCTAssertGreaterThan(checked, 0, "no progressive JPEG in the corpus was checked")
  }

  /// Baseline files, and progressive files decoded above 1/8, never take the shortcut.
  func testShortcutOnlyForProgressiveAtOneEighth() throws {
    for (path, bytes) in try corpusFiles() {
      guard let layout = ProgressiveJPEG.layout(of: bytes) else { continue }
      let markers = bytes.withUnsafeBufferPointer { JPEGMarkers($0) }
      guard markers.width >= 16, markers.height >= 16 else { continue }
      let big = DecodeOptions(
        target: PixelSize(width: markers.width / 2, height: markers.height / 2), quality: .fast)
      XCTAssertFalse(ImageDecoder.usesDCScansOnly(data: bytes, options: big), path)
      let best = DecodeOptions(target: PixelSize(width: 8, height: 8), quality: .best)
      XCTAssertFalse(ImageDecoder.usesDCScansOnly(data: bytes, options: best), path)
      if !layout.isProgressive {
        let small = DecodeOptions(target: PixelSize(width: 8, height: 8), quality: .fast)
        XCTAssertFalse(ImageDecoder.usesDCScansOnly(data: bytes, options: small), path)
      }
    }
  }

  /// Truncated progressive files going through the shortcut decode what they can or fail
  /// with a reason; they never crash or hang.
  func testTruncatedProgressiveFilesDoNotCrash() throws {
    for (path, bytes) in try corpusFiles() {
      guard let layout = ProgressiveJPEG.layout(of: bytes), layout.isProgressive,
        bytes.count > 1000
      else { continue }
      for fraction in [0.05, 0.2, 0.5, 0.9] {
        let cut = Array(bytes[0..<Int(Double(bytes.count) * fraction)])
        let options = DecodeOptions(target: PixelSize(width: 16, height: 16), quality: .fast)
        switch ImageDecoder.decode(data: cut, options: options) {
        case .success(let bitmap): XCTAssertLessThanOrEqual(bitmap.width, 16, path)
        case .failure(let error): XCTAssertFalse(error.reason.isEmpty, path)
        }
      }
    }
  }

  /// The segment walk finds the scans of a synthetic stream and skips stuffed bytes and
  /// restart markers inside entropy data.
  func testEntropyEndSkipsStuffingAndRestarts() {
    let data: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x56, 0xFF, 0xFF, 0xC4, 0x00]
    let end = data.withUnsafeBufferPointer { ProgressiveJPEG.entropyEnd($0, from: 0) }
    XCTAssertEqual(end, 8)  // the FF before C4 (fill FF at 7 is skipped over)
    let none: [UInt8] = [0x01, 0x02, 0xFF, 0x00]
    XCTAssertEqual(none.withUnsafeBufferPointer { ProgressiveJPEG.entropyEnd($0, from: 0) }, 4)
  }
}
