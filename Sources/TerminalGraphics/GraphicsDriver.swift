import Pixels
import PhotoModel

/// How pictures reach one kind of terminal: one driver per graphics protocol (half-blocks,
/// sixel, kitty).
///
/// A driver knows how many image pixels a cell shows, turns a bitmap into a picture for its
/// terminal, writes the bytes that place a picture at its cells, and erases the cells of a
/// picture that leaves. The backend decides *when* (its repaint plan); the driver says *how*.
/// Placing and erasing are `mutating`: a driver may remember what the terminal holds (kitty
/// keeps transmitted images by id), so the backend keeps one driver per session.
public protocol GraphicsDriver: Sendable {
  /// Image pixels one cell shows.
  var cellPixelSize: PixelSize { get }

  /// The picture of `bitmap` for this terminal, or the encoder's one-line reason.
  func encode(_ bitmap: Bitmap) -> Result<TerminalPicture, ImageError>

  /// Appends the bytes that draw `picture` with its top-left cell at `row`, `column`.
  mutating func place(_ picture: TerminalPicture, row: Int, column: Int, into bytes: inout [UInt8])

  /// The same, for a picture `layer` pictures above the frame's first (its place in the
  /// frame's list): where pictures overlap (the loupe's minimap over the photo) the higher
  /// layer is on top. Drivers whose terminals draw the last picture written on top need not
  /// implement it (sixel, iTerm2, half-blocks); kitty orders by z-index, then by image id.
  mutating func place(
    _ picture: TerminalPicture, row: Int, column: Int, layer: Int, into bytes: inout [UInt8])

  /// Appends the bytes that draw `picture` at the cursor as output would (`lightbox show`):
  /// its top-left cell where the cursor is, the cursor left at the start of the line below
  /// it, the picture staying in the scrollback like text.
  mutating func placeInline(_ picture: TerminalPicture, into bytes: inout [UInt8])

  /// Appends the bytes that clear `width` cells from `row`, `column` of a picture that
  /// leaves, in the current colours (the caller sets the picture role's colours first).
  mutating func erase(row: Int, column: Int, width: Int, into bytes: inout [UInt8])

  /// Appends what must go before the screen is cleared and painted again in full.
  mutating func screenCleared(into bytes: inout [UInt8])

  /// Appends what leaves the terminal clean when the session ends.
  mutating func finish(into bytes: inout [UInt8])
}

extension GraphicsDriver {
  /// Erasing with ECH: the cells take the current colours and xterm drops the sixel image
  /// it would otherwise paint again over text written on those cells.
  public func erase(row: Int, column: Int, width: Int, into bytes: inout [UInt8]) {
    bytes += ControlSequence.cursorPosition(row: row, column: column)
    bytes += ControlSequence.eraseCharacters(width)
  }

  /// Nothing: clearing the screen clears sixel and half-block pictures with it.
  public func screenCleared(into bytes: inout [UInt8]) {}

  /// Nothing: these pictures live in the screen's cells, which the terminal gives back.
  public func finish(into bytes: inout [UInt8]) {}
}

extension GraphicsDriver {
  public mutating func place(
    _ picture: TerminalPicture, row: Int, column: Int, layer: Int, into bytes: inout [UInt8]
  ) {
    place(picture, row: row, column: column, into: &bytes)
  }
}
