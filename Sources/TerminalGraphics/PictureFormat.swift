import Pixels
import PhotoModel

/// The graphics protocol chosen for a session, as a value (hashable, for caches and tests);
/// `driver` does the work.
public enum PictureFormat: Sendable, Hashable {
  /// Half-blocks in 24-bit or 256 colours (two pixels per cell).
  case halfBlock(ColorDepth)
  /// Sixel with a palette of `colors` registers, for cells of `cell` pixels, drawn by
  /// `encoder` (by picture size unless forced).
  case sixel(colors: Int, cell: PixelSize, encoder: SixelEncoderChoice = .auto)
  /// The kitty graphics protocol, for cells of `cell` pixels, pictures sent by `medium`.
  case kitty(cell: PixelSize, medium: KittyMedium = .stream)
  /// The kitty graphics protocol through tmux: Unicode placeholders.
  case kittyPlaceholders(cell: PixelSize)
  /// iTerm2's inline images, for cells of `cell` pixels.
  case iTerm2(cell: PixelSize)

  /// The driver for this protocol.
  public var driver: any GraphicsDriver {
    switch self {
    case .halfBlock(let depth): HalfBlockDriver(depth: depth)
    case .sixel(let colors, let cell, let encoder):
      SixelDriver(colors: colors, cell: cell, encoder: encoder)
    case .kitty(let cell, let medium): KittyDriver(cell: cell, medium: medium)
    case .kittyPlaceholders(let cell): KittyPlaceholderDriver(cell: cell)
    case .iTerm2(let cell): ITerm2Driver(cell: cell)
    }
  }

  /// True when a picture that moves (a scrolled grid) is sent again, pixels and all: sixel
  /// and iTerm2's inline images; kitty places it again by id, half-blocks are text.
  public var resendsMovedPictures: Bool {
    switch self {
    case .sixel, .iTerm2: true
    case .halfBlock, .kitty, .kittyPlaceholders: false
    }
  }

  /// How many image pixels one cell shows.
  public var cellPixelSize: PixelSize { driver.cellPixelSize }

  /// The picture of `bitmap` in this format, or the encoder's one-line reason.
  public func picture(of bitmap: Bitmap) -> Result<TerminalPicture, ImageError> {
    driver.encode(bitmap)
  }
}
