import PhotoModel
import TerminalGraphics

/// Sizes for `lightbox show`: how many pixels a picture gets for a width in columns,
/// keeping its aspect on the terminal's cell shape. Pure.
public enum ShowLayout {
  /// Widest `--width` accepted, in columns.
  public static let maxColumns = 2_000
  /// Tallest sixel picture drawn when the terminal does not say (pixels).
  public static let defaultMaxSixelHeight = 4_096
  /// Tallest half-block picture, in cell rows.
  public static let maxHalfBlockRows = 1_000

  /// The box a sixel picture is fitted into: the columns' pixels wide, and no larger
  /// than the terminal's maximum sixel geometry when it reported one.
  /// With `rows`, the picture also fits in that many cell rows.
  public static func sixelBox(columns: Int, rows: Int? = nil, cell: PixelSize, maxSixel: PixelSize?)
    -> PixelSize
  {
    let cols = min(max(1, columns), maxColumns)
    var width = cols * max(1, cell.width)
    var height = defaultMaxSixelHeight
    if let rows { height = min(height, min(max(1, rows), maxHalfBlockRows) * max(1, cell.height)) }
    if let limit = maxSixel, limit.width > 0, limit.height > 0 {
      width = min(width, limit.width)
      height = min(height, limit.height)
    }
    return PixelSize(width: width, height: height)
  }

  /// The box a half-block picture is decoded into (square pixels, before the cell-shape
  /// correction): one pixel per column, and as many rows as fit in `rows` cell rows once
  /// each pixel is drawn `cell.height / 2` high (`rows × cell.height / cell.width`).
  public static func halfBlockBox(columns: Int, rows: Int? = nil, cell: PixelSize) -> PixelSize {
    let maxRows = min(max(1, rows ?? maxHalfBlockRows), maxHalfBlockRows)
    let height = max(1, maxRows * max(2, cell.height) / max(1, cell.width))
    return PixelSize(width: min(max(1, columns), maxColumns), height: height)
  }

  /// The half-block pixel size for an upright bitmap of `size` (square pixels) so that it
  /// keeps its aspect when each pixel is drawn `cell.width` wide and `cell.height / 2`
  /// high. Heights are even-rounded so no half cell is wasted, and at least 1 row.
  public static func halfBlockPixels(for size: PixelSize, cell: PixelSize) -> PixelSize {
    guard size.width > 0, size.height > 0 else { return PixelSize(width: 1, height: 2) }
    let cw = max(1, cell.width)
    let ch = max(2, cell.height)
    // height' = height × cw / (ch / 2), rounded to nearest.
    let scaled = (size.height * cw * 2 + ch / 2) / ch
    let height = min(max(1, scaled), maxHalfBlockRows * 2)
    // (A bitmap fitted into `halfBlockBox` lands within its row limit: the box height is
    // rounded down, so the scaled height rounds to at most 2 × rows.)
    return PixelSize(width: size.width, height: height)
  }
}
