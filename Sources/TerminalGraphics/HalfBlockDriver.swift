import Pixels
import PhotoModel

/// Pictures as `▀` cells in 24-bit or 256 colours: two pixels per cell, every terminal.
public struct HalfBlockDriver: GraphicsDriver {
  /// The colours the terminal takes.
  public var depth: ColorDepth

  public init(depth: ColorDepth) { self.depth = depth }

  public var cellPixelSize: PixelSize { PixelSize(width: 1, height: 2) }

  public func encode(_ bitmap: Bitmap) -> Result<TerminalPicture, ImageError> {
    .success(.halfBlock(HalfBlockImage(bitmap: bitmap, depth: depth)))
  }

  public func placeInline(_ picture: TerminalPicture, into bytes: inout [UInt8]) {
    guard case .halfBlock(let image) = picture else { return }
    for encoded in image.encodedRows {
      bytes += encoded
      bytes.append(0x0A)
    }
  }

  public func place(_ picture: TerminalPicture, row: Int, column: Int, into bytes: inout [UInt8]) {
    guard case .halfBlock(let image) = picture else { return }
    for (i, encoded) in image.encodedRows.enumerated() {
      bytes += ControlSequence.cursorPosition(row: row + i, column: column)
      bytes += encoded
    }
  }
}
