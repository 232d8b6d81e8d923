import PhotoModel

/// How a photo smaller than the detail view is enlarged, so it does not float small in the
/// middle of the screen: a photograph is fitted up to the view with the normal filter (a
/// 640×480 camera JPEG filled half a 1200×600 px view at 1:1, issue 33 item 17); pixel art,
/// icons and small screenshots by the whole factor that fits, keeping sharp square pixels
/// (nearest neighbour). Never more than 4×.
public enum Upscale {
  /// Never more than this: a 32-pixel icon is not stretched over a whole screen.
  public static let maximumFactor = 4
  /// Images whose longer side is below this are enlarged with nearest neighbour.
  public static let nearestNeighbourLimit = 256

  /// The whole factor (1…4) that enlarges `size` the most while it still fits in `box`;
  /// 1 when it does not fit even once, is empty, or `enabled` is false.
  public static func factor(for size: PixelSize, in box: PixelSize, enabled: Bool = true) -> Int {
    guard enabled, size.width > 0, size.height > 0 else { return 1 }
    let fit = min(box.width / size.width, box.height / size.height)
    return max(1, min(maximumFactor, fit))
  }

  /// True when an image of `size` is enlarged with nearest neighbour (pixel art,
  /// screenshots, icons: smoothing would blur their edges).
  public static func usesNearestNeighbour(_ size: PixelSize) -> Bool {
    max(size.width, size.height) < nearestNeighbourLimit
  }

  /// The size `size` is shown at in `box`: fitted up (at most 4×) for a photograph, by the
  /// whole factor that fits for pixel art; `size` itself when it is as large already.
  public static func shownSize(of size: PixelSize, in box: PixelSize) -> PixelSize {
    guard size.width > 0, size.height > 0 else { return size }
    if usesNearestNeighbour(size) {
      let k = factor(for: size, in: box)
      return PixelSize(width: size.width * k, height: size.height * k)
    }
    let scale = min(
      Double(box.width) / Double(size.width), Double(box.height) / Double(size.height),
      Double(maximumFactor))
    // A pixel or two of growth is no enlargement worth a resample.
    guard scale > 1, Int(Double(max(size.width, size.height)) * (scale - 1)) >= 2 else {
      return size
    }
    return PixelSize(
      width: min(box.width, max(1, Int((Double(size.width) * scale).rounded()))),
      height: min(box.height, max(1, Int((Double(size.height) * scale).rounded()))))
  }

  /// `bitmap` enlarged to `shownSize(of:in:)` (itself when that is its own size).
  public static func apply(to bitmap: Bitmap, in box: PixelSize) -> Bitmap {
    let shown = shownSize(of: bitmap.size, in: box)
    guard shown != bitmap.size else { return bitmap }
    if usesNearestNeighbour(bitmap.size) {
      return bitmap.enlargedNearest(by: shown.width / bitmap.width)
    }
    return bitmap.resized(to: shown)
  }
}
