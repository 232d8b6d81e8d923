import Pixels
import PhotoModel

/// Pictures with iTerm2's inline images (iTerm2, WezTerm): a PNG in an OSC 1337 `File=`
/// sequence written at the picture's cell. Like sixel, the picture belongs to its cells, so
/// the backend's plan (erase what leaves, send again what was written over) applies as is.
public struct ITerm2Driver: GraphicsDriver {
  /// The terminal's cell in pixels.
  public var cell: PixelSize

  public init(cell: PixelSize) { self.cell = cell }

  public var cellPixelSize: PixelSize { cell }

  public func encode(_ bitmap: Bitmap) -> Result<TerminalPicture, ImageError> {
    guard bitmap.width > 0, bitmap.height > 0 else {
      return .failure(ImageError("cannot show an empty image (\(bitmap.width)×\(bitmap.height))"))
    }
    return .success(.iTerm2(ITerm2Image(bitmap: bitmap, cell: cell)))
  }

  public func placeInline(_ picture: TerminalPicture, into bytes: inout [UInt8]) {
    guard case .iTerm2(let image) = picture else { return }
    bytes += image.bytes
    bytes += Array("\r\n".utf8)
  }

  public func place(_ picture: TerminalPicture, row: Int, column: Int, into bytes: inout [UInt8]) {
    guard case .iTerm2(let image) = picture else { return }
    bytes += ControlSequence.cursorPosition(row: row, column: column)
    bytes += image.bytes
  }
}
