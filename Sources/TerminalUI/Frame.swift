import PhotoStore

/// A whole screen composed in memory: the text cells and the pictures placed over them.
/// Backends diff two frames and write only what changed.
public struct Frame: Hashable, Sendable {
  public let size: TerminalSize
  public private(set) var cells: [Cell]
  public private(set) var images: [ImagePlacement]

  public init(size: TerminalSize, role: StyleRole = .normal) {
    self.size = size
    self.cells = Array(repeating: Cell(" ", role: role), count: size.columns * size.rows)
    self.images = []
  }

  public subscript(row: Int, column: Int) -> Cell {
    cells[row * size.columns + column]
  }

  /// Fills a rectangle (clipped to the frame) with one character and role.
  public mutating func fill(_ rect: CellRect, role: StyleRole, with text: String = " ") {
    let rows = max(0, rect.row)..<min(size.rows, rect.row + rect.height)
    let columns = max(0, rect.column)..<min(size.columns, rect.column + rect.width)
    for r in rows {
      for c in columns { cells[r * size.columns + c] = Cell(text, role: role) }
    }
  }

  /// Writes `text` from (row, column), sanitized and cut to `maxWidth` columns (to the edge
  /// of the frame by default). Returns the number of columns written.
  @discardableResult
  public mutating func put(
    _ text: String, row: Int, column: Int, role: StyleRole, maxWidth: Int? = nil
  ) -> Int {
    guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return 0 }
    let limit = min(maxWidth ?? Int.max, size.columns - column)
    let safe = TerminalText.truncate(TerminalText.sanitize(text), toWidth: limit)
    var c = column
    for ch in safe {
      let w = TerminalText.width(of: ch)
      if w == 0 {
        // A stray combining mark joins the previous cell's grapheme.
        if c > column { cells[row * size.columns + c - 1].text.append(ch) }
        continue
      }
      guard c + w <= column + limit else { break }
      cells[row * size.columns + c] = Cell(String(ch), role: role)
      if w == 2 { cells[row * size.columns + c + 1] = Cell("", role: role) }
      c += w
    }
    return c - column
  }

  /// Writes `text` so that it ends at the right edge of the frame (minus `margin`).
  @discardableResult
  public mutating func putRight(_ text: String, row: Int, role: StyleRole, margin: Int = 1) -> Int {
    let safe = TerminalText.sanitize(text)
    let w = min(TerminalText.width(of: safe), max(0, size.columns - margin))
    return put(safe, row: row, column: max(0, size.columns - margin - w), role: role, maxWidth: w)
  }

  /// Writes `text` centred in a row of a rectangle.
  public mutating func putCentered(_ text: String, row: Int, in rect: CellRect, role: StyleRole) {
    let safe = TerminalText.truncate(TerminalText.sanitize(text), toWidth: rect.width)
    let w = TerminalText.width(of: safe)
    put(
      safe, row: row, column: rect.column + max(0, (rect.width - w) / 2), role: role,
      maxWidth: rect.width)
  }

  /// Reserves `rect` for a picture.
  public mutating func place(_ key: ImageKey, in rect: CellRect, revision: Int = 1) {
    let clipped = CellRect(
      row: rect.row, column: rect.column, width: min(rect.width, size.columns - rect.column),
      height: min(rect.height, size.rows - rect.row))
    guard !clipped.isEmpty else { return }
    fill(clipped, role: .image)
    images.append(ImagePlacement(key: key, rect: clipped, revision: revision))
  }

  /// Takes away the pictures that overlap `rect` (a panel drawn over them), leaving their
  /// cells as placeholders, so no picture shows through a dialog.
  public mutating func removeImages(intersecting rect: CellRect) {
    let covered = images.filter { $0.rect.intersects(rect) }
    guard !covered.isEmpty else { return }
    images.removeAll { $0.rect.intersects(rect) }
    for placement in covered { fill(placement.rect, role: .tilePlaceholder) }
  }

  /// The frame as text for golden files: the characters, then one role letter per cell,
  /// then the image placements.
  public var snapshotText: String {
    var lines: [String] = ["size \(size)", "-- text"]
    for r in 0..<size.rows {
      var line = ""
      for c in 0..<size.columns { line += cells[r * size.columns + c].text }
      lines.append(line)
    }
    lines.append("-- roles")
    for r in 0..<size.rows {
      lines.append(String((0..<size.columns).map { cells[r * size.columns + $0].role.letter }))
    }
    lines.append("-- images")
    for placement in images {
      lines.append(
        "\(placement.key) in \(placement.rect)" + (placement.revision == 0 ? " (preview)" : ""))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
