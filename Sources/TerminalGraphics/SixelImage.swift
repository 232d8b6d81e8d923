import PhotoModel

/// An encoded sixel picture, ready to write at a cell position: cache it per (asset,
/// cell size) so repainting a tile costs only the write.
public struct SixelImage: Sendable, Hashable {
  /// The whole DCS … ST sequence.
  public let bytes: [UInt8]
  /// The picture's size in pixels.
  public let pixelSize: PixelSize
  /// The cells it covers (columns × rows), rounded up, for the cell size it was made for.
  public let cellSize: PixelSize
  /// Colour registers the image defines.
  public let colors: Int

  public init(bytes: [UInt8], pixelSize: PixelSize, cellSize: PixelSize, colors: Int) {
    self.bytes = bytes
    self.pixelSize = pixelSize
    self.cellSize = cellSize
    self.colors = colors
  }

  /// The cells a picture of `pixels` covers with cells of `cell` pixels (rounded up).
  public static func cells(covering pixels: PixelSize, cell: PixelSize) -> PixelSize {
    let w = max(1, cell.width)
    let h = max(1, cell.height)
    return PixelSize(width: (pixels.width + w - 1) / w, height: (pixels.height + h - 1) / h)
  }
}
