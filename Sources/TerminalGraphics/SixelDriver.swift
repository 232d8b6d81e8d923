import Imaging
import PhotoModel

/// Pictures as sixel images (xterm, foot, WezTerm, mlterm, …), sized by the terminal's cell
/// size in pixels and its number of colour registers.
public struct SixelDriver: GraphicsDriver {
  /// Colour registers the palette may use.
  public var colors: Int
  /// The terminal's cell in pixels.
  public var cell: PixelSize

  public init(colors: Int, cell: PixelSize) {
    self.colors = colors
    self.cell = cell
  }

  public var cellPixelSize: PixelSize { cell }

  /// Pictures larger than this (a detail photo, not a tile) get the fast encoder.
  static let largePicturePixels = 150_000

  public func encode(_ bitmap: Bitmap) -> Result<TerminalPicture, ImageError> {
    // libsixel needs ~0.5 s for a 200×60-cell detail photo; the detail view's budget is
    // 80 ms. Large pictures use our own encoder (same PSNR on the corpus photos, ~20 %
    // more bytes), on the whole-band rows without copying them; tiles and `show` keep
    // libsixel (their PSNR is compared with chafa's).
    let encoded: Result<SixelImage, SixelEncoder.EncodeError>
    if bitmap.width * bitmap.height > Self.largePicturePixels {
      encoded = FastSixelEncoder.encode(
        bitmap, colors: colors, cell: cell, rows: Self.bandRows(height: bitmap.height))
    } else {
      encoded = SixelEncoder.encode(
        Self.trimmedToBands(bitmap), options: SixelEncoder.Options(colors: colors, cell: cell))
    }
    switch encoded {
    case .success(let image): return .success(.sixel(image))
    case .failure(let error): return .failure(ImageError(error.reason))
    }
  }

  public func place(_ picture: TerminalPicture, row: Int, column: Int, into bytes: inout [UInt8]) {
    guard case .sixel(let image) = picture else { return }
    // The image's top-left pixel goes where the cursor is; the picture never reaches the
    // last row, so terminals with sixel scrolling (xterm) never scroll the screen.
    bytes += ControlSequence.cursorPosition(row: row, column: column)
    bytes += image.bytes
  }

  /// `bitmap` with its height cut to a whole number of 6-pixel sixel bands (centred).
  ///
  /// xterm paints a sixel image's last band in full: a 133-pixel tile painted 138 pixels, 5
  /// into the row below, and when curses then wrote the selection frame in that row xterm
  /// dropped the whole picture. Trimming at most 5 rows keeps every picture inside its cells.
  static func trimmedToBands(_ bitmap: Bitmap) -> Bitmap {
    let rows = bandRows(height: bitmap.height)
    guard rows.count != bitmap.height else { return bitmap }
    return bitmap.cropped(x: 0, y: rows.lowerBound, width: bitmap.width, height: rows.count)
  }

  /// The centred rows of a picture `height` high that make whole 6-pixel bands.
  static func bandRows(height: Int) -> Range<Int> {
    let extra = height % 6
    guard extra != 0, height > 6 else { return 0..<height }
    return (extra / 2)..<(height - extra + extra / 2)
  }
}
