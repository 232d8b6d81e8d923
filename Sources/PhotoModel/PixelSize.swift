/// A size in pixels (width × height).
public struct PixelSize: Hashable, Sendable, Codable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Number of pixels (width × height), saturating instead of overflowing.
  public var area: Int {
    let (product, overflow) = width.multipliedReportingOverflow(by: height)
    return overflow ? Int.max : product
  }

  /// The same size with width and height exchanged (a quarter turn).
  public var transposed: PixelSize { PixelSize(width: height, height: width) }

  /// True when both sides are positive.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  public var description: String { "\(width)×\(height)" }

  /// The largest size with this aspect ratio that fits in `box` (never zero-sized).
  public func fitting(in box: PixelSize) -> PixelSize {
    guard !isEmpty, !box.isEmpty else {
      return PixelSize(width: max(box.width, 1), height: max(box.height, 1))
    }
    // Compare width/height against box ratios with integer cross-multiplication.
    if width * box.height >= height * box.width {
      let h = max(1, (height * box.width + width / 2) / width)
      return PixelSize(width: box.width, height: min(h, box.height))
    } else {
      let w = max(1, (width * box.height + height / 2) / height)
      return PixelSize(width: min(w, box.width), height: box.height)
    }
  }
}
