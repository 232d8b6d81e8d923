import PhotoModel

extension AppState {
  /// True while the Duplicates or Bursts album is open: its photos are laid out a group to
  /// a row, with their facts under each tile.
  public var isReviewingGroups: Bool {
    context == .album(.duplicates) || context == .album(.bursts)
  }

  /// Rows of facts under each tile of the Duplicates and Bursts albums (size and keeper,
  /// date, folder, file size).
  public static let groupLabelRows = 4

  /// The tiles of the Duplicates and Bursts albums: as wide as a month card, so that the
  /// facts under them ("» keep 4032×3024", "13 Aug 2024 10:22") fit whole.
  public static let groupTile = TileSize(columns: 20, rows: 8)

  /// The groups the album `ref` lists (none for another album).
  func photoGroups(of ref: AlbumRef) -> [PhotoGroup] {
    switch ref {
    case .duplicates: return duplicates.groups
    case .bursts: return duplicates.bursts
    default: return []
    }
  }

  /// The photos of the Duplicates or Bursts album, one group after another (a picked
  /// keeper first), and each group's size. Photos no longer in the library (hidden,
  /// deleted, gone) are left out, and a group left with one photo is no group.
  func groupMembers(of ref: AlbumRef) -> (assets: [Asset], sizes: [Int]) {
    let groups = photoGroups(of: ref)
    guard !groups.isEmpty else { return ([], []) }
    let found = assetsByID(groups.lazy.flatMap(\.members))
    var assets: [Asset] = []
    var sizes: [Int] = []
    for group in groups {
      var members = group.members.compactMap { found[$0] }
      guard members.count > 1 else { continue }
      if group.kind != .burst,
        let chosen = members.firstIndex(where: { duplicates.chosenKeepers.contains($0.id) }),
        chosen > 0
      {
        members.insert(members.remove(at: chosen), at: 0)
      }
      assets += members
      sizes.append(members.count)
    }
    return (assets, sizes)
  }

  /// The library's photos with these ids, found in one pass over the library (a bit per
  /// id asked of each photo: hashing a million ids was half the Duplicates album's draw).
  func assetsByID<S: Sequence>(_ ids: S) -> [AssetID: Asset] where S.Element == AssetID {
    let wanted = Set(ids)
    let membership = AssetIDMembership(wanted, largestID: Int64(library.assets.count))
    var found: [AssetID: Asset] = [:]
    found.reserveCapacity(wanted.count)
    library.assets.withUnsafeBufferPointer { buffer in
      for i in buffer.indices where membership.contains(buffer[i].id) {
        found[buffer[i].id] = buffer[i]
      }
    }
    return found
  }

  /// The Duplicates and Bursts cards: how many photos each lists, the first group's keeper
  /// as the cover. Each is listed only when it has photos, as the media types are (and as
  /// Photos lists its Duplicates album).
  func groupEntries() -> [AlbumEntry] {
    var entries: [AlbumEntry] = []
    let (assets, _) = groupMembers(of: .duplicates)
    if !assets.isEmpty {
      entries.append(
        AlbumEntry(
          ref: .duplicates, title: title(of: .duplicates), count: assets.count,
          cover: assets.first))
    }
    if let bursts = burstsEntry() { entries.append(bursts) }
    return entries
  }

  /// The Bursts card, from where the Library's stacks say the frames are (kept up to date
  /// with every change of the library): the same count and cover as the album's list, without
  /// a pass over a million photos for each photo that leaves.
  func burstsEntry() -> AlbumEntry? {
    let positions = library.stacks.positions
    guard !positions.isEmpty else { return nil }
    var count = 0
    var cover: Asset?
    for burst in duplicates.bursts {
      let present = burst.members.filter { positions[$0] != nil }
      guard present.count > 1 else { continue }
      count += present.count
      if cover == nil { cover = library.assets[positions[present[0]]!] }
    }
    guard count > 0 else { return nil }
    return AlbumEntry(ref: .bursts, title: title(of: .bursts), count: count, cover: cover)
  }

  /// The list of the open Duplicates or Bursts album, laying its groups out in rows.
  mutating func groupList(_ ref: AlbumRef) -> PhotoList {
    let (assets, sizes) = groupMembers(of: ref)
    duplicates.layout = GroupLayout(sizes: sizes, columns: grid.columns)
    return PhotoList(assets)
  }

  /// The groups laid out again for the grid's width (a resize, the info panel).
  mutating func relayOutGroups() {
    guard isReviewingGroups else { return }
    let starts = duplicates.layout.groupStarts
    let sizes = zip(starts.dropFirst(), starts).map { $0 - $1 }
    duplicates.layout = GroupLayout(sizes: sizes, columns: grid.columns)
  }

