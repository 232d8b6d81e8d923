#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Pixels
import PhotoModel

/// Pictures with the kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole): each picture
/// is transmitted once with an image id and placed by id wherever it shows, so scrolling the
/// grid re-places tiles instead of sending their pixels again.
///
/// Text never erases a kitty picture, so a picture that leaves is deleted by its placement
/// (in `erase`, for the placements anchored in the erased cells). The terminal's images are
/// tracked in a `KittyLedger`; past its byte budget the least recently placed ones are freed.
public struct KittyDriver: GraphicsDriver {
  /// The terminal's cell in pixels.
  public var cell: PixelSize
  /// What the terminal holds now.
  public private(set) var ledger: KittyLedger
  /// How pictures reach the terminal.
  public var medium: KittyMedium
  /// Temporary files written for the terminal to read (it deletes each after reading); any
  /// still there when the session ends are removed then.
  private var files: [String] = []

  /// Pixel bytes kept in the terminal by default: about 1,100 tiles of 140×133 px.
  public static let defaultBudgetBytes = 64 << 20

  public init(
    cell: PixelSize, medium: KittyMedium = .stream, budgetBytes: Int = defaultBudgetBytes
  ) {
    self.cell = cell
    self.medium = medium
    ledger = KittyLedger(budgetBytes: budgetBytes)
  }

  public var cellPixelSize: PixelSize { cell }

  public func encode(_ bitmap: Bitmap) -> Result<TerminalPicture, ImageError> {
    .success(.kitty(KittyImage(bitmap: bitmap, cell: cell, medium: medium)))
  }

  public mutating func place(
    _ picture: TerminalPicture, row: Int, column: Int, into bytes: inout [UInt8]
  ) {
    place(picture, row: row, column: column, layer: 0, into: &bytes)
  }

  /// Places with `z=layer`: kitty draws overlapping images of one z-index by image id, so
  /// a photo whose sharper picture arrived after the minimap would cover it.
  public mutating func place(
    _ picture: TerminalPicture, row: Int, column: Int, layer: Int, into bytes: inout [UInt8]
  ) {
    guard case .kitty(let image) = picture else { return }
    if !ledger.holds(image.id) {
      var file: String?
      bytes += image.transmissionBytes(file: &file)
      if let file { files.append(file) }
    }
    ledger.use(image.id, bytes: image.storedBytes)
    let anchor = KittyLedger.Anchor(row: row, column: column)
    if let replaced = ledger.place(image.id, at: anchor) {
      bytes += ControlSequence.kittyDeletePlacement(id: replaced, placement: anchor.placementID)
    }
    for id in ledger.evict(keeping: image.id) { bytes += ControlSequence.kittyFreeImage(id: id) }
    bytes += ControlSequence.cursorPosition(row: row, column: column)
    bytes += ControlSequence.kittyPlace(id: image.id, placement: anchor.placementID, z: layer)
  }

  /// Transmits the picture and places it at the cursor, which moves below it (`a=p` without
  /// `C=1`); the image stays in the terminal after the session, like `kitty +kitten icat`'s.
  public mutating func placeInline(_ picture: TerminalPicture, into bytes: inout [UInt8]) {
    guard case .kitty(let image) = picture else { return }
    var file: String?
    bytes += image.transmissionBytes(file: &file)
    bytes += ControlSequence.kittyPlaceInline(id: image.id)
    bytes += Array("\r\n".utf8)
  }

  /// Erases the cells (ECH, for their colours) and deletes the placements anchored in them.
  public mutating func erase(row: Int, column: Int, width: Int, into bytes: inout [UInt8]) {
    bytes += ControlSequence.cursorPosition(row: row, column: column)
    bytes += ControlSequence.eraseCharacters(width)
    for (anchor, id) in ledger.removePlacements(row: row, columns: column..<(column + width)) {
      bytes += ControlSequence.kittyDeletePlacement(id: id, placement: anchor.placementID)
    }
  }

  /// The screen is cleared and painted again (start, resize, back from Ctrl-Z): every image
  /// is freed and sent again, since what the terminal kept across a clear is not certain.
  public mutating func screenCleared(into bytes: inout [UInt8]) {
    bytes += ControlSequence.kittyFreeAll
    ledger.removeAll()
  }

  /// Frees every image: the terminal is left as it was, and no file of ours stays behind.
  public mutating func finish(into bytes: inout [UInt8]) {
    bytes += ControlSequence.kittyFreeAll
    ledger.removeAll()
    for file in files { unlink(file) }
    files = []
  }
}
