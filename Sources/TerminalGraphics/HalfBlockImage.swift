import Pixels

/// A bitmap turned into terminal cells, two pixels per cell, with each row's escape
/// sequence prepared once so repainting a tile costs only a write.
public struct HalfBlockImage: Sendable, Equatable {
  public let columns: Int
  public let rows: Int
  public let cells: [HalfBlockCell]
  /// One byte string per cell row: SGR colour changes and `▀`s, ending with SGR 0.
  public let encodedRows: [[UInt8]]

  /// Rasterizes `bitmap` (each cell takes a column of two pixels; an odd last row repeats).
  public init(bitmap: Bitmap, depth: ColorDepth) {
    columns = bitmap.width
    rows = (bitmap.height + 1) / 2
    var cells: [HalfBlockCell] = []
    cells.reserveCapacity(columns * rows)
    for row in 0..<rows {
      let upper = row * 2
      let lower = min(upper + 1, bitmap.height - 1)
      for x in 0..<columns {
        cells.append(
          HalfBlockCell(top: bitmap.rgb(x: x, y: upper), bottom: bitmap.rgb(x: x, y: lower)))
      }
    }
    self.cells = cells
    var encoded: [[UInt8]] = []
    encoded.reserveCapacity(rows)
    for row in 0..<rows {
      encoded.append(
        HalfBlockImage.encode(cells[(row * columns)..<((row + 1) * columns)], depth: depth))
    }
    encodedRows = encoded
  }

  /// `▀` in UTF-8.
  static let upperHalfBlock: [UInt8] = [0xE2, 0x96, 0x80]

  /// The SGR + glyph bytes for one row of cells, emitting a colour only when it changes.
  static func encode(_ row: ArraySlice<HalfBlockCell>, depth: ColorDepth) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(row.count * 12 + 8)
    var lastTop: Int = -1
    var lastBottom: Int = -1
    for cell in row {
      switch depth {
      case .palette256:
        let top = Palette256.nearestIndex(cell.top)
        let bottom = Palette256.nearestIndex(cell.bottom)
        if top != lastTop { out.append(contentsOf: ControlSequence.foreground256(top)) }
        if bottom != lastBottom { out.append(contentsOf: ControlSequence.background256(bottom)) }
        lastTop = top
        lastBottom = bottom
      case .trueColor:
        let top = Int(cell.top.r) << 16 | Int(cell.top.g) << 8 | Int(cell.top.b)
        let bottom = Int(cell.bottom.r) << 16 | Int(cell.bottom.g) << 8 | Int(cell.bottom.b)
        if top != lastTop {
          out.append(contentsOf: ControlSequence.foreground(cell.top.r, cell.top.g, cell.top.b))
        }
        if bottom != lastBottom {
          out.append(
            contentsOf: ControlSequence.background(cell.bottom.r, cell.bottom.g, cell.bottom.b))
        }
        lastTop = top
        lastBottom = bottom
      }
      out.append(contentsOf: upperHalfBlock)
    }
    out.append(contentsOf: Array(ControlSequence.resetAttributes.utf8))
    return out
  }
}
