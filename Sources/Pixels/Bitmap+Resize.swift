import PhotoModel

extension Bitmap {
  /// The bitmap resampled to exactly `newSize` (aspect not kept): area averaging for large
  /// reductions, then Catmull-Rom. Sides below 1 are treated as 1.
  public func resized(to newSize: PixelSize) -> Bitmap {
    let w = max(1, newSize.width)
    let h = max(1, newSize.height)
    if w == width && h == height { return self }
    if width == 0 || height == 0 { return Bitmap(width: w, height: h, fill: .black) }
    return Resampler.resample(self, width: w, height: h)
  }

  /// The rectangle `x, y, width, height` of the bitmap (clipped to its bounds) resampled to
  /// exactly `newSize`: `cropped(…).resized(to:)` without copying the rectangle out first
  /// where one convolution does it (the loupe's region of a large decoded part).
  public func resized(x: Int, y: Int, width cw: Int, height ch: Int, to newSize: PixelSize)
    -> Bitmap
  {
    let x0 = min(max(0, x), width)
    let y0 = min(max(0, y), height)
    let w = min(max(0, cw), width - x0)
    let h = min(max(0, ch), height - y0)
    guard w > 0, h > 0 else {
      return cropped(x: x, y: y, width: cw, height: ch).resized(to: newSize)
    }
    return Resampler.resample(
      self, crop: (x0, y0, w, h), width: max(1, newSize.width), height: max(1, newSize.height))
  }

  /// The rectangle `x, y, width, height` of the bitmap, clipped to its bounds.
  public func cropped(x: Int, y: Int, width cw: Int, height ch: Int) -> Bitmap {
    let x0 = min(max(0, x), width)
    let y0 = min(max(0, y), height)
    let w = min(max(0, cw), width - x0)
    let h = min(max(0, ch), height - y0)
    if x0 == 0 && y0 == 0 && w == width && h == height { return self }
    var out = [UInt8](repeating: 0, count: w * h * 4)
    for row in 0..<h {
      let s = ((y0 + row) * width + x0) * 4
      out.replaceSubrange(row * w * 4..<(row + 1) * w * 4, with: pixels[s..<s + w * 4])
    }
    return Bitmap(width: w, height: h, pixels: out)
  }

  /// The size `fitted(into: target, mode: mode)` returns for an image of `size`.
  ///
  /// `.fit`: the whole image inside the target, aspect kept, never enlarged (an image that
  /// already fits keeps its size). `.fill`: exactly the target. Target sides are clamped
  /// to 1…2²⁴.
  public static func fittedSize(of size: PixelSize, into target: PixelSize, mode: ResizeMode)
    -> PixelSize
  {
    // Sides are clamped so that the integer aspect arithmetic can never overflow.
    let limit = 1 << 24
    let box = PixelSize(
      width: min(max(1, target.width), limit), height: min(max(1, target.height), limit))
    switch mode {
    case .fill:
      return box
    case .fit:
      if size.isEmpty { return size }
      if size.width <= box.width && size.height <= box.height { return size }
      return size.fitting(in: box)
    }
  }

  /// The bitmap fitted to `target`: `.fit` scales the whole image down to fit inside it
  /// (aspect kept, never enlarged); `.fill` covers the target and centre-crops to exactly
  /// the target size (enlarging a smaller image).
  public func fitted(into target: PixelSize, mode: ResizeMode) -> Bitmap {
    let goal = Bitmap.fittedSize(of: size, into: target, mode: mode)
    switch mode {
    case .fit:
      return resized(to: goal)
    case .fill:
      guard width > 0 && height > 0 else { return resized(to: goal) }
      // Crop the source to the target's aspect first, then resample the crop: the filter
      // then sees real pixels at the crop edges rather than a pre-scaled copy.
      var cw = width
      var ch = height
      if width * goal.height > height * goal.width {
        cw = max(1, min(width, (height * goal.width + goal.height / 2) / goal.height))
      } else {
        ch = max(1, min(height, (width * goal.height + goal.width / 2) / goal.width))
      }
      return cropped(x: (width - cw) / 2, y: (height - ch) / 2, width: cw, height: ch)
        .resized(to: goal)
    }
  }
}
