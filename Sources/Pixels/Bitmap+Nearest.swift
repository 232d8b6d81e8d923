extension Bitmap {
  /// Every pixel repeated `factor` × `factor` times (nearest neighbour, no new colours).
  public func enlargedNearest(by factor: Int) -> Bitmap {
    guard factor > 1, width > 0, height > 0 else { return self }
    let newWidth = width * factor
    var out = [UInt8](repeating: 0, count: newWidth * height * factor * 4)
    for y in 0..<height {
      // One enlarged row, then copied to the factor - 1 rows under it.
      let rowStart = y * factor * newWidth * 4
      for x in 0..<width {
        let source = (y * width + x) * 4
        for k in 0..<factor {
          let target = rowStart + (x * factor + k) * 4
          out[target] = pixels[source]
          out[target + 1] = pixels[source + 1]
          out[target + 2] = pixels[source + 2]
          out[target + 3] = pixels[source + 3]
        }
      }
      let rowBytes = newWidth * 4
      for k in 1..<factor {
        out.replaceSubrange(
          rowStart + k * rowBytes..<rowStart + (k + 1) * rowBytes,
          with: out[rowStart..<rowStart + rowBytes])
      }
    }
    return Bitmap(width: newWidth, height: height * factor, pixels: out)
  }
}
