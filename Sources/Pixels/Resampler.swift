import CImageKernels
import Dispatch

/// Image reduction and enlargement on RGBA8 pixels: area averaging (box) for large
/// reductions, then a separable Catmull-Rom convolution for the last step.
///
/// Works on raw buffers with integer arithmetic so that it stays usable in debug builds.
enum Resampler {
  /// Fixed-point precision of the convolution weights: 14 bits, so that a weight fits the
  /// 16-bit lanes of the vertical pass (`lb_filter_columns`) even when enlarging (weights
  /// up to 1).
  private static let weightBits = 14

  /// The rectangle `crop` of `source` (inside it) resampled to exactly `width` × `height`:
  /// read in place when one convolution does it (no copy of a loupe's large part), else
  /// cropped first.
  static func resample(
    _ source: Bitmap, crop: (x: Int, y: Int, width: Int, height: Int), width: Int, height: Int
  ) -> Bitmap {
    let direct =
      crop.width != width && crop.height != height && crop.width < 2 * width
      && crop.height < 2 * height
    guard direct else {
      return resample(
        source.cropped(x: crop.x, y: crop.y, width: crop.width, height: crop.height),
        width: width, height: height)
    }
    return convolveBoth(source, width: width, height: height, crop: crop)
  }

  /// `source` resampled to exactly `width` × `height` (both at least 1).
  static func resample(_ source: Bitmap, width: Int, height: Int) -> Bitmap {
    var image = source
    if image.width == width && image.height == height { return image }
    // Box-reduce by whole factors while the image is more than twice the target, so the
    // convolution below only ever reduces by less than ~4× and stays cheap and sharp.
    let fx = max(1, image.width / (2 * width))
    let fy = max(1, image.height / (2 * height))
    // The source's extent in reduced pixels: a partial block at the right or bottom edge
    // is one reduced pixel but covers less of the picture, and mapping the output onto
    // whole reduced pixels would stretch the picture by up to half a block (a quarter of
    // an output pixel at a 2048 px GIF's tile: 35 dB against the exact reduction's 42).
    let span = (x: Double(image.width) / Double(fx), y: Double(image.height) / Double(fy))
    if fx > 1 || fy > 1 { image = boxReduce(image, fx: fx, fy: fy) }
    if image.width != width && image.height != height {
      return convolveBoth(image, width: width, height: height, span: span)
    }
    if image.width != width { image = convolveRows(image, to: width, span: span.x) }
    if image.height != height { image = convolveColumns(image, to: height, span: span.y) }
    return image
  }

  /// Averages blocks of `fx` × `fy` pixels; blocks at the right and bottom edges may be
  /// partial and are averaged over the pixels they have.
  static func boxReduce(_ src: Bitmap, fx: Int, fy: Int) -> Bitmap {
    let w = src.width
    let h = src.height
    let ow = (w + fx - 1) / fx
    let oh = (h + fy - 1) / fy
    var out = [UInt8](repeating: 0, count: ow * oh * 4)
    var sums = [Int](repeating: 0, count: ow * 4)
    // Raw pointers and while loops for debug-build speed; see convolveRows.
    src.pixels.withUnsafeBufferPointer { sBuf in
      out.withUnsafeMutableBufferPointer { dBuf in
        sums.withUnsafeMutableBufferPointer { accBuf in
          guard let s = sBuf.baseAddress, let d = dBuf.baseAddress,
            let acc = accBuf.baseAddress
          else { return }
          var oy = 0
          while oy < oh {
            let y0 = oy &* fy
            let y1 = min(h, y0 &+ fy)
            acc.update(repeating: 0, count: ow &* 4)
            var y = y0
            while y < y1 {
              var p = s + y &* w &* 4
              var ox = 0
              while ox < ow {
                let n = min(w &- ox &* fx, fx)
                var r = 0
                var g = 0
                var b = 0
                var a = 0
                var i = 0
                while i < n {
                  r &+= Int(p[0])
                  g &+= Int(p[1])
                  b &+= Int(p[2])
                  a &+= Int(p[3])
                  p += 4
                  i &+= 1
                }
                let q = acc + ox &* 4
                q[0] &+= r
                q[1] &+= g
                q[2] &+= b
                q[3] &+= a
                ox &+= 1
              }
              y &+= 1
            }
            let rows = y1 &- y0
            var o = d + oy &* ow &* 4
            var ox = 0
            while ox < ow {
              let count = min(w &- ox &* fx, fx) &* rows
              let half = count / 2
              let q = acc + ox &* 4
              o[0] = UInt8(truncatingIfNeeded: (q[0] &+ half) / count)
              o[1] = UInt8(truncatingIfNeeded: (q[1] &+ half) / count)
              o[2] = UInt8(truncatingIfNeeded: (q[2] &+ half) / count)
              o[3] = UInt8(truncatingIfNeeded: (q[3] &+ half) / count)
              o += 4
              ox &+= 1
            }
            oy &+= 1
          }
        }
      }
    }
    return Bitmap(width: ow, height: oh, pixels: out)
  }

