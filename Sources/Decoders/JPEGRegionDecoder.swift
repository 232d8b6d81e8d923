import Pixels
import CJPEGRegion
import Dispatch
import PhotoModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decodes only a part of a JPEG, at a reduced scale: the zoomed detail view's region.
///
/// libjpeg-turbo skips the rows above the part (Huffman decoding only), never reads the rows
/// below it, and leaves the columns outside it untransformed (`jpeg_crop_scanline`), while
/// its scaled IDCT gives the M/8 scales for nearly nothing. Memory is the part's pixels at
/// that scale, so a zoom into a 100 MP panorama costs what the view shows, not the photo.
public enum JPEGRegionDecoder {
  /// A part of a photo, upright: the bitmap's top-left pixel is the photo's displayed pixel
  /// (`x`, `y`), at `scale` bitmap pixels per photo pixel.
  public struct Part: Sendable {
    public var bitmap: Bitmap
    public var x: Int
    public var y: Int
    public var scale: Double
  }

  /// M of the smallest M/8 scale at or above `scale` (1…8): the scale `decode` decodes at.
  public static func scaleNumerator(for scale: Double) -> Int {
    min(8, max(1, Int((scale * 8 - 1e-9).rounded(.up))))
  }

  /// The part `x, y, width, height` (displayed pixels) of the JPEG at `path`, whose stored
  /// size is `stored` and EXIF orientation `orientation`, decoded at the smallest M/8 scale
  /// at or above `scale` (at most 8/8), with its ICC profile converted to sRGB.
  public static func decode(
    path: String, stored: PixelSize, orientation: Orientation, x: Int, y: Int, width: Int,
    height: Int, scale: Double
  ) -> Result<Part, ImageError> {
    let data: [UInt8]
    switch ImageFile.contents(atPath: path) {
    case .success(let bytes): data = bytes
    case .failure(let error): return .failure(error)
    }
    let numerator = scaleNumerator(for: scale)
    // The stored pixels the displayed part comes from (orientation is a rigid motion),
    // widened to multiples of 8 so that every M/8 scale maps them to whole pixels.
    let exact = storedBox(
      x: x, y: y, width: width, height: height, stored: stored, orientation: orientation)
    let left = exact.x / 8 * 8
    let top = exact.y / 8 * 8
    let right = min(stored.width, (exact.x + exact.width + 7) / 8 * 8)
    let bottom = min(stored.height, (exact.y + exact.height + 7) / 8 * 8)
    let box = (x: left, y: top, width: right - left, height: bottom - top)
    let sx = box.x * numerator / 8
    let sy = box.y * numerator / 8
    // libjpeg's scaled size is the ceiling, which matters at the photo's right and bottom.
    let sw = max(1, ((box.x + box.width) * numerator + 7) / 8 - sx)
    let sh = max(1, ((box.y + box.height) * numerator + 7) / 8 - sy)
    let strips = stripRows(top: sy, height: sh, width: sw)
    let results = StripResults(count: strips.count)
    defer { results.release() }
    data.withUnsafeBufferPointer { buffer in
      // Read-only for the strips' whole lifetime, which ends inside this closure.
      nonisolated(unsafe) let bytes = buffer
      DispatchQueue.concurrentPerform(iterations: strips.count) { i in
        results.decode(
          i, buffer: bytes, numerator: numerator, x: sx, y: strips[i].lowerBound, width: sw,
          height: strips[i].count)
      }
    }
    if let reason = results.failure {
      return .failure(ImageError(reason.isEmpty ? "JPEG region could not be decoded" : reason))
    }
    // Drop the columns libjpeg added to reach whole iMCUs, joining the strips.
    let first = results.info(0)
    let columns = min(sw, Int(first.width) - Int(first.x_skip))
    // A strip cut short (data that ends early) ends the part there, as one decode would.
    var used = 1
    while used < strips.count && Int(results.info(used - 1).height) == strips[used - 1].count {
      used += 1
    }
    let rows = (0..<used).reduce(0) { $0 + Int(results.info($1).height) }
    guard columns > 0, rows > 0 else { return .failure(ImageError("JPEG region is empty")) }
    // Not zero-filled first: every byte is copied in below.
    var out = [UInt8](unsafeUninitializedCapacity: columns * rows * 4) { _, count in
      count = columns * rows * 4
    }
    out.withUnsafeMutableBytes { dst in
      var row = 0
      for i in 0..<used {
        let info = results.info(i)
        let pixels = results.pixels(i)
        for r in 0..<Int(info.height) {
          let source = pixels + (r * Int(info.width) + Int(info.x_skip)) * 4
          (dst.baseAddress! + row * columns * 4).copyMemory(from: source, byteCount: columns * 4)
          row += 1
        }
      }
    }
    var bitmap = Bitmap(width: columns, height: rows, pixels: out)
    if let profile = ICCProfile.jpeg(data) { ColorConversion.toSRGB(&bitmap, from: profile) }
    bitmap = bitmap.applying(orientation)
    let origin = displayedBox(of: box, stored: stored, orientation: orientation)
    return .success(
      Part(bitmap: bitmap, x: origin.x, y: origin.y, scale: Double(numerator) / 8))
  }

  /// The upright rectangle that a rectangle of stored pixels becomes.
  static func displayedBox(
    of box: (x: Int, y: Int, width: Int, height: Int), stored: PixelSize,
    orientation: Orientation
  ) -> (x: Int, y: Int) {
    let w = stored.width
    let h = stored.height
    switch orientation {
    case .up: return (box.x, box.y)
    case .upMirrored: return (w - box.x - box.width, box.y)
    case .down: return (w - box.x - box.width, h - box.y - box.height)
    case .downMirrored: return (box.x, h - box.y - box.height)
    case .leftMirrored: return (box.y, box.x)
    case .right: return (h - box.y - box.height, box.x)
    case .rightMirrored: return (h - box.y - box.height, w - box.x - box.width)
    case .left: return (box.y, w - box.x - box.width)
    }
  }

  /// The rectangle of stored pixels that an upright rectangle of a photo comes from.
  static func storedBox(
    x: Int, y: Int, width: Int, height: Int, stored: PixelSize, orientation: Orientation
  ) -> (x: Int, y: Int, width: Int, height: Int) {
    let w = stored.width
    let h = stored.height
    // Where display pixel (dx, dy) comes from, as in `Bitmap.applying`.
    func source(_ dx: Int, _ dy: Int) -> (Int, Int) {
      switch orientation {
      case .up: return (dx, dy)
      case .upMirrored: return (w - 1 - dx, dy)
      case .down: return (w - 1 - dx, h - 1 - dy)
      case .downMirrored: return (dx, h - 1 - dy)
      case .leftMirrored: return (dy, dx)
      case .right: return (dy, h - 1 - dx)
      case .rightMirrored: return (w - 1 - dy, h - 1 - dx)
      case .left: return (w - 1 - dy, dx)
      }
    }
    let corners = [
      source(x, y), source(x + width - 1, y), source(x, y + height - 1),
      source(x + width - 1, y + height - 1),
    ]
    let minX = corners.map(\.0).min()!
    let minY = corners.map(\.1).min()!
    let maxX = corners.map(\.0).max()!
    let maxY = corners.map(\.1).max()!
    return (minX, minY, maxX - minX + 1, maxY - minY + 1)
  }
}
