import Pixels
import PhotoModel

/// Pictures as sixel images (xterm, foot, WezTerm, mlterm, …), sized by the terminal's cell
/// size in pixels and its number of colour registers.
public struct SixelDriver: GraphicsDriver {
  /// Colour registers the palette may use.
  public var colors: Int
  /// The terminal's cell in pixels.
  public var cell: PixelSize
  /// The encoder: by picture size (`auto`) unless forced.
  public var encoder: SixelEncoderChoice

  public init(colors: Int, cell: PixelSize, encoder: SixelEncoderChoice = .auto) {
    self.colors = colors
    self.cell = cell
    self.encoder = encoder
  }

  public var cellPixelSize: PixelSize { cell }

  public func encode(_ bitmap: Bitmap) -> Result<TerminalPicture, ImageError> {
    // libsixel needs ~0.5 s for a 200×60-cell detail photo; the detail view's budget is
    // 80 ms. Large pictures use our own encoder, on the whole-band rows without copying
    // them; tiles keep libsixel. Both were measured against chafa on the shared corpus
    // (Benchmarks/sixel `bench.py --corpus`).
    let encoded = encoder.encode(
      bitmap, colors: colors, cell: cell, rows: Self.bandRows(height: bitmap.height))
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

  public func placeInline(_ picture: TerminalPicture, into bytes: inout [UInt8]) {
    guard case .sixel(let image) = picture else { return }
    // xterm leaves the cursor on the picture's last text row (sixel scrolling on).
    bytes += image.bytes
    bytes += Array("\r\n".utf8)
  }

  /// The centred rows of a picture `height` high that make whole 6-pixel bands.
  ///
  /// xterm paints a sixel image's last band in full: a 133-pixel tile painted 138 pixels, 5
  /// into the row below, and when curses then wrote the selection frame in that row xterm
  /// dropped the whole picture. Trimming at most 5 rows keeps every picture inside its cells.
  static func bandRows(height: Int) -> Range<Int> {
    let extra = height % 6
    guard extra != 0, height > 6 else { return 0..<height }
    return (extra / 2)..<(height - extra + extra / 2)
  }
}
