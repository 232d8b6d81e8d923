import PhotoModel
import LightboxTestSupport
import XCTest

@testable import Pixels
@testable import Decoders

final class BitmapResizeTests: XCTestCase {
  func testFitKeepsAspectAndNeverEnlarges() {
    let box = PixelSize(width: 256, height: 256)
    XCTAssertEqual(
      Bitmap.fittedSize(of: PixelSize(width: 4000, height: 3000), into: box, mode: .fit),
      PixelSize(width: 256, height: 192))
    XCTAssertEqual(
      Bitmap.fittedSize(of: PixelSize(width: 1200, height: 1800), into: box, mode: .fit),
      PixelSize(width: 171, height: 256))
    XCTAssertEqual(
      Bitmap.fittedSize(of: PixelSize(width: 100, height: 50), into: box, mode: .fit),
      PixelSize(width: 100, height: 50))
    let small = TestImages.coordinates(width: 10, height: 6)
    XCTAssertEqual(small.fitted(into: box, mode: .fit), small)

    let big = Bitmap(width: 400, height: 100, fill: RGB(10, 20, 30))
    let fitted = big.fitted(into: PixelSize(width: 80, height: 80), mode: .fit)
    XCTAssertEqual(fitted.size, PixelSize(width: 80, height: 20))
    XCTAssertEqual(fitted.rgb(x: 40, y: 10), RGB(10, 20, 30))
  }

  func testFillCoversAndCentreCrops() {
    // Thirds: red | green | blue. A square fill must keep only the green middle.
    var px: [UInt8] = []
    for _ in 0..<100 {
      for x in 0..<300 {
        px += x < 100 ? [255, 0, 0, 255] : x < 200 ? [0, 255, 0, 255] : [0, 0, 255, 255]
      }
    }
    let bands = Bitmap(width: 300, height: 100, pixels: px)
    let tile = bands.fitted(into: PixelSize(width: 50, height: 50), mode: .fill)
    XCTAssertEqual(tile.size, PixelSize(width: 50, height: 50))
    for x in [0, 25, 49] {
      let c = tile.rgb(x: x, y: 25)
      XCTAssertGreaterThan(c.g, 200, "x=\(x)")
      XCTAssertLessThan(c.r, 40, "x=\(x)")
      XCTAssertLessThan(c.b, 40, "x=\(x)")
    }
    // A smaller image is enlarged to cover exactly.
    let small = bands.resized(to: PixelSize(width: 30, height: 10))
    XCTAssertEqual(
      small.fitted(into: PixelSize(width: 64, height: 48), mode: .fill).size,
      PixelSize(width: 64, height: 48))
  }

