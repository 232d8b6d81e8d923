import PhotoModel
import PhotoStore

extension LibraryView {
  /// The Duplicates or Bursts album: a group to a row of tiles, under each tile its pixel
  /// size (and "» keep" on the keeper), date, folder and file size.
  static func renderGroups(_ state: AppState, ref: AlbumRef, into frame: inout Frame) {
    frame.fill(CellRect(row: 1, column: 0, width: frame.size.columns, height: 1), role: .header)
    let used = frame.put(" ‹ " + state.title(of: ref), row: 1, column: 0, role: .header)
    let layout = state.duplicates.layout
    var context = "  \(AppState.photoCount(state.assets.count))"
    if layout.groupCount > 0 {
      let noun = ref == .bursts ? "burst" : "group"
      context += " in \(formatCount(layout.groupCount)) \(noun)\(layout.groupCount == 1 ? "" : "s")"
      if let group = layout.group(ofIndex: state.selectedIndex) {
        context += " · \(noun) \(formatCount(group + 1)): " + groupKind(state, ref, group)
      }
    }
    frame.put(context, row: 1, column: used, role: .headerDim)
    let geometry = state.grid
    if state.assets.isEmpty {
      let area = geometry.area
      let middle = area.row + area.height / 2
      let title =
        state.duplicates.hashing != nil
        ? "Looking for duplicates…" : "No \(ref == .bursts ? "bursts" : "duplicates") found"
      frame.putCentered(title, row: middle - 1, in: area, role: .emptyTitle)
      frame.putCentered(emptyHint(for: ref, state), row: middle + 1, in: area, role: .emptyHint)
      renderStatusLine(state, hints: "Esc back  ? help", into: &frame)
      return
    }
    var tiles: [(index: Int, rect: CellRect)] = []
    let rows = layout.rows
    for visibleRow in 0..<geometry.visibleRows {
      let r = state.gridTopRow + visibleRow
      guard rows.indices.contains(r) else { break }
      for column in 0..<rows[r].count {
        tiles.append(
          (rows[r].first + column, geometry.tileRect(visibleRow: visibleRow, column: column)))
      }
    }
    for (index, rect) in tiles {
      renderTile(state, index: index, rect: rect, into: &frame)
      renderGroupLabel(state, ref: ref, index: index, rect: rect, into: &frame)
    }
    for (index, rect) in tiles {
      renderFrames(state, index: index, rect: rect, labelRows: geometry.labelRows, into: &frame)
    }
    for (index, rect) in tiles {
      renderBadges(state, index: index, rect: rect, labelRows: geometry.labelRows, into: &frame)
    }
    renderStatusLine(
      state, hints: ref == .duplicates ? "K keep  J merge  Esc back" : "Enter open  Esc back",
      into: &frame)
  }

  /// "exact copies · 3 photos", "similar · 2 photos", "5 frames".
  static func groupKind(_ state: AppState, _ ref: AlbumRef, _ group: Int) -> String {
    let count = state.duplicates.layout.members(ofGroup: group).count
    if ref == .bursts { return "\(count) frames" }
    // The kind as found: the group that holds the group's first photo.
    let first = state.assets[state.duplicates.layout.members(ofGroup: group).lowerBound].id
    let kind = state.duplicates.groups.first { $0.members.contains(first) }?.kind
    return (kind == .exact ? "exact copies" : "similar") + " · \(AppState.photoCount(count))"
  }

  /// The four rows under a tile of a group.
  static func renderGroupLabel(
    _ state: AppState, ref: AlbumRef, index: Int, rect: CellRect, into frame: inout Frame
  ) {
    let asset = state.assets[index]
    let isKeeper =
      ref == .duplicates
      && state.duplicates.layout.group(ofIndex: index).map {
        state.duplicates.layout.members(ofGroup: $0).lowerBound == index
      } == true
    let size = asset.displayPixelSize?.description ?? "size unknown"
    var row = rect.row + rect.height
    if isKeeper {
      let used = frame.put(Glyphs.keeper + " keep ", row: row, column: rect.column, role: .favorite)
      frame.put(
        size, row: row, column: rect.column + used, role: .header,
        maxWidth: max(0, rect.width - used))
    } else {
      frame.put(size, row: row, column: rect.column, role: .headerDim, maxWidth: rect.width)
    }
    row += 1
    frame.put(
      asset.captureDate.shortDateTime, row: row, column: rect.column, role: .headerDim,
      maxWidth: rect.width)
    row += 1
    frame.put(
      folderName(of: asset.path), row: row, column: rect.column, role: .headerDim,
      maxWidth: rect.width)
    row += 1
    frame.put(
      ByteCountText.format(asset.byteSize) + " · " + asset.formatLabel, row: row,
      column: rect.column, role: .headerDim, maxWidth: rect.width)
  }

  /// The name of the folder that holds `path` ("/" for the root).
  static func folderName(of path: String) -> String {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    return parts.count >= 2 ? String(parts[parts.count - 2]) + "/" : "/"
  }
}
