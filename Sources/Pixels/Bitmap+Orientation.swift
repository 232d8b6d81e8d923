import PhotoModel

extension Bitmap {
  /// The bitmap turned upright according to an EXIF orientation.
  ///
  /// `orientation` describes how the stored pixels must be transformed to be viewed; the
  /// result has the display size (`orientation.displaySize(ofStored: size)`).
  public func applying(_ orientation: Orientation) -> Bitmap {
    if orientation == .up || width == 0 || height == 0 { return self }
    let w = width
    let h = height
    let outSize = orientation.displaySize(ofStored: size)
    let ow = outSize.width
    let oh = outSize.height
    // For each display pixel (x, y), where in the stored image it comes from:
    // sx = ax + bx*x + cx*y, sy = ay + by*x + cy*y.
    let (ax, bx, cx, ay, by, cy): (Int, Int, Int, Int, Int, Int)
    switch orientation {
    case .up: (ax, bx, cx, ay, by, cy) = (0, 1, 0, 0, 0, 1)
    case .upMirrored: (ax, bx, cx, ay, by, cy) = (w - 1, -1, 0, 0, 0, 1)
    case .down: (ax, bx, cx, ay, by, cy) = (w - 1, -1, 0, h - 1, 0, -1)
    case .downMirrored: (ax, bx, cx, ay, by, cy) = (0, 1, 0, h - 1, 0, -1)
    case .leftMirrored: (ax, bx, cx, ay, by, cy) = (0, 0, 1, 0, 1, 0)
    case .right: (ax, bx, cx, ay, by, cy) = (0, 0, 1, h - 1, -1, 0)
    case .rightMirrored: (ax, bx, cx, ay, by, cy) = (w - 1, 0, -1, h - 1, -1, 0)
    case .left: (ax, bx, cx, ay, by, cy) = (w - 1, 0, -1, 0, 1, 0)
    }
    // Step through the source in pixel units: moving one display pixel right moves
    // `stepX` source pixels, moving one display row down moves `stepY`.
    let stepX = by * w + bx
    let stepY = cy * w + cx
    var out = [UInt8](repeating: 0, count: pixels.count)
    pixels.withUnsafeBytes { src in
      out.withUnsafeMutableBytes { dst in
        var d = 0
        var rowStart = ay * w + ax
        for _ in 0..<oh {
          var s = rowStart
          for _ in 0..<ow {
            dst.storeBytes(
              of: src.loadUnaligned(fromByteOffset: s &* 4, as: UInt32.self),
              toByteOffset: d, as: UInt32.self)
            d &+= 4
            s &+= stepX
          }
          rowStart &+= stepY
        }
      }
    }
    return Bitmap(width: ow, height: oh, pixels: out)
  }
}

extension Bitmap {
  /// The bitmap turned `quarterTurns` times 90° clockwise (the user's rotation of a photo).
  public func turnedClockwise(_ quarterTurns: Int) -> Bitmap {
    let turns = (quarterTurns % 4 + 4) % 4
    return turns == 0 ? self : applying(Orientation.up.rotatedClockwise(by: turns))
  }
}
