import Pixels
import PhotoModel
import Synchronization

/// Pictures with the kitty graphics protocol from inside tmux: each image goes through tmux's
/// passthrough once, with a virtual placement, and shows wherever its Unicode placeholders
/// (`KittyPlaceholder`) are written as text.
///
/// tmux keeps the placeholders as ordinary cells, so it draws them again itself (switching
/// windows, detaching and attaching) and the terminal outside puts the image back; the
/// passthrough carries only the image commands. Needs the terminal outside to know
/// placeholders (kitty ≥ 0.28, Ghostty) and `allow-passthrough` on; `TerminalCapabilities`
/// decides. A picture that leaves is erased like text (ECH); already transmitted images are
/// placed again as text alone, and past the byte budget the least recently placed ones are
/// freed, as in `KittyDriver`.
public struct KittyPlaceholderDriver: GraphicsDriver {
  /// The terminal's cell in pixels (as tmux reports it, or the probe's estimate): the
  /// terminal fits the image into its cells either way.
  public var cell: PixelSize
  /// What the terminal holds now.
  public private(set) var ledger: KittyLedger

  /// Placeholder ids handed out so far (`KittyPlaceholder.id(number:)`). The terminal's ids
  /// are shared by every tmux pane in its window: starting at a random number keeps two
  /// Lightbox sessions in two panes from taking each other's ids (most of the time; there are
  /// 65,280).
  private static let lastNumber = Atomic<UInt32>(UInt32.random(in: 0..<(255 * 256)))

  public init(cell: PixelSize, budgetBytes: Int = KittyDriver.defaultBudgetBytes) {
    self.cell = cell
    ledger = KittyLedger(budgetBytes: budgetBytes)
  }

  public var cellPixelSize: PixelSize { cell }

  /// A picture with an id a placeholder's colour can say (`KittyPlaceholder.isWritable`).
  public func encode(_ bitmap: Bitmap) -> Result<TerminalPicture, ImageError> {
    var id: UInt32
    repeat {
      id = KittyPlaceholder.id(number: Self.lastNumber.add(1, ordering: .relaxed).oldValue)
    } while id == UInt32(ControlSequence.kittyQueryID)
    return .success(.kitty(KittyImage(bitmap: bitmap, cell: cell, id: id)))
  }

  public mutating func place(
    _ picture: TerminalPicture, row: Int, column: Int, into bytes: inout [UInt8]
  ) {
    guard case .kitty(let image) = picture, KittyPlaceholder.isWritable(image.id) else { return }
    let columns = image.cellSize.width
    let rows = image.cellSize.height
    guard columns <= KittyPlaceholder.maximumCells, rows <= KittyPlaceholder.maximumCells else {
      return
    }
    if !ledger.holds(image.id) {
      for command in Self.commands(in: image.transmission) {
        bytes += ControlSequence.tmuxPassthrough(command)
      }
      bytes += ControlSequence.tmuxPassthrough(
        ControlSequence.kittyVirtualPlacement(id: image.id, columns: columns, rows: rows))
    }
    ledger.use(image.id, bytes: image.storedBytes)
    // Overwriting the cells replaces whatever picture was there: nothing to delete.
    _ = ledger.place(image.id, at: KittyLedger.Anchor(row: row, column: column))
    for id in ledger.evict(keeping: image.id) {
      bytes += ControlSequence.tmuxPassthrough(ControlSequence.kittyFreeImage(id: id))
    }
    for line in 0..<rows {
      bytes += ControlSequence.cursorPosition(row: row + line, column: column)
      bytes += KittyPlaceholder.row(line, columns: columns, id: image.id)
    }
    bytes += Array(ControlSequence.resetAttributes.utf8)
  }

  /// Erases the cells (ECH): the placeholders go, and with them the picture.
  public mutating func erase(row: Int, column: Int, width: Int, into bytes: inout [UInt8]) {
    bytes += ControlSequence.cursorPosition(row: row, column: column)
    bytes += ControlSequence.eraseCharacters(width)
    _ = ledger.removePlacements(row: row, columns: column..<(column + width))
  }

  /// Frees every image this session sent: they are sent again with the repainted screen.
  public mutating func screenCleared(into bytes: inout [UInt8]) {
    freeAll(into: &bytes)
  }

  /// Frees every image this session sent: the terminal is left as it was.
  public mutating func finish(into bytes: inout [UInt8]) {
    freeAll(into: &bytes)
  }

  /// One free per image rather than "delete all" (`d=A`): other panes' images stay.
  private mutating func freeAll(into bytes: inout [UInt8]) {
    for id in ledger.transmittedIDs.sorted() {
      bytes += ControlSequence.tmuxPassthrough(ControlSequence.kittyFreeImage(id: id))
    }
    ledger.removeAll()
  }

  /// Shows the picture inline through tmux (`lightbox show`): the image and its virtual
  /// placement through the passthrough, then a line of placeholders per row of cells, so the
  /// picture scrolls with the text like any output. The image stays in the terminal.
  public func placeInline(_ picture: TerminalPicture, into bytes: inout [UInt8]) {
    guard case .kitty(let image) = picture, KittyPlaceholder.isWritable(image.id) else { return }
    for command in Self.commands(in: image.transmission) {
      bytes += ControlSequence.tmuxPassthrough(command)
    }
    let columns = min(image.cellSize.width, KittyPlaceholder.maximumCells)
    let rows = min(image.cellSize.height, KittyPlaceholder.maximumCells)
    bytes += ControlSequence.tmuxPassthrough(
      ControlSequence.kittyVirtualPlacement(id: image.id, columns: columns, rows: rows))
    for row in 0..<rows {
      bytes += KittyPlaceholder.row(row, columns: columns, id: image.id)
      bytes += Array((ControlSequence.resetAttributes + "\r\n").utf8)
    }
  }

  /// The escape sequences of a transmission, one by one (each `ESC _ G … ESC \`): tmux
  /// passes one sequence per passthrough.
  static func commands(in transmission: [UInt8]) -> [ArraySlice<UInt8>] {
    var commands: [ArraySlice<UInt8>] = []
    var start = 0
    var index = 0
    while index + 1 < transmission.count {
      if transmission[index] == 0x1B, transmission[index + 1] == UInt8(ascii: "\\") {
        commands.append(transmission[start..<(index + 2)])
        start = index + 2
        index += 2
      } else {
        index += 1
      }
    }
    if start < transmission.count { commands.append(transmission[start...]) }
    return commands
  }
}
