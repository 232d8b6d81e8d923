import CImageKernels
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// `lb_ycbcr_reduce_to_rgba` (a HEIF's planes shrunk before conversion) against converting
/// every pixel first and averaging the RGB after, on seeded random planes of every layout a
/// codec gives: 4:2:0, 4:2:2, 4:4:4 and monochrome, 8 and 10 bits, full and video range, odd
/// sizes whose last partial blocks are left out; and planar RGB, as libheif 1.15 gives it.
/// And a picture added tile by tile (a HEIF grid) sums to the same pixels as whole.
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
      let columns = layout.width / layout.factor
      let rows = layout.height / layout.factor
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
          for py in row * layout.factor..<(row + 1) * layout.factor {
            for px in column * layout.factor..<(column + 1) * layout.factor {
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

  func testAPictureAddedTileByTileIsThePictureReducedWhole() {
    var random = SeededGenerator(seed: TestSeed.value &+ 1)
    // 4:2:0, 8 bits, 46×34 in tiles of 8×6 (the last ones cut by the edge), factor 3, and a
    // region that starts 2 columns and 1 row into the picture (a rotated grid's alignment).
    let (width, height, tileWidth, tileHeight, factor) = (46, 34, 8, 6, 3)
    let (originX, originY) = (2, 1)
    let chroma = (width: (width + 1) / 2, height: (height + 1) / 2)
    let y = (0..<width * height).map { _ in UInt8.random(in: 0...255, using: &random) }
    let cb = (0..<chroma.width * chroma.height).map { _ in
      UInt8.random(in: 0...255, using: &random)
    }
    let cr = (0..<chroma.width * chroma.height).map { _ in
      UInt8.random(in: 0...255, using: &random)
    }
    let columns = (width - originX) / factor
    let rows = (height - originY) / factor
    func picture(
      _ y: UnsafePointer<UInt8>, _ cb: UnsafePointer<UInt8>, _ cr: UnsafePointer<UInt8>,
      width: Int, height: Int
    ) -> lb_ycbcr_picture {
      lb_ycbcr_picture(
        y: y, cb: cb, cr: cr, y_stride: 46, cb_stride: 23, cr_stride: 23, width: width,
        height: height, shift_x: 1, shift_y: 1, depth: 8, kr: 0.299, kb: 0.114, full_range: 1,
        rgb: 0)
    }
    var whole = [UInt64](repeating: 0, count: columns * rows * 3)
    var tiled = whole
    y.withUnsafeBufferPointer { yp in
      cb.withUnsafeBufferPointer { cbp in
        cr.withUnsafeBufferPointer { crp in
          var all = picture(
            yp.baseAddress!, cbp.baseAddress!, crp.baseAddress!, width: width, height: height)
          lb_ycbcr_accumulate(&all, -originX, -originY, factor, columns, rows, &whole)
          for top in stride(from: 0, to: height, by: tileHeight) {
            for left in stride(from: 0, to: width, by: tileWidth) {
              // A tile is a window on the same planes (its chroma at half its position).
              var tile = picture(
                yp.baseAddress! + top * width + left,
                cbp.baseAddress! + top / 2 * chroma.width + left / 2,
                crp.baseAddress! + top / 2 * chroma.width + left / 2,
                width: min(tileWidth, width - left), height: min(tileHeight, height - top))
              lb_ycbcr_accumulate(
                &tile, left - originX, top - originY, factor, columns, rows, &tiled)
            }
          }
        }
      }
    }
    XCTAssertEqual(tiled, whole)
    // And the sums are the region's: block (0, 0) is the luma of rows 1…3, columns 2…4.
    var luma: UInt64 = 0
    for row in originY..<originY + factor {
      for column in originX..<originX + factor { luma += UInt64(y[row * width + column]) }
    }
    XCTAssertEqual(whole[0], luma)
  }
}
