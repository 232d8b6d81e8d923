import Pixels

extension FastSixelEncoder {
  /// For a grey picture (every pixel's red, green and blue equal): up to `levels` greys
  /// fitted to its histogram, and each pixel's index by a 256-entry table; nil as soon as a
  /// pixel has colour.
  ///
  /// The median cut over 15-bit bins gives a grey picture at most 32 greys (one bin per
  /// eight levels on the grey diagonal), so a black-and-white photo or `invalid-exif.jpg`'s
  /// grey gradient was 39.8 dB where chafa had 43.8. 128 greys fitted by Lloyd iterations,
  /// mapped without dithering, give 47.4 dB there at 59 % of chafa's bytes (every grey its
  /// own register: 48.0 dB at 142 %; 64 greys: 44.9 dB; DECISIONS.md, 2026-11-27). A photo
  /// with colour leaves at its first coloured pixel.
  static func greyLevels(of bitmap: Bitmap, rows: Range<Int>, levels: Int) -> (
    palette: [Int32], indices: [UInt8]
  )? {
    let width = bitmap.width
    let count = width * rows.count
    var histogram = [Int](repeating: 0, count: 256)
    let grey = bitmap.pixels.withUnsafeBufferPointer { px -> Bool in
      let base = rows.lowerBound * width * 4
      for i in 0..<count {
        let p = base + i * 4
        let r = px[p]
        guard px[p + 1] == r, px[p + 2] == r else { return false }
        histogram[Int(r)] += 1
      }
      return true
    }
    guard grey else { return nil }
    let used = (0..<256).filter { histogram[$0] > 0 }
    guard !used.isEmpty else { return nil }
    // Start from equal shares of the pixels, then move each grey to the mean of the levels
    // nearest it (Lloyd in one dimension, exact over the 256-level histogram).
    var centres: [Double]
    if used.count <= levels {
      centres = used.map(Double.init)
    } else {
      centres = []
      var seen = 0
      var next = 0
      for level in used {
        seen += histogram[level]
        while centres.count < levels && seen * levels > next * count {
          centres.append(Double(level))
          next += 1
        }
      }
      for _ in 0..<12 {
        var sums = [Double](repeating: 0, count: centres.count)
        var weights = [Double](repeating: 0, count: centres.count)
        var k = 0
        for level in used {
          while k + 1 < centres.count
            && abs(centres[k + 1] - Double(level)) <= abs(centres[k] - Double(level))
          {
            k += 1
          }
          sums[k] += Double(level * histogram[level])
          weights[k] += Double(histogram[level])
        }
        centres = zip(sums, weights).compactMap { $1 > 0 ? $0 / $1 : nil }
      }
    }
    // Two greys a level apart can share a percent step: one register for both (a picture
    // of 91 levels defined 120 registers and used 54).
    var shown: [Int] = []
    for centre in centres {
      let level = Int(shownLevel(Int(centre.rounded())))
      if shown.last != level { shown.append(level) }
    }
    var table = [UInt8](repeating: 0, count: 256)
    for level in 0..<256 {
      var best = 0
      for k in 1..<shown.count where abs(shown[k] - level) < abs(shown[best] - level) {
        best = k
      }
      table[level] = UInt8(best)
    }
    var indices = [UInt8](repeating: 0, count: count)
    bitmap.pixels.withUnsafeBufferPointer { px in
      let base = rows.lowerBound * width * 4
      for i in 0..<count { indices[i] = table[Int(px[base + i * 4])] }
    }
    let palette = shown.flatMap { [Int32($0), Int32($0), Int32($0)] }
    return (palette, indices)
  }
}
