import CImageKernels
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// `lb_ycbcr_reduce_to_rgba` (a HEIF's planes shrunk before conversion) against converting
/// every pixel first and averaging the RGB after, on seeded random planes of every layout a
/// codec gives: 4:2:0, 4:2:2, 4:4:4 and monochrome, 8 and 10 bits, full and video range, odd
/// sizes whose last blocks are cut by the edge; and planar RGB, as libheif 1.15 gives it.
final class YCbCrReductionTests: XCTestCase {
  private struct Layout {
    var width: Int
    var height: Int
    var shift: (x: Int, y: Int)
    var depth: Int
    var fullRange: Bool
    var mono = false
    var rgb = false
    var factor: Int
  }

  func testTheReducedConversionIsTheAverageOfTheConvertedPixels() {
    var random = SeededGenerator(seed: TestSeed.value)
    let layouts = [
      Layout(width: 37, height: 29, shift: (1, 1), depth: 8, fullRange: true, factor: 4),
      Layout(width: 40, height: 30, shift: (1, 1), depth: 8, fullRange: false, factor: 3),
      Layout(width: 33, height: 17, shift: (1, 0), depth: 10, fullRange: false, factor: 5),
      Layout(width: 24, height: 31, shift: (0, 0), depth: 10, fullRange: true, factor: 2),
      Layout(
        width: 19, height: 23, shift: (0, 0), depth: 8, fullRange: true, mono: true, factor: 3),
    ]
    let weights = HEIFDecoder.lumaWeights(matrix: 1)!
    for layout in layouts {
      let name = "\(layout.width)×\(layout.height) shift \(layout.shift) \(layout.depth) bit"
      let bytes = layout.depth > 8 ? 2 : 1
      let chromaWidth = (layout.width + (1 << layout.shift.x) - 1) >> layout.shift.x
      let chromaHeight = (layout.height + (1 << layout.shift.y) - 1) >> layout.shift.y
      let top = (1 << layout.depth) - 1
      func plane(_ width: Int, _ height: Int) -> [UInt16] {
        (0..<width * height).map { _ in UInt16.random(in: 0...UInt16(top), using: &random) }
      }
      let y = plane(layout.width, layout.height)
      let cb = plane(chromaWidth, chromaHeight)
      let cr = plane(chromaWidth, chromaHeight)
      func stored(_ samples: [UInt16]) -> [UInt8] {
        bytes == 1
          ? samples.map { UInt8($0) } : samples.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
      }
      let (yBytes, cbBytes, crBytes) = (stored(y), stored(cb), stored(cr))
      let columns = (layout.width + layout.factor - 1) / layout.factor
      let rows = (layout.height + layout.factor - 1) / layout.factor
      var out = [UInt8](repeating: 0, count: columns * rows * 4)
      yBytes.withUnsafeBufferPointer { yp in
        cbBytes.withUnsafeBufferPointer { cbp in
          crBytes.withUnsafeBufferPointer { crp in
            var picture = lb_ycbcr_picture(
              y: yp.baseAddress!, cb: layout.mono ? nil : cbp.baseAddress,
              cr: layout.mono ? nil : crp.baseAddress, y_stride: layout.width * bytes,
              cb_stride: chromaWidth * bytes, cr_stride: chromaWidth * bytes,
              width: layout.width, height: layout.height, shift_x: Int32(layout.shift.x),
              shift_y: Int32(layout.shift.y), depth: Int32(layout.depth), kr: weights.kr,
              kb: weights.kb, full_range: layout.fullRange ? 1 : 0, rgb: layout.rgb ? 1 : 0)
            out.withUnsafeMutableBufferPointer {
              lb_ycbcr_reduce_to_rgba(&picture, layout.factor, $0.baseAddress!)
            }
          }
        }
      }
      // The reference: every pixel converted (unclamped), then each block averaged.
      let unit = Double(1 << (layout.depth - 8))
      func rgb(_ px: Int, _ py: Int) -> [Double] {
        let luma = Double(y[py * layout.width + px])
        if layout.mono { return Array(repeating: luma / Double(top), count: 3) }
        if layout.rgb {
          let at = py * layout.width + px
          return [luma, Double(cb[at]), Double(cr[at])].map { $0 / Double(top) }
        }
        let c = (py >> layout.shift.y) * chromaWidth + (px >> layout.shift.x)
        let half = Double(1 << (layout.depth - 1))
        let l = layout.fullRange ? luma / Double(top) : (luma - 16 * unit) / (219 * unit)
        let scale = layout.fullRange ? 1 / Double(top) : 1 / (224 * unit)
        let (b, r) = ((Double(cb[c]) - half) * scale, (Double(cr[c]) - half) * scale)
        let red = l + 2 * (1 - weights.kr) * r
        let blue = l + 2 * (1 - weights.kb) * b
        let green = (l - weights.kr * red - weights.kb * blue) / (1 - weights.kr - weights.kb)
        return [red, green, blue]
      }
      var worst = 0.0
      for row in 0..<rows {
        for column in 0..<columns {
          var sum = [0.0, 0.0, 0.0]
          var count = 0.0
          for py in row * layout.factor..<min((row + 1) * layout.factor, layout.height) {
            for px in column * layout.factor..<min((column + 1) * layout.factor, layout.width) {
              let value = rgb(px, py)
              for c in 0..<3 { sum[c] += value[c] }
              count += 1
            }
          }
          for c in 0..<3 {
            let expected = min(255, max(0, sum[c] / count * 255))
            let got = Double(out[(row * columns + column) * 4 + c])
            worst = max(worst, abs(got - expected))
          }
          XCTAssertEqual(out[(row * columns + column) * 4 + 3], 255, name)
        }
      }
      // The conversion is affine: averaged first or after, the same value but for rounding.
      XCTAssertLessThanOrEqual(worst, 0.501, name)
    }
  }
}
