import PhotoModel
import XCTest

@testable import Pixels

/// Where things land: a reduction puts each feature of the picture where it lies in the
/// picture, also when the box reduction before the convolution ends in a partial block.
final class ResamplerGeometryTests: XCTestCase {
  /// A bright stripe 14 px wide centred at `centre` on mid grey, across `length` pixels,
  /// laid along x (or y when `vertical`).
  private func stripe(length: Int, across: Int, centre: Int, vertical: Bool) -> Bitmap {
    let width = vertical ? across : length
    let height = vertical ? length : across
    var pixels = [UInt8](repeating: 128, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let along = vertical ? y : x
        if abs(along - centre) < 7 { for c in 0..<3 { pixels[(y * width + x) * 4 + c] = 255 } }
        pixels[(y * width + x) * 4 + 3] = 255
      }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  /// The brightness-weighted centre of the output's line `index` (0-based pixel centres at
  /// +0.5, the same coordinates as the source's).
  private func centroid(_ bitmap: Bitmap, vertical: Bool) -> Double {
    let length = vertical ? bitmap.height : bitmap.width
    var sum = 0.0
    var weight = 0.0
    for i in 0..<length {
      let value = Double(vertical ? bitmap.rgb(x: 0, y: i).r : bitmap.rgb(x: i, y: 0).r) - 128
      sum += (Double(i) + 0.5) * value
      weight += value
    }
    return sum / weight
  }

  /// 2,048 px to 140: the reduction boxes by 7 (293 reduced pixels, the last of only 4
  /// source pixels) before the convolution. Mapping the output onto 293 whole reduced pixels
  /// put a stripe at x = 1,900 0.19 px left of where it is (the whole right side of a GIF's
  /// tile drawn a fifth of a pixel off: 35 dB against the exact reduction's 42).
  func testAStripeLandsWhereItIsAfterAPartialBlock() {
    for vertical in [false, true] {
      let source = stripe(length: 2048, across: 2, centre: 1900, vertical: vertical)
      let out = Resampler.resample(
        source, width: vertical ? 2 : 140, height: vertical ? 140 : 2)
      let expected = 1900.5 * 140 / 2048
      XCTAssertEqual(
        centroid(out, vertical: vertical), expected, accuracy: 0.06,
        vertical ? "rows" : "columns")
    }
  }

  /// Both ways at once (the path a photo takes) agrees with one axis at a time.
  func testBothAxesLandTheSameWay() {
    var pixels = [UInt8](repeating: 128, count: 2048 * 1536 * 4)
    for y in 0..<1536 {
      for x in 0..<2048 where abs(x - 1900) < 7 || abs(y - 1400) < 7 {
        for c in 0..<3 { pixels[(y * 2048 + x) * 4 + c] = 255 }
      }
    }
    let source = Bitmap(width: 2048, height: 1536, pixels: pixels)
    let out = Resampler.resample(source, width: 140, height: 105)
    let row = out.cropped(x: 0, y: 20, width: 140, height: 1)
    let column = out.cropped(x: 40, y: 0, width: 1, height: 105)
    XCTAssertEqual(centroid(row, vertical: false), 1900.5 * 140 / 2048, accuracy: 0.06)
    XCTAssertEqual(centroid(column, vertical: true), 1400.5 * 105 / 1536, accuracy: 0.06)
  }
}
