import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// A HEIF or AVIF decoded for a card or a tile comes from the codec's planes shrunk by whole
/// blocks before the conversion to RGB (`HEIFDecoder.reducedPixels`): on every corpus file it
/// shows what libheif's own conversion of every pixel, shrunk after, shows.
final class CorpusHEIFReducedDecodeTests: XCTestCase {
  func testReducedDecodesMatchFullDecodesOnEveryCorpusHEIFAndAVIF() throws {
    let files = try CorpusLocator.validFiles(in: ["heif", "avif"])
    var reduced = 0
    for (path, data) in files {
      // An animated AVIF is decoded from its file by FFmpeg, not here.
      guard ImageDecoder.format(of: data) != .avifSequence else { continue }
      // A year card (fill) and a grid tile (fit).
      for (target, mode) in [
        (PixelSize(width: 300, height: 228), ResizeMode.fill),
        (PixelSize(width: 160, height: 160), .fit),
      ] {
        let options = DecodeOptions(
          target: target, mode: mode, quality: .best, orientation: .up,
          background: RGB(10, 20, 30))
        guard case .success(let fast) = HEIFDecoder.decode(data, options: options) else {
          XCTFail("\(path): no decode")
          continue
        }
        let full = try HEIFDecoder.decode(data, options: options, reduce: false).get()
        if fast.bitmap.size != full.bitmap.size {
          reduced += 1
          // The same pixels as libheif's own conversion averaged over the same blocks.
          let factor = try XCTUnwrap(
            HEIFDecoder.reductionFactor(
              display: full.bitmap.size,
              needed: options.requiredSize(forDisplay: full.bitmap.size)))
          let expected = Self.blockAverage(full.bitmap, factor: factor)
          XCTAssertEqual(fast.bitmap.size, expected.size, "\(path) \(target)")
          if fast.bitmap.size == expected.size {
            XCTAssertGreaterThan(
              TestImages.psnr(fast.bitmap, expected), 45, "\(path) \(target)")
          }
        }
        // Shown at the size a whole decode is shown at. The pictures differ by the geometry
        // of the last partial blocks, cut away here (less than a block: 6 of an iPhone's 2,566
        // columns) where the resampler averages them: 33–37 dB on the phones' detailed
        // photos, none elsewhere; a wrong matrix or range would be far below.
        let shown = ImageDecoder.finish(fast, options: options)
        let reference = ImageDecoder.finish(full, options: options)
        XCTAssertEqual(shown.size, reference.size, "\(path) \(target)")
        guard shown.size == reference.size else { continue }
        XCTAssertGreaterThan(TestImages.psnr(shown, reference), 30, "\(path) \(target)")
      }
    }
    XCTAssertGreaterThanOrEqual(reduced, 10, "decodes that took the reduced path")
  }

  /// `bitmap` shrunk by `factor`, each output pixel the rounded mean of a whole block (the
  /// last partial blocks cut away).
  static func blockAverage(_ bitmap: Bitmap, factor: Int) -> Bitmap {
    let columns = bitmap.width / factor
    let rows = bitmap.height / factor
    var out = [UInt8](repeating: 255, count: columns * rows * 4)
    for row in 0..<rows {
      for column in 0..<columns {
        for channel in 0..<3 {
          var sum = 0
          for y in row * factor..<(row + 1) * factor {
            for x in column * factor..<(column + 1) * factor {
              sum += Int(bitmap.pixels[(y * bitmap.width + x) * 4 + channel])
            }
          }
          out[(row * columns + column) * 4 + channel] = UInt8(
            (sum + factor * factor / 2) / (factor * factor))
        }
      }
    }
    return Bitmap(width: columns, height: rows, pixels: out)
  }
}
