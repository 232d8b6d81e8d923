/// A picture ready to be written to a terminal.
public enum TerminalPicture: Sendable {
  case halfBlock(HalfBlockImage)
  case sixel(SixelImage)
  case kitty(KittyImage)
  case iTerm2(ITerm2Image)

  /// Size in cells.
  public var columns: Int {
    switch self {
    case .halfBlock(let image): return image.columns
    case .sixel(let image): return image.cellSize.width
    case .kitty(let image): return image.cellSize.width
    case .iTerm2(let image): return image.cellSize.width
    }
  }

  /// Size in cells.
  public var rows: Int {
    switch self {
    case .halfBlock(let image): return image.rows
    case .sixel(let image): return image.cellSize.height
    case .kitty(let image): return image.cellSize.height
    case .iTerm2(let image): return image.cellSize.height
    }
  }
}