  /// The arrows in the Duplicates and Bursts albums: ←/→ within a group, ↑/↓ to the group
  /// above or below (at the same place in it, or its last photo), PgUp/PgDn a screen of
  /// rows, Home/End the first and last photo.
  mutating func moveInGroups(_ direction: Direction) {
    let layout = duplicates.layout
    guard !assets.isEmpty, let group = layout.group(ofIndex: selectedIndex) else { return }
    let members = layout.members(ofGroup: group)
    let offset = selectedIndex - members.lowerBound
    func go(toGroup target: Int) {
      let clamped = min(max(0, target), layout.groupCount - 1)
      let range = layout.members(ofGroup: clamped)
      selectedIndex = min(range.lowerBound + offset, range.upperBound - 1)
    }
    switch direction {
    case .left: selectedIndex = max(members.lowerBound, selectedIndex - 1)
    case .right: selectedIndex = min(members.upperBound - 1, selectedIndex + 1)
    case .up: go(toGroup: group - 1)
    case .down: go(toGroup: group + 1)
    case .pageUp: go(toGroup: group - max(1, grid.visibleRows))
    case .pageDown: go(toGroup: group + max(1, grid.visibleRows))
    case .first: selectedIndex = 0
    case .last: selectedIndex = assets.count - 1
    }
    keepGroupSelectionInView()
  }

  /// Scrolls the group rows to the selected photo.
  mutating func keepGroupSelectionInView() {
    guard let row = duplicates.layout.row(ofIndex: selectedIndex) else {
      gridTopRow = 0
      return
    }
    gridTopRow = duplicates.layout.top(
      keeping: row, from: gridTopRow, visible: max(1, grid.visibleRows))
  }

  /// K: the selected photo becomes its group's keeper (first in the group, "» keep").
  mutating func chooseKeeper() {
    guard context == .album(.duplicates), let asset = selectedAsset,
      let group = duplicates.layout.group(ofIndex: selectedIndex)
    else {
      message = "K picks the photo to keep in the Duplicates album"
      return
    }
    for index in duplicates.layout.members(ofGroup: group) {
      duplicates.chosenKeepers.remove(assets[index].id)
    }
    duplicates.chosenKeepers.insert(asset.id)
    refreshAssets(keeping: asset.id)
    message = "\(asset.fileName) is kept when the group is merged"
  }

  /// The tiles of the visible group rows, and the row ahead the way the list scrolls.
  func groupRequests(size: PixelSize) -> [(index: Int, priority: ImagePriority)] {
    let rows = duplicates.layout.rows
    let visible = max(0, grid.visibleRows)
    guard gridTopRow < rows.count, visible > 0 else { return [] }
    let end = min(rows.count, gridTopRow + visible)
    var wanted: [(Int, ImagePriority)] = []
    for row in rows[gridTopRow..<end] {
      for index in row.first..<(row.first + row.count) { wanted.append((index, .visible)) }
    }
    let ahead = scrollDirection > 0 ? end : gridTopRow - 1
    if rows.indices.contains(ahead) {
      let row = rows[ahead]
      for index in row.first..<(row.first + row.count) { wanted.append((index, .prefetch)) }
    }
    return wanted
  }
}

extension AppState {
  /// The Duplicates and Bursts cards found again when a photo of theirs left the library
  /// (`left`); false when a card came or went (the caller rebuilds every card).
  func refreshGroupEntries(_ entries: inout [AlbumEntry], left: Set<AssetID>) -> Bool {
    let touched = (duplicates.groups + duplicates.bursts).contains { group in
      group.members.contains { left.contains($0) }
    }
    guard touched else { return true }
    let cards = groupEntries()
    let shown = entries.filter { $0.ref == .duplicates || $0.ref == .bursts }.map(\.ref)
    guard cards.map(\.ref) == shown else { return false }
    for e in entries.indices {
      if let card = cards.first(where: { $0.ref == entries[e].ref }) { entries[e] = card }
    }
    return true
  }

  /// The background hashing's groups came: the Duplicates and Bursts albums show them (an
  /// open one keeps its selected photo when it is still in a group).
  mutating func duplicatesFound(groups: [PhotoGroup], bursts: [PhotoGroup]) {
    duplicates.groups = groups
    duplicates.bursts = bursts
    duplicates.hashing = nil
    let grouped = Set(groups.flatMap(\.members))
    duplicates.chosenKeepers = duplicates.chosenKeepers.filter { grouped.contains($0) }
    // The bursts stack in the Library's grid (a frame selected there stays, as its cover).
    let previous = selectedAsset?.id
    restack()
    rebuildLayouts()
    libraryChanged(timelineToo: false, keeping: previous)
  }
}
