import TerminalGraphics

/// A picture ready to be written to a terminal.
public enum TerminalPicture: Sendable {
  case halfBlock(HalfBlockImage)

  /// Size in cells.
  public var columns: Int {
    switch self {
    case .halfBlock(let image): return image.columns
    }
  }

  /// Size in cells.
  public var rows: Int {
    switch self {
    case .halfBlock(let image): return image.rows
    }
  }
}
