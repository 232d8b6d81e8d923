import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// The corpus's grid HEICs shrunk by Lightbox's own grid path (`HEIFDecoder.reducedGrid`:
/// `HEIFGrid` reads the tiles, FFmpeg decodes them, each is averaged into blocks as it comes)
/// against libheif's whole decode averaged over the same blocks.
final class CorpusHEIFGridTests: XCTestCase {
  func testEveryCorpusGridShrinksAsLibheifsWholeDecodeAveraged() throws {
    let files = try CorpusLocator.validFiles(in: ["heif"])
    var grids = 0
    var turned = 0
    for (path, data) in files {
      guard let grid = HEIFGrid.read(data) else { continue }
      // A whole decode of a 200 MP grid is past the pixel budget; its item serves it.
      guard grid.width * grid.height <= HEIFDecoder.largePrimaryPixels else { continue }
      let whole = DecodeOptions(
        target: PixelSize(width: 65_535, height: 65_535), mode: .fit, quality: .best,
        orientation: .up)
      let full = try HEIFDecoder.decode(data, options: whole, reduce: false).get().bitmap
      for factor in [7, 10] {
        let reduced = try XCTUnwrap(
          HEIFDecoder.reducedGrid(data, display: full.size, factor: factor), path)
        let expected = CorpusHEIFReducedDecodeTests.blockAverage(full, factor: factor)
        XCTAssertEqual(reduced.size, expected.size, path)
        guard reduced.size == expected.size else { continue }
        // 51–56 dB on the corpus: the conversion after the average, not per pixel and clamped.
        XCTAssertGreaterThan(TestImages.psnr(reduced, expected), 45, "\(path) by \(factor)")
      }
      grids += 1
      if grid.quarterTurns != 0 { turned += 1 }
    }
    XCTAssertGreaterThanOrEqual(grids, 4, "grids decoded by the grid path")
    XCTAssertGreaterThanOrEqual(turned, 1, "a grid with an irot (an iPhone's portrait)")
  }
}
