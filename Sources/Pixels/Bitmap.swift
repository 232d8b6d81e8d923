import PhotoModel

/// An image in memory: 8-bit RGBA, straight (not premultiplied) alpha, rows top to bottom,
/// no padding between rows.
public struct Bitmap: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// `width * height * 4` bytes: R, G, B, A for each pixel.
  public var pixels: [UInt8]
  /// Why the picture is incomplete, when its file is damaged and was decoded as far as it
  /// goes ("premature end of JPEG file"); nil for a whole picture. A decoder sets it and
  /// `ImageDecoder` keeps it through fitting; other transforms make whole bitmaps.
  public var damage: String?

  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4)
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A bitmap filled with one colour.
  public init(width: Int, height: Int, fill: RGB, alpha: UInt8 = 255) {
    self.width = width
    self.height = height
    var px = [UInt8](repeating: 0, count: width * height * 4)
    var i = 0
    while i < px.count {
      px[i] = fill.r
      px[i + 1] = fill.g
      px[i + 2] = fill.b
      px[i + 3] = alpha
      i += 4
    }
    self.pixels = px
  }

  public var size: PixelSize { PixelSize(width: width, height: height) }

  /// Memory held by the pixels, for cache budgets.
  public var byteCount: Int { pixels.count }

  /// The colour at (x, y), alpha ignored.
  public func rgb(x: Int, y: Int) -> RGB {
    let i = (y * width + x) * 4
    return RGB(pixels[i], pixels[i + 1], pixels[i + 2])
  }
}
