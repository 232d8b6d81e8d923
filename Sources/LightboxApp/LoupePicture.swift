import Imaging
import PhotoModel
import PhotoStore

/// The pictures of a zoomed detail view: the visible region of a photo at the view's scale,
/// and the minimap (the whole photo small, with that region framed).
///
/// Both come from a decoded copy of the photo in `LoupeSourceCache`: the photo is decoded
/// once at the smallest scale that is sharp for the zoom (a JPEG's DCT scaling does most of
/// the reduction), and each pan or zoom step within that scale only crops and resamples.
enum LoupePicture {
  /// The largest decoded copy the loupe makes, in pixels: 32 MP is 128 MB of RGBA, the
  /// source cache's budget. A larger photo zoomed past this is enlarged from the copy.
  static let maximumSourcePixels = 32_000_000

  /// The displayed size of the photo of `request`, when the catalog knows it.
  static func displaySize(of request: ImageRequest) -> PixelSize? {
    request.storedSize.map { request.orientation.displaySize(ofStored: $0) }
  }

  /// How wide a decoded copy must be for `region` drawn at `size` to be sharp, capped by
  /// `maximumSourcePixels`.
  static func sourceWidth(for region: ImageRegion, at size: PixelSize, photo: PixelSize) -> Int {
    let scale = min(1, Double(size.width) / Double(max(1, region.width)))
    let cap = (Double(maximumSourcePixels) / Double(max(1, photo.width * photo.height)))
      .squareRoot()
    return max(1, Int((Double(photo.width) * min(scale, cap)).rounded(.up)))
  }

  /// A decoded copy of the photo at least `width` wide (or the widest it can be), from the
  /// cache or decoded now.
  static func source(
    _ request: ImageRequest, width: Int, photo: PixelSize, cache: LoupeSourceCache,
    decoder: PhotoDecoder, background: RGB
  ) -> Result<Bitmap, ImageError> {
    if let (bitmap, covers) = cache.source(for: request.path, width: width), covers {
      return .success(bitmap)
    }
    let height = max(1, Int((Double(width) * Double(photo.height) / Double(photo.width)).rounded()))
    let options = DecodeOptions(
      target: PixelSize(width: width, height: height), mode: .fit, quality: .best,
      orientation: request.orientation, background: background)
    let decoded = decoder.decode(path: request.path, options: options)
    if case .success(let bitmap) = decoded { cache.insert(bitmap, for: request.path) }
    return decoded
  }

  /// `region` of the photo (displayed pixels) cut from `source` and scaled to `size`.
  static func crop(_ source: Bitmap, region: ImageRegion, photo: PixelSize, size: PixelSize)
    -> Bitmap
  {
    let kx = Double(source.width) / Double(photo.width)
    let ky = Double(source.height) / Double(photo.height)
    let x = Int((Double(region.x) * kx).rounded(.down))
    let y = Int((Double(region.y) * ky).rounded(.down))
    let w = max(1, Int((Double(region.width) * kx).rounded()))
    let h = max(1, Int((Double(region.height) * ky).rounded()))
    return source.cropped(x: x, y: y, width: w, height: h).resized(to: size)
  }

  /// The whole photo from `source` fitted to `size`, with `outline` framed: a light line
  /// with a dark line outside it, visible on any photo.
  static func minimap(_ source: Bitmap, outline: ImageRegion, photo: PixelSize, size: PixelSize)
    -> Bitmap
  {
    var map = source.resized(to: size)
    let kx = Double(size.width) / Double(photo.width)
    let ky = Double(size.height) / Double(photo.height)
    let x0 = Int((Double(outline.x) * kx).rounded(.down))
    let y0 = Int((Double(outline.y) * ky).rounded(.down))
    let x1 = max(x0 + 2, Int((Double(outline.x + outline.width) * kx).rounded(.up))) - 1
    let y1 = max(y0 + 2, Int((Double(outline.y + outline.height) * ky).rounded(.up))) - 1
    frame(&map, x0 - 1, y0 - 1, x1 + 1, y1 + 1, RGB(0, 0, 0))
    frame(&map, x0, y0, x1, y1, RGB(255, 214, 10))
    return map
  }

  /// Draws the one-pixel rectangle with corners (x0, y0) and (x1, y1), clipped.
  private static func frame(
    _ map: inout Bitmap, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ c: RGB
  ) {
    func set(_ x: Int, _ y: Int) {
      guard x >= 0, y >= 0, x < map.width, y < map.height else { return }
      let i = (y * map.width + x) * 4
      map.pixels[i] = c.r
      map.pixels[i + 1] = c.g
      map.pixels[i + 2] = c.b
      map.pixels[i + 3] = 255
    }
    for x in x0...max(x0, x1) {
      set(x, y0)
      set(x, y1)
    }
    for y in y0...max(y0, y1) {
      set(x0, y)
      set(x1, y)
    }
  }
}