  func testBoxReductionOfCheckerboardIsMidGrey() {
    let board = TestImages.checkerboard(width: 64, height: 64)
    for size in [PixelSize(width: 8, height: 8), PixelSize(width: 7, height: 5)] {
      let grey = board.resized(to: size)
      XCTAssertEqual(grey.size, size)
      for y in 0..<grey.height {
        for x in 0..<grey.width {
          let c = grey.rgb(x: x, y: y)
          XCTAssert((120...135).contains(c.r), "\(size) (\(x),\(y)) = \(c)")
          XCTAssertEqual(c.r, c.g)
        }
      }
    }
    // Nearest-neighbour would give pure black or white here.
    let direct = Resampler.boxReduce(board, fx: 2, fy: 2)
    XCTAssertEqual(direct.size, PixelSize(width: 32, height: 32))
    XCTAssert(direct.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 128 })
  }

  func testFlatColourStaysExactAndGradientStaysMonotonic() {
    let flat = Bitmap(width: 97, height: 61, fill: RGB(200, 100, 50))
    for size in [PixelSize(width: 13, height: 9), PixelSize(width: 150, height: 90)] {
      let out = flat.resized(to: size)
      XCTAssertEqual(out, Bitmap(width: size.width, height: size.height, fill: RGB(200, 100, 50)))
    }
    var px: [UInt8] = []
    for _ in 0..<4 {
      for x in 0..<256 { px += [UInt8(x), 0, 0, 255] }
    }
    let ramp = Bitmap(width: 256, height: 4, pixels: px).resized(
      to: PixelSize(width: 37, height: 2))
    let reds = (0..<37).map { Int(ramp.rgb(x: $0, y: 1).r) }
    XCTAssertEqual(reds, reds.sorted())
    XCTAssertLessThan(reds.first!, 10)
    XCTAssertGreaterThan(reds.last!, 245)
  }

  func testBothWaysAtOnceMatchesRowsThenColumns() {
    // convolveBoth (columns first, float rows) against the one-way passes run in turn: the
    // same filter, so the same picture within rounding. Values stay inside 40…216 so the
    // filter's overshoot is never clipped between the one-way passes (the float path keeps
    // it, the byte path cannot).
    var px: [UInt8] = []
    for y in 0..<75 {
      for x in 0..<100 {
        let a = sin(Double(x) * 0.9 + Double(y) * 0.2)
        let b = cos(Double(x) * 0.15 - Double(y) * 0.7)
        px += [UInt8(128 + 88 * a), UInt8(128 + 88 * b), UInt8(128 + 44 * (a + b)), 255]
      }
    }
    let source = Bitmap(width: 100, height: 75, pixels: px)
    for (w, h) in [(51, 38), (64, 48), (130, 90), (73, 100), (1, 1)] {
      let both = Resampler.convolveBoth(source, width: w, height: h)
      let apart = Resampler.convolveColumns(Resampler.convolveRows(source, to: w), to: h)
      XCTAssertEqual(both.width, w)
      XCTAssertEqual(both.height, h)
      let worst = zip(both.pixels, apart.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
      XCTAssertLessThanOrEqual(worst, 1, "\(w)×\(h)")
    }
  }

  func testCropClipsToBounds() {
    let b = TestImages.coordinates(width: 6, height: 4)
    let c = b.cropped(x: 4, y: 1, width: 10, height: 2)
    XCTAssertEqual(c.size, PixelSize(width: 2, height: 2))
    XCTAssertEqual(c.rgb(x: 0, y: 0), RGB(4, 1, 7))
    XCTAssertEqual(c.rgb(x: 1, y: 1), RGB(5, 2, 7))
  }

  func testScalingFactorIsSmallestThatCoversTarget() {
    let thumb = DecodeOptions(target: PixelSize(width: 256, height: 256), mode: .fit)
    let twelve = PixelSize(width: 4000, height: 3000)
    let f1 = JPEGDecoder.scalingFactor(stored: twelve, options: thumb)
    XCTAssertEqual([f1.num, f1.denom], [1, 8])

    var tile = DecodeOptions(target: PixelSize(width: 256, height: 256), mode: .fill)
    // 1800×1200 covering 256×256 needs 384×256: 1/8 (225×150) is too small, 1/4 is not.
    let f2 = JPEGDecoder.scalingFactor(stored: PixelSize(width: 1800, height: 1200), options: tile)
    XCTAssertEqual([f2.num, f2.denom], [1, 4])
    // Orientation swaps the stored sides; the same tile still needs 1/4.
    tile.orientation = .right
    let f3 = JPEGDecoder.scalingFactor(stored: PixelSize(width: 1200, height: 1800), options: tile)
    XCTAssertEqual([f3.num, f3.denom], [1, 4])

    // Detail view: 4000×3000 into 1600×1000 is 1333×1000, so 3/8 (1500×1125).
    let detail = DecodeOptions(target: PixelSize(width: 1600, height: 1000), mode: .fit)
    let f4 = JPEGDecoder.scalingFactor(stored: twelve, options: detail)
    XCTAssertEqual([f4.num, f4.denom], [3, 8])

    // Never above 1, even when the target is larger than the image.
    let huge = DecodeOptions(target: PixelSize(width: 9000, height: 9000), mode: .fill)
    let f5 = JPEGDecoder.scalingFactor(stored: PixelSize(width: 100, height: 80), options: huge)
    XCTAssertEqual([f5.num, f5.denom], [1, 1])

    // A small image (at most 1 MP) is decoded by 1/2, 1/4 or 1/8 only, to twice the
    // target: 640×480 into a 140 px box needs 140×105, so 1/2 (320×240), not 1/4 (160×120);
    // 227×149 gets no DCT scaling at all (1/2 would be 114 wide), not 5/8 (142×94).
    let box = DecodeOptions(target: PixelSize(width: 140, height: 140), mode: .fit)
    let f6 = JPEGDecoder.scalingFactor(stored: PixelSize(width: 640, height: 480), options: box)
    XCTAssertEqual([f6.num, f6.denom], [1, 2])
    let f7 = JPEGDecoder.scalingFactor(stored: PixelSize(width: 227, height: 149), options: box)
    XCTAssertEqual([f7.num, f7.denom], [1, 1])

    // A larger image for a small `.best` target (a tile drawn by `lightbox show`): twice the
    // target too. A RAW's 1620×1080 preview into 140 px needs 140×93: 1/4 (405×270), not
    // 1/8 (203×135); a thumbnail (`.fast`) keeps 1/8, and so does a 12 MP photo, whose 1/8
    // (500×375) is already twice the target.
    let preview = PixelSize(width: 1620, height: 1080)
    var best = box
    best.quality = .best
    let f8 = JPEGDecoder.scalingFactor(stored: preview, options: best)
    XCTAssertEqual([f8.num, f8.denom], [1, 4])
    let f9 = JPEGDecoder.scalingFactor(stored: preview, options: box)
    XCTAssertEqual([f9.num, f9.denom], [1, 8])
    let f10 = JPEGDecoder.scalingFactor(stored: twelve, options: best)
    XCTAssertEqual([f10.num, f10.denom], [1, 8])
  }

  func testBothWaysMatchesADirectConvolution() {
    // The SSE2 kernels (pairs of rows through 16-bit multiply-adds, 16 bytes a step, the
    // rest in plain C) against the filter written out in Double: within one step of
    // rounding. 101 pixels are 404 bytes a row: 25 steps of 16 and a remainder of 4.
    var px: [UInt8] = []
    for y in 0..<77 {
      for x in 0..<101 {
        px += [UInt8((x * 37 + y * 11) % 256), UInt8((x * x + y) % 256), UInt8(y * 3 % 256), 255]
      }
    }
    let source = Bitmap(width: 101, height: 77, pixels: px)
    for (w, h) in [(52, 40), (60, 29), (99, 76), (140, 120)] {
      let result = Resampler.convolveBoth(source, width: w, height: h)
      let columns = Resampler.taps(from: 101, to: w)
      let rows = Resampler.taps(from: 77, to: h)
      let one = Double(1 << 14)
      var worst = 0
      for oy in 0..<h {
        for ox in 0..<w {
          for c in 0..<4 {
            var sum = 0.0
            for j in 0..<rows.count[oy] {
              for k in 0..<columns.count[ox] {
                let sy = rows.start[oy] + j
                let sx = columns.start[ox] + k
                sum +=
                  Double(px[(sy * 101 + sx) * 4 + c])
                  * Double(rows.weights[oy * rows.stride + j]) / one
                  * Double(columns.weights[ox * columns.stride + k]) / one
              }
            }
            let expected = Int(min(255, max(0, sum.rounded())))
            worst = max(worst, abs(expected - Int(result.pixels[(oy * w + ox) * 4 + c])))
          }
        }
      }
      XCTAssertLessThanOrEqual(worst, 1, "\(w)×\(h)")
    }
  }

  /// A large output is resampled as two halves on two threads, with the same bytes as one
  /// thread gives (the seam row included).
  func testTwoHalvesGiveTheSameBytesAsOneThread() {
    var source = Bitmap(width: 1_210, height: 903, fill: .black)
    for i in 0..<source.pixels.count {
      source.pixels[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 7)
    }
    for (width, height) in [(1_150, 860), (1_400, 1_000), (999, 1_001)] {
      let one = Resampler.convolveBoth(source, width: width, height: height, halves: false)
      let two = Resampler.convolveBoth(source, width: width, height: height, halves: true)
      XCTAssertEqual(one.width, width)
      XCTAssertEqual(one.height, height)
      XCTAssertTrue(one.pixels == two.pixels, "\(width)×\(height)")
    }
    XCTAssertEqual(Resampler.rowHalves(1_100, pixels: 2_000 * 1_100).count, 2)
    XCTAssertEqual(Resampler.rowHalves(256, pixels: 256 * 256).count, 1, "tiles stay on one")
  }

  /// A rectangle resampled in place (the loupe's crop of a decoded part) gives the bytes
  /// that copying it out first gives, through the in-place path and the fallbacks.
  func testARectangleResampledInPlaceEqualsTheCopiedCrop() {
    var source = Bitmap(width: 613, height: 457, fill: .black)
    for i in 0..<source.pixels.count {
      source.pixels[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 9)
    }
    let cases = [
      (5, 7, 600, 440, PixelSize(width: 480, height: 355)),  // in place, reduced
      (0, 0, 300, 200, PixelSize(width: 450, height: 310)),  // in place, enlarged
      (12, 3, 590, 450, PixelSize(width: 120, height: 90)),  // box reduction first: copied
      (9, 9, 200, 100, PixelSize(width: 200, height: 60)),  // one axis: copied
      (600, 440, 50, 50, PixelSize(width: 30, height: 30)),  // clipped to the bounds
    ]
    for (x, y, w, h, size) in cases {
      let copied = source.cropped(x: x, y: y, width: w, height: h).resized(to: size)
      let inPlace = source.resized(x: x, y: y, width: w, height: h, to: size)
      XCTAssertEqual(inPlace.size, size)
      XCTAssertTrue(inPlace.pixels == copied.pixels, "\(x),\(y) \(w)×\(h) → \(size)")
    }
  }
}
