import Pixels

/// A picture's brightness on a small grid, each cell the mean of the pixels it covers (a box
/// filter: what a perceptual hash needs, and the same whatever size the picture came in).
struct LumaGrid {
  let width: Int
  let height: Int
  /// Row-major, 0…255.
  var values: [Double]

  /// `bitmap` averaged onto `width`×`height` cells (Rec. 601 luma; alpha is ignored: the
  /// decoders composite on a background).
  init(_ bitmap: Bitmap, width: Int, height: Int) {
    self.width = width
    self.height = height
    values = [Double](repeating: 0, count: width * height)
    guard bitmap.width > 0, bitmap.height > 0 else { return }
    // Column and row spans of each cell: at least one pixel, so a picture smaller than the
    // grid repeats its pixels.
    let columns = Self.spans(cells: width, pixels: bitmap.width)
    let rows = Self.spans(cells: height, pixels: bitmap.height)
    // Luma per pixel once, then sums per cell.
    var luma = [Double](repeating: 0, count: bitmap.width * bitmap.height)
    bitmap.pixels.withUnsafeBufferPointer { px in
      for i in 0..<(bitmap.width * bitmap.height) {
        let r = Double(px[i * 4])
        let g = Double(px[i * 4 + 1])
        let b = Double(px[i * 4 + 2])
        luma[i] = 0.299 * r + 0.587 * g + 0.114 * b
      }
    }
    for (cy, rowSpan) in rows.enumerated() {
      for (cx, columnSpan) in columns.enumerated() {
        var sum = 0.0
        for y in rowSpan {
          let base = y * bitmap.width
          for x in columnSpan { sum += luma[base + x] }
        }
        values[cy * width + cx] = sum / Double(rowSpan.count * columnSpan.count)
      }
    }
  }

  /// The pixel range of each of `cells` cells across `pixels` pixels.
  static func spans(cells: Int, pixels: Int) -> [Range<Int>] {
    (0..<cells).map { i in
      let start = min(pixels - 1, i * pixels / cells)
      let end = max(start + 1, (i + 1) * pixels / cells)
      return start..<end
    }
  }

  subscript(x: Int, y: Int) -> Double { values[y * width + x] }
}
