import Pixels
import Decoders
import DecodeWorker
import ThumbnailCache
import PhotoModel
import PhotoStore

/// The pictures of a zoomed detail view: the visible region of a photo at the view's scale,
/// and the minimap (the whole photo small, with that region framed).
///
/// Both are cut from parts kept in `LoupeSourceCache`. A JPEG's part is decoded from the
/// file itself at the smallest M/8 scale that is sharp for the zoom (`JPEGRegionDecoder`):
/// first just the region on screen, then, once that picture is drawn, a tile one and a
/// half times the view's size around it (`prefetchTile`), so panning within it only crops
/// and memory is what the view needs, whatever the photo's size. Other formats are decoded
/// whole at the needed scale, up to `maximumSourcePixels`.
public enum LoupePicture {
  /// The largest whole-photo copy the loupe makes (formats without region decoding): 16 MP
  /// is 64 MB of RGBA, the cache's budget. Such a photo zoomed past it is enlarged.
  public static let maximumSourcePixels = 16_000_000

  /// The displayed size of the photo of `request`, when the catalog knows it.
  public static func displaySize(of request: ImageRequest) -> PixelSize? {
    request.storedSize.map { request.displayOrientation.displaySize(ofStored: $0) }
  }

  /// Bitmap pixels per photo pixel that draw `region` at `size` sharply (at most 1).
  public static func neededScale(for region: ImageRegion, at size: PixelSize) -> Double {
    min(1, Double(size.width) / Double(max(1, region.width)))
  }

  /// A part of the photo that shows `region` at `scale`, from the cache or decoded now.
  public static func part(
    _ request: ImageRequest, region: ImageRegion, scale: Double, photo: PixelSize,
    cache: LoupeSourceCache, decoder: PhotoDecoder, background: RGB
  ) -> Result<LoupeSourceCache.Part, ImageError> {
    if let part = cache.part(for: request.path, showing: region, scale: scale) {
      return .success(part)
    }
    // The fitted view's decode-ahead (`prefetchFirstZoom`) may be making it right now.
    if let part = cache.waitForDecodes(for: request.path, showing: region, scale: scale) {
      return .success(part)
    }
    if request.format == .jpeg, let stored = request.storedSize {
      // Only what is seen: the tile around it comes after the picture (`prefetchTile`).
      let decoded = JPEGRegionDecoder.decode(
        path: request.path, stored: stored, orientation: request.displayOrientation,
        x: region.x, y: region.y, width: region.width, height: region.height, scale: scale)
      if case .success(let made) = decoded {
        let part = LoupeSourceCache.Part(
          path: request.path, x: made.x, y: made.y, scale: made.scale, bitmap: made.bitmap)
        cache.insert(part)
        return .success(part)
      }
      // CMYK and the like: decoded whole below.
    }
    let cap = (Double(maximumSourcePixels) / Double(max(1, photo.width * photo.height)))
      .squareRoot()
    let width = max(1, Int((Double(photo.width) * min(scale, cap)).rounded(.up)))
    let height = max(1, Int((Double(width) * Double(photo.height) / Double(photo.width)).rounded()))
    // Decoded in the file's orientation, then turned by the user's rotation.
    let target = PixelSize(width: width, height: height)
    let options = DecodeOptions(
      target: request.rotation % 2 == 0 ? target : target.transposed, mode: .fit,
      quality: .best, orientation: request.orientation, background: background)
    switch decoder.decode(path: request.path, options: options) {
    case .success(let decoded):
      let bitmap = decoded.turnedClockwise(request.rotation)
      let part = LoupeSourceCache.Part(
        path: request.path, x: 0, y: 0, scale: Double(bitmap.width) / Double(photo.width),
        bitmap: bitmap)
      cache.insert(part)
      return .success(part)
    case .failure(let error):
      return .failure(error)
    }
  }

  /// Decodes the tile around `region` into `cache` unless a part there reaches a pan step
  /// past it already, so that the next pan steps only crop. JPEG only (other formats are cached whole); run
  /// after the sharp picture is on screen, off the path of the key that asked for it.
  public static func prefetchTile(
    _ request: ImageRequest, region: ImageRegion, scale: Double, photo: PixelSize,
    cache: LoupeSourceCache
  ) {
    guard request.format == .jpeg, let stored = request.storedSize else { return }
    // Nothing to do while a part already covers a pan step (a tenth of the view) each way.
    let dx = region.width / 10
    let dy = region.height / 10
    let x0 = max(0, region.x - dx)
    let y0 = max(0, region.y - dy)
    let reach = ImageRegion(
      x: x0, y: y0, width: min(photo.width, region.x + region.width + dx) - x0,
      height: min(photo.height, region.y + region.height + dy) - y0)
    if cache.part(for: request.path, showing: reach, scale: scale) != nil { return }
    let tile = tile(around: region, photo: photo)
    let decoded = JPEGRegionDecoder.decode(
      path: request.path, stored: stored, orientation: request.displayOrientation, x: tile.x,
      y: tile.y, width: tile.width, height: tile.height, scale: scale)
    if case .success(let made) = decoded {
      cache.insert(
        LoupeSourceCache.Part(
          path: request.path, x: made.x, y: made.y, scale: made.scale, bitmap: made.bitmap))
    }
  }

