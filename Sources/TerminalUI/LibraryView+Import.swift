import PhotoModel
import PhotoStore

extension LibraryView {
  /// The import view (I): the card's photos as a grid, marked ones framed heavy as in the
  /// library, those already in the library dimmed (no picture, "in library"), a title with the
  /// counts and a status line with the keys.
  static func renderImportView(_ state: AppState, into frame: inout Frame) {
    guard let picker = state.importing.picker, let offer = state.importing.offer else { return }
    let items = offer.items
    let new = items.filter(\.isNew).count
    let bytes = picker.marked.reduce(Int64(0)) { $0 + items[$1].bytes }
    frame.fill(CellRect(row: 0, column: 0, width: frame.size.columns, height: 1), role: .tabBar)
    let title = " Import from \(offer.name)"
    let used = frame.put(title, row: 0, column: 0, role: .tabActive)
    var right = "\(formatCount(picker.marked.count)) of \(formatCount(new)) new marked"
    right += " \(Glyphs.separator) \(ByteCountText.format(bytes))"
    if items.count > new {
      right += " \(Glyphs.separator) \(formatCount(items.count - new)) in library"
    }
    if TerminalText.width(of: right) + 2 < frame.size.columns - used {
      frame.putRight(right, row: 0, role: .tabBar)
    }

    let geometry = state.importGrid
    let first = picker.topRow * geometry.columns
    var tiles: [(index: Int, rect: CellRect)] = []
    for visibleRow in 0..<geometry.visibleRows {
      for column in 0..<geometry.columns {
        let index = first + visibleRow * geometry.columns + column
        guard index < items.count else { break }
        tiles.append((index, geometry.tileRect(visibleRow: visibleRow, column: column)))
      }
    }
    for (index, rect) in tiles {
      renderImportTile(state, item: items[index], index: index, rect: rect, into: &frame)
    }
    for (index, rect) in tiles {
      let framed = CellRect(
        row: rect.row, column: rect.column, width: rect.width, height: rect.height + 1)
      if picker.marked.contains(index) {
        renderSelectionFrame(around: framed, role: .marked, heavy: true, into: &frame)
      }
      if index == picker.selected { renderSelectionFrame(around: framed, into: &frame) }
    }
    for (index, rect) in tiles where picker.marked.contains(index) {
      frame.put(Glyphs.mark, row: rect.row - 1, column: rect.column, role: .marked)
    }

    // The view's keys under the title, where they always fit (the status line is the photo's).
    let after = picker.deleteAfter ? "on" : "off"
    frame.put(
      " v mark  V all or none  d delete from the card after: \(after)  Enter import  Esc close",
      row: 1, column: 0, role: picker.deleteAfter ? .statusError : .headerDim)
    let selected = items.indices.contains(picker.selected) ? items[picker.selected] : nil
    var text = ""
    if let selected {
      text = " " + (selected.asset.path.split(separator: "/").last.map(String.init) ?? "")
      text += " \(Glyphs.separator) \(selected.asset.captureDate.shortDateTime)"
      if selected.fileCount > 1 { text += " \(Glyphs.separator) \(selected.fileCount) files" }
      if !selected.isNew { text += " \(Glyphs.separator) in the library" }
    }
    renderStatus(text, state, hints: "", into: &frame)
  }

  /// One card photo: its picture when new and decoded, else a placeholder saying what it is;
  /// its name (or "in library", dimmed) under it.
  static func renderImportTile(
    _ state: AppState, item: ImportItem, index: Int, rect: CellRect, into frame: inout Frame
  ) {
    let key = state.importKey(forItem: index)
    let status = item.isNew ? key.flatMap { state.images[$0] } : nil
    switch status {
    case .ready?:
      frame.place(key!, in: rect)
    case .preview?:
      frame.place(key!, in: rect, revision: 0)
    case .failed?:
      frame.fill(rect, role: .tileFailed)
      frame.putCentered(Glyphs.failed, row: rect.row + rect.height / 2, in: rect, role: .tileFailed)
    default:
      frame.fill(rect, role: .tilePlaceholder)
      if rect.height >= 3 {
        frame.putCentered(
          item.isNew ? item.asset.format.label : "in library", row: rect.row + rect.height / 2,
          in: rect, role: .tilePlaceholder)
      }
    }
    let name = item.asset.path.split(separator: "/").last.map(String.init) ?? ""
    frame.putCentered(
      name, row: rect.row + rect.height, in: rect, role: item.isNew ? .header : .headerDim)
  }
}
