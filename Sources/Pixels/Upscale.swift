import PhotoModel

/// How a photo smaller than the detail view is enlarged: by a whole factor up to 4×, so it
/// does not float tiny in the middle of the screen. Pixel art and small screenshots keep
/// sharp square pixels (nearest neighbour); larger images take the normal filter.
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

  /// `bitmap` enlarged by the whole factor that fits `box` (itself when that is 1).
  public static func apply(to bitmap: Bitmap, in box: PixelSize) -> Bitmap {
    let k = factor(for: bitmap.size, in: box)
    guard k > 1 else { return bitmap }
    if usesNearestNeighbour(bitmap.size) { return bitmap.enlargedNearest(by: k) }
    return bitmap.resized(to: PixelSize(width: bitmap.width * k, height: bitmap.height * k))
  }
}
