import Pixels
import PhotoModel

/// A picture for iTerm2's inline images (OSC 1337 `File=`): a PNG sized in whole cells,
/// ready to write at a cell position; like sixel, it lives in the cells it covers.
public struct ITerm2Image: Sendable {
  /// The whole `OSC 1337 ; File=… : base64 BEL` sequence.
  public let bytes: [UInt8]
  /// The cells it covers (columns × rows).
  public let cellSize: PixelSize

  /// Encodes `bitmap` for cells of `cell` pixels. The terminal is told the size in cells with
  /// `preserveAspectRatio=0`, so the bitmap is first centred on a black canvas of whole cells
  /// (Lightbox fitted it already; stretching it to whole cells would distort it by up to a
  /// cell's height).
  public init(bitmap: Bitmap, cell: PixelSize) {
    cellSize = SixelImage.cells(covering: bitmap.size, cell: cell)
    let canvas = Self.centred(
      bitmap, width: cellSize.width * max(1, cell.width),
      height: cellSize.height * max(1, cell.height))
    let png = (try? PNGEncoder.encodeFast(canvas).get()) ?? []
    bytes = ControlSequence.iTerm2InlineImage(
      columns: cellSize.width, rows: cellSize.height, fileBytes: png.count,
      base64: Base64.encode(png))
  }

  /// `bitmap` in the middle of an opaque black canvas of `width` × `height` pixels.
  static func centred(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
    guard width != bitmap.width || height != bitmap.height else { return bitmap }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
    let left = (width - bitmap.width) / 2
    let top = (height - bitmap.height) / 2
    let rowBytes = bitmap.width * 4
    for y in 0..<min(bitmap.height, height - top) {
      let source = y * rowBytes
      let target = ((top + y) * width + left) * 4
      pixels.replaceSubrange(
        target..<(target + rowBytes), with: bitmap.pixels[source..<(source + rowBytes)])
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }
}