  /// Convolution taps for one axis: output `i` reads `count[i]` source samples from
  /// `start[i]` with `weights[i * stride ..< i * stride + count[i]]`.
  struct Taps {
    var start: [Int] = []
    var count: [Int] = []
    var weights: [Int] = []
    var stride = 0
  }

  /// The Catmull-Rom cubic (a = -0.5): sharp without the ringing of Lanczos.
  private static func catmullRom(_ t: Double) -> Double {
    let x = abs(t)
    if x < 1 { return (1.5 * x - 2.5) * x * x + 1 }
    if x < 2 { return ((-0.5 * x + 2.5) * x - 4) * x + 2 }
    return 0
  }

  /// Taps mapping `n` source samples onto `m` output samples; when reducing, the filter is
  /// stretched by the reduction so every source sample contributes (no aliasing).
  ///
  /// `span` is the picture's extent in source samples when it is not `n`: a box-reduced
  /// source whose last sample is a partial block spans a fraction less than its count.
  static func taps(from n: Int, to m: Int, span: Double? = nil) -> Taps {
    let scale = (span ?? Double(n)) / Double(m)
    let filterScale = max(scale, 1)
    let support = 2 * filterScale
    var t = Taps()
    t.stride = Int(support.rounded(.up)) * 2 + 1
    t.start.reserveCapacity(m)
    t.count.reserveCapacity(m)
    t.weights = [Int](repeating: 0, count: m * t.stride)
    let one = Double(1 << weightBits)
    var w = [Double](repeating: 0, count: t.stride)
    for i in 0..<m {
      let center = (Double(i) + 0.5) * scale
      let lo = max(0, Int((center - support + 0.5).rounded(.down)))
      let hi = min(n, Int((center + support + 0.5).rounded(.down)))
      let k = min(max(hi - lo, 1), t.stride)
      var total = 0.0
      for j in 0..<k {
        w[j] = catmullRom((Double(lo + j) - center + 0.5) / filterScale)
        total += w[j]
      }
      if total == 0 {
        // Cannot happen for a sane filter, but never divide by zero: copy the nearest.
        w[0] = 1
        for j in 1..<k { w[j] = 0 }
        total = 1
      }
      // Quantise, then give the rounding remainder to the largest tap so weights sum
      // exactly to one: a flat area stays exactly flat.
      var sum = 0
      var largest = 0
      for j in 0..<k {
        let q = Int((w[j] / total * one).rounded())
        t.weights[i * t.stride + j] = q
        sum += q
        if q > t.weights[i * t.stride + largest] { largest = j }
      }
      t.weights[i * t.stride + largest] += (1 << weightBits) - sum
      t.start.append(min(lo, n - 1))
      t.count.append(min(k, n - min(lo, n - 1)))
    }
    return t
  }

  /// The taps' fixed-point weights as floats (each sums to exactly 1 in fixed point), times
  /// `scale`.
  private static func floatWeights(_ t: Taps, scale: Float = 1) -> [Float] {
    let one = Float(1 << weightBits)
    return t.weights.map { Float($0) / one * scale }
  }

  /// The taps' fixed-point weights as 16-bit integers for `lb_filter_columns`.
  private static func int16Weights(_ t: Taps) -> [Int16] {
    t.weights.map { Int16(clamping: $0) }
  }