  /// True for the fitted picture of the detail view's photo (not a neighbour decoded for
  /// paging, not a tile, not a zoomed region): the one whose first zoom step is decoded ahead.
  public static func wantsDecodeAhead(_ request: ImageRequest) -> Bool {
    request.key.fit == .fit && request.key.region == nil && request.key.outline == nil
      && request.priority == .visible && request.bestQuality && request.format == .jpeg
  }

  /// Gives `schedule` the decode-ahead of `request`'s first zoom step when it is the fitted
  /// picture on screen (`wantsDecodeAhead`); both ways a fitted picture reaches the screen
  /// (decoded now, or made earlier as a neighbour) call it.
  public static func scheduleDecodeAhead(
    _ request: ImageRequest, cache: LoupeSourceCache,
    on schedule: (@escaping @Sendable () -> Void) -> Void
  ) {
    guard wantsDecodeAhead(request) else { return }
    schedule { prefetchFirstZoom(request, cache: cache) }
  }

  /// Decodes, while the fitted photo of `request` is on screen, the whole photo at the
  /// scale its first zoom step needs, so that step only crops and encodes (and the next
  /// zoom step has a rough preview at hand). JPEG only, and only when that copy takes at
  /// most half the cache's budget; run off the key's path once the fitted picture is made.
  ///
  /// A baseline JPEG's entropy data is read in order, so the first step's region (most of
  /// the photo's height) costs nearly a whole decode anyway: done ahead, it is off the path
  /// of the key.
  public static func prefetchFirstZoom(_ request: ImageRequest, cache: LoupeSourceCache) {
    guard request.format == .jpeg, let stored = request.storedSize,
      let photo = displaySize(of: request),
      let (region, size) = AppState.firstZoomStep(image: photo, area: request.key.size)
    else { return }
    let scale = neededScale(for: region, at: size)
    let whole = whole(photo)
    if cache.part(for: request.path, showing: region, scale: scale) != nil { return }
    let eighths = Double(JPEGRegionDecoder.scaleNumerator(for: scale)) / 8
    let bytes = Double(photo.width * photo.height) * eighths * eighths * 4
    guard bytes <= Double(cache.budgetBytes / 2),
      cache.beginDecode(of: whole, for: request.path, scale: scale)
    else { return }
    let decoded = JPEGRegionDecoder.decode(
      path: request.path, stored: stored, orientation: request.displayOrientation, x: 0, y: 0,
      width: photo.width, height: photo.height, scale: scale)
    var part: LoupeSourceCache.Part?
    if case .success(let made) = decoded {
      part = LoupeSourceCache.Part(
        path: request.path, x: made.x, y: made.y, scale: made.scale, bitmap: made.bitmap)
    }
    cache.endDecode(of: whole, for: request.path, scale: scale, part: part)
  }

  /// The whole photo as a region.
  public static func whole(_ photo: PixelSize) -> ImageRegion {
    ImageRegion(x: 0, y: 0, width: photo.width, height: photo.height)
  }

  /// The tile decoded for `region`: one and a half times its size about the same centre,
  /// inside the photo, so the next pan steps (a tenth of the view each) reuse it, while a
  /// tile stays a small part of the loupe's memory budget.
  public static func tile(around region: ImageRegion, photo: PixelSize) -> ImageRegion {
    let width = min(photo.width, region.width * 3 / 2)
    let height = min(photo.height, region.height * 3 / 2)
    let x = min(max(0, region.x - (width - region.width) / 2), photo.width - width)
    let y = min(max(0, region.y - (height - region.height) / 2), photo.height - height)
    return ImageRegion(x: x, y: y, width: width, height: height)
  }

  /// `region` of the photo cut from `part` and scaled to `size`.
  public static func crop(_ part: LoupeSourceCache.Part, region: ImageRegion, size: PixelSize)
    -> Bitmap
  {
    let x = Int((Double(region.x - part.x) * part.scale).rounded(.down))
    let y = Int((Double(region.y - part.y) * part.scale).rounded(.down))
    let w = max(1, Int((Double(region.width) * part.scale).rounded()))
    let h = max(1, Int((Double(region.height) * part.scale).rounded()))
    return part.bitmap.resized(x: x, y: y, width: w, height: h, to: size)
  }

  /// The whole photo from `part` fitted to `size`, with `outline` framed: a light line with
  /// a dark line outside it, visible on any photo.
  public static func minimap(
    _ part: LoupeSourceCache.Part, outline: ImageRegion, photo: PixelSize, size: PixelSize
  ) -> Bitmap {
    var map = crop(part, region: whole(photo), size: size)
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
