import Pixels

extension FastSixelEncoder {
  /// For a picture with at most `colors` distinct colours as the terminal shows them (each
  /// channel at a sixel register's percent steps), crowded into few 15-bit bins: those
  /// colours, and each pixel's index; nil as soon as one more colour turns up, or when the
  /// bins already tell most colours apart (`coloursPerStarvedBin`).
  ///
  /// The median cut works on 15-bit bins (eight levels a channel), so a night photo whose
  /// pixels all lie in levels 0–10 got two registers for 47 colours (Canon's R5 HIF in the
  /// corpus: 49.2 dB where chafa, keeping them, had 53.1); a drawing, a screenshot or a GIF
  /// of few colours lost shades the same way. Here every shown colour is its own register and
  /// nothing is dithered: the best a sixel of that picture can be. A photo leaves within its
  /// first rows.
  static func exactColors(of bitmap: Bitmap, rows: Range<Int>, colors: Int) -> (
    palette: [Int32], indices: [UInt8]
  )? {
    let width = bitmap.width
    let count = width * rows.count
    // A register costs ~14 bytes of the stream: a tiny picture of all-different pixels
    // (a 7×13 test picture went from 925 to 1,278 bytes) is left to the median cut.
    let colors = min(colors, count / Self.pixelsPerExactColor)
    guard colors >= 2, colors <= 256 else { return nil }
    // Open addressing over shown colours (r, g, b percents packed in one key); four times
    // as many slots as colours keeps probes short.
    let slots = 1024
    var keys = [Int32](repeating: -1, count: slots)
    var slotIndex = [UInt8](repeating: 0, count: slots)
    var palette: [Int32] = []
    palette.reserveCapacity(colors * 3)
    var indices = [UInt8](repeating: 0, count: count)
    let fits = bitmap.pixels.withUnsafeBufferPointer { px -> Bool in
      var lastKey: Int32 = -1
      var lastIndex: UInt8 = 0
      let base = rows.lowerBound * width * 4
      for i in 0..<count {
        let p = base + i * 4
        let key =
          Int32(Self.percent[Int(px[p])]) << 16 | Int32(Self.percent[Int(px[p + 1])]) << 8
          | Int32(Self.percent[Int(px[p + 2])])
        // Runs of one colour are the rule in the pictures that get here.
        if key == lastKey {
          indices[i] = lastIndex
          continue
        }
        var slot = Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 22)
        while keys[slot] != key && keys[slot] != -1 { slot = (slot + 1) & (slots - 1) }
        if keys[slot] == -1 {
          let entry = palette.count / 3
          guard entry < colors else { return false }
          keys[slot] = key
          slotIndex[slot] = UInt8(entry)
          for shift in [16, 8, 0] {
            palette.append(Self.level(ofPercent: Int(key >> Int32(shift)) & 0xFF))
          }
        }
        lastKey = key
        lastIndex = slotIndex[slot]
        indices[i] = lastIndex
      }
      return true
    }
    guard fits else { return nil }
    // Only where the median cut is starved: it gives a 15-bit bin one register at best, and
    // here the bins hold three or more of the picture's colours each (Canon's HDR night: 15
    // in 4 bins). Where bins hold about two (a drawing's antialiased edges: `lossless1.webp`'s
    // tile, 78 in 37) the median cut's merged shades cost fewer colour switches: 1,082 bytes
    // against 1,794 exact, for 1.2 dB.
    var bins = Set<Int32>()
    for k in 0..<(palette.count / 3) {
      let red = palette[k * 3] >> 3
      let green = palette[k * 3 + 1] >> 3
      bins.insert(red << 10 | green << 5 | palette[k * 3 + 2] >> 3)
    }
    return bins.count * Self.coloursPerStarvedBin <= palette.count / 3 ? (palette, indices) : nil
  }

  /// How many colours a 15-bit bin must hold on average for `exactColors` to take over.
  static let coloursPerStarvedBin = 3

  /// The fewest pixels a register must have on average for `exactColors`.
  static let pixelsPerExactColor = 16

  /// The percent (0…100) a sixel colour register gets for each level 0…255.
  static let percent: [UInt8] = (0..<256).map { UInt8(($0 * 100 + 127) / 255) }
}