  /// Resamples each row to `ow` pixels.
  ///
  /// Float lanes, one pixel's four channels per vector: SSE2 (the x86-64 baseline) has
  /// float multiply and add on four lanes but no 32-bit integer multiply, and this pass was
  /// a tenth of a 256 px thumbnail's cost with scalar integer arithmetic.
  static func convolveRows(_ src: Bitmap, to ow: Int, span: Double? = nil) -> Bitmap {
    let w = src.width
    let h = src.height
    let t = taps(from: w, to: ow, span: span)
    let weights = floatWeights(t)
    var out = [UInt8](unsafeUninitializedCapacity: ow * h * 4) { _, count in count = ow * h * 4 }
    // Raw pointers and while loops: in debug builds, buffer subscripts and range iterators
    // are not optimised away and would make this several times slower. Every index below
    // is in bounds by construction of the taps (start + count <= w).
    src.pixels.withUnsafeBufferPointer { sBuf in
      out.withUnsafeMutableBufferPointer { dBuf in
        weights.withUnsafeBufferPointer { wBuf in
          t.start.withUnsafeBufferPointer { startBuf in
            t.count.withUnsafeBufferPointer { countBuf in
              guard let s = sBuf.baseAddress, let d = dBuf.baseAddress,
                let wt = wBuf.baseAddress, let starts = startBuf.baseAddress,
                let counts = countBuf.baseAddress
              else { return }
              var o = d
              var y = 0
              while y < h {
                let row = y &* w &* 4
                var x = 0
                while x < ow {
                  var acc = SIMD4<Float>(repeating: 0)
                  var p = row &+ starts[x] &* 4
                  var k = wt + x &* t.stride
                  let end = k + counts[x]
                  while k < end {
                    // Per-lane conversions: Swift's vector-to-vector initialisers are generic
                    // and not specialised (they made this pass five times slower).
                    let px = SIMD4<Float>(
                      Float(s[p]), Float(s[p &+ 1]), Float(s[p &+ 2]), Float(s[p &+ 3]))
                    acc += px * k.pointee
                    p &+= 4
                    k += 1
                  }
                  store(acc, to: o)
                  o += 4
                  x &+= 1
                }
                y &+= 1
              }
            }
          }
        }
      }
    }
    return Bitmap(width: ow, height: h, pixels: out)
  }

  /// Rounds four channel sums to bytes, clamped (Catmull-Rom overshoots a little at edges).
  @inline(__always)
  private static func store(_ acc: SIMD4<Float>, to o: UnsafeMutablePointer<UInt8>) {
    o[0] = byte(acc[0])
    o[1] = byte(acc[1])
    o[2] = byte(acc[2])
    o[3] = byte(acc[3])
  }

  /// A channel sum rounded and clamped to a byte.
  @inline(__always)
  private static func byte(_ sum: Float) -> UInt8 {
    let v = sum + 0.5
    return v <= 0 ? 0 : (v >= 255 ? 255 : UInt8(v))
  }

  /// Resamples both ways, one output row at a time: the columns of the source rows under
  /// that output row are filtered into one row of fixed-point sums (exact, stored as
  /// floats), which is then filtered to `width` pixels (both loops in CImageKernels, with
  /// SSE2). That row stays in the L1 cache; a whole intermediate image did not (and was
  /// 1.5 MB of fresh pages for every thumbnail).
  ///
  /// `halves` chooses one thread or two (by the output's size when nil; for tests).
  /// `crop` (x, y, width, height inside `src`; all of it when nil) is resampled without
  /// being copied out first: the filters read it in place.
  static func convolveBoth(
    _ src: Bitmap, width ow: Int, height oh: Int, halves: Bool? = nil,
    crop: (x: Int, y: Int, width: Int, height: Int)? = nil, span: (x: Double, y: Double)? = nil
  ) -> Bitmap {
    let crop = crop ?? (0, 0, src.width, src.height)
    let horizontal = taps(from: crop.width, to: ow, span: span?.x)
    // The row's sums carry the vertical weights' fixed-point scale; divide it out here.
    let horizontalWeights = floatWeights(horizontal, scale: 1 / Float(1 << weightBits))
    let rowBytes = ow * 4
    let vertical = taps(from: crop.height, to: oh, span: span?.y)
    let out = [UInt8](unsafeUninitializedCapacity: rowBytes * oh) { buffer, count in
      guard let d = buffer.baseAddress else { return }
      // Each half writes only its own rows.
      nonisolated(unsafe) let destination = d
      let parts = rowHalves(oh, pixels: halves.map { $0 ? Int.max : 0 } ?? ow * oh)
      DispatchQueue.concurrentPerform(iterations: parts.count) { i in
        forEachColumnSumRow(src, taps: vertical, rows: parts[i], crop: crop) { y, sums in
          lb_filter_row(
            sums, ow, horizontal.start, horizontal.count, horizontalWeights, horizontal.stride,
            destination + y * rowBytes)
        }
      }
      count = rowBytes * oh
    }
    return Bitmap(width: ow, height: oh, pixels: out)
  }

