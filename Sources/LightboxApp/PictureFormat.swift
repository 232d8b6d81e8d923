import Imaging
import PhotoModel
import TerminalGraphics
import TerminalUI

/// How the runner turns bitmaps into terminal pictures.
public enum PictureFormat: Sendable, Hashable {
  /// Half-blocks in 24-bit or 256 colours (two pixels per cell).
  case halfBlock(ColorDepth)
  /// Sixel with a palette of `colors` registers, for cells of `cell` pixels.
  case sixel(colors: Int, cell: PixelSize)

  /// How many image pixels one cell shows.
  public var cellPixelSize: PixelSize {
    switch self {
    case .halfBlock: return PixelSize(width: 1, height: 2)
    case .sixel(_, let cell): return cell
    }
  }

  /// Pictures larger than this (a detail photo, not a tile) get the fast encoder.
  static let largePicturePixels = 150_000

  /// `bitmap` with its height cut to a whole number of 6-pixel sixel bands (centred).
  ///
  /// xterm paints a sixel image's last band in full: a 133-pixel tile painted 138 pixels, 5
  /// into the row below, and when curses then wrote the selection frame in that row xterm
  /// dropped the whole picture. Trimming at most 5 rows keeps every picture inside its cells.
  static func trimmedToSixelBands(_ bitmap: Bitmap) -> Bitmap {
    let rows = sixelBandRows(height: bitmap.height)
    guard rows.count != bitmap.height else { return bitmap }
    return bitmap.cropped(x: 0, y: rows.lowerBound, width: bitmap.width, height: rows.count)
  }

  /// The centred rows of a picture `height` high that make whole 6-pixel bands.
  static func sixelBandRows(height: Int) -> Range<Int> {
    let extra = height % 6
    guard extra != 0, height > 6 else { return 0..<height }
    return (extra / 2)..<(height - extra + extra / 2)
  }

  /// The picture of `bitmap` in this format, or the encoder's one-line reason.
  func picture(of bitmap: Bitmap) -> Result<TerminalPicture, ImageError> {
    switch self {
    case .halfBlock(let depth):
      return .success(.halfBlock(HalfBlockImage(bitmap: bitmap, depth: depth)))
    case .sixel(let colors, let cell):
      // libsixel needs ~0.5 s for a 200×60-cell detail photo; the detail view's budget is
      // 80 ms. Large pictures use our own encoder (same PSNR on the corpus photos, ~20 %
      // more bytes), on the whole-band rows without copying them; tiles and `show` keep
      // libsixel (their PSNR is compared with chafa's).
      let encoded: Result<SixelImage, SixelEncoder.EncodeError>
      if bitmap.width * bitmap.height > Self.largePicturePixels {
        encoded = FastSixelEncoder.encode(
          bitmap, colors: colors, cell: cell, rows: Self.sixelBandRows(height: bitmap.height))
      } else {
        encoded = SixelEncoder.encode(
          Self.trimmedToSixelBands(bitmap), options: SixelEncoder.Options(colors: colors, cell: cell))
      }
      switch encoded {
      case .success(let image): return .success(.sixel(image))
      case .failure(let error): return .failure(ImageError(error.reason))
      }
    }
  }
}
