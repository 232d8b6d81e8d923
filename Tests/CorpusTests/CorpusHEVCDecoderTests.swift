import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// FFmpeg's HEVC decoder inside libheif (`HEIFDecoder.HEVCDecoder`) against libde265 on every
/// HEVC HEIF in the corpus: HEVC decoding is exact, so the two must give the same pixels, at
/// the same size, for primaries, grids, thumbnail items, 10-bit and odd crops alike. Whole
/// decodes (`reduce: false`): a reduced one of a grid goes round libheif (`reducedGrid`).
final class CorpusHEVCDecoderTests: XCTestCase {
  func testFFmpegAndLibde265DecodeEveryCorpusHEVCImageAlike() throws {
    let files = try CorpusLocator.validFiles(in: ["heif"])
    XCTAssertGreaterThanOrEqual(files.count, 10)
    var compared = 0
    for (path, data) in files {
      // `.fast` at a tile's size takes the thumbnail item where there is one; `.best` at 4K
      // the primary (a 200 MP primary gives its item to both).
      for (target, quality) in [(160, DecodeQuality.fast), (4096, .best)] {
        let options = DecodeOptions(
          target: PixelSize(width: target, height: target), mode: .fit, quality: quality,
          orientation: .up, background: RGB(10, 20, 30))
        let before = HEIFDecoder.ffmpegHEVCPictures
        let ffmpeg = try HEIFDecoder.decode(data, options: options, hevc: .ffmpeg, reduce: false)
          .get()
        XCTAssertGreaterThan(
          HEIFDecoder.ffmpegHEVCPictures, before, "\(path): FFmpeg's decoder decoded nothing")
        let libde265 = try HEIFDecoder.decode(
          data, options: options, hevc: .libde265, reduce: false
        ).get()
        XCTAssertEqual(ffmpeg.bitmap.size, libde265.bitmap.size, "\(path) at \(target)")
        XCTAssert(ffmpeg.bitmap.pixels == libde265.bitmap.pixels, "\(path) at \(target)")
        compared += 1
      }
    }
    XCTAssertEqual(compared, files.count * 2)
  }
}