  /// Outputs of at least this many pixels (a detail or loupe picture, never a tile) are
  /// resampled as two halves on two threads: a 2000×1100 view took 30 ms on one core.
  static let parallelPixels = 1 << 20

  /// The output rows of each thread: all of them, or two halves for a large output.
  static func rowHalves(_ oh: Int, pixels: Int) -> [Range<Int>] {
    pixels >= parallelPixels && oh >= 2 ? [0..<(oh / 2), (oh / 2)..<oh] : [0..<oh]
  }

  /// Resamples each column to `oh` pixels: fixed-point column sums, rounded.
  static func convolveColumns(_ src: Bitmap, to oh: Int, span: Double? = nil) -> Bitmap {
    let rowBytes = src.width * 4
    let half = Int32(1 << (weightBits - 1))
    let out = [UInt8](unsafeUninitializedCapacity: rowBytes * oh) { buffer, count in
      guard let d = buffer.baseAddress else { return }
      forEachColumnSumRow(
        src, taps: taps(from: src.height, to: oh, span: span), rows: 0..<oh
      ) { y, sums in
        let o = d + y * rowBytes
        var i = 0
        while i < rowBytes {
          // The sums are whole numbers under 2^24, so exact as floats and as Int32.
          let v = (Int32(sums[i]) &+ half) >> Int32(weightBits)
          o[i] = v <= 0 ? 0 : (v >= 255 ? 255 : UInt8(truncatingIfNeeded: v))
          i &+= 1
        }
      }
      count = rowBytes * oh
    }
    return Bitmap(width: src.width, height: oh, pixels: out)
  }

  /// Calls `body(y, sums)` for each output row `y` in `rows` (of the rows `vertical` maps
  /// the source's to), where `sums` holds the source's columns filtered to that row:
  /// `width * 4` channel sums in fixed point (the weights' scale, 1 << weightBits), valid
  /// during the call.
  private static func forEachColumnSumRow(
    _ src: Bitmap, taps vertical: Taps, rows: Range<Int>,
    crop: (x: Int, y: Int, width: Int, height: Int)? = nil,
    _ body: (Int, UnsafePointer<Float>) -> Void
  ) {
    let verticalWeights = int16Weights(vertical)
    let crop = crop ?? (0, 0, src.width, src.height)
    let stride = src.width * 4
    let rowLength = crop.width * 4
    var sums = [Float](unsafeUninitializedCapacity: rowLength) { _, count in count = rowLength }
    src.pixels.withUnsafeBufferPointer { sBuf in
      sums.withUnsafeMutableBufferPointer { mBuf in
        verticalWeights.withUnsafeBufferPointer { vwBuf in
          guard let s = sBuf.baseAddress, let m = mBuf.baseAddress, let vw = vwBuf.baseAddress
          else { return }
          let origin = s + crop.y * stride + crop.x * 4
          for y in rows {
            lb_filter_columns(
              origin + vertical.start[y] * stride, stride, vertical.count[y],
              vw + y * vertical.stride, rowLength, m)
            body(y, m)
          }
        }
      }
    }
  }
}
