import PhotoModel

extension AppState {
  /// The photos an album shows, oldest first.
  public func members(of ref: AlbumRef) -> [Asset] {
    switch ref {
    case .recents: return libraryAssets
    case .favorites: return libraryAssets.filter(\.isFavorite)
    case .user(let id):
      guard let album = collections.albums.first(where: { $0.id == id }) else { return [] }
      let ids = Set(album.assetIDs)
      return libraryAssets.filter { ids.contains($0.id) }
    case .mediaType(let type): return libraryAssets.filter(type.contains)
    case .imports:
      let since = collections.now - Int64(Self.importsDays) * 86_400
      return libraryAssets.filter { $0.addedAt >= since }
    case .hidden: return collections.hidden
    case .recentlyDeleted: return collections.trashed.map(\.asset)
    }
  }

  /// The Imports album covers photos first seen this many days back.
  public static let importsDays = 30

  /// The user album with `id`.
  public func album(_ id: AlbumID) -> Album? {
    collections.albums.first { $0.id == id }
  }

  /// The title of an album.
  public func title(of ref: AlbumRef) -> String {
    switch ref {
    case .recents: return "Recents"
    case .favorites: return "Favorites"
    case .user(let id): return album(id)?.name ?? "Album"
    case .mediaType(let type): return type.title
    case .imports: return "Imports"
    case .hidden: return "Hidden"
    case .recentlyDeleted: return "Recently Deleted"
    }
  }

  /// The selected card of the Albums tab.
  public var selectedAlbumEntry: AlbumEntry? {
    albumEntries.indices.contains(albumCursor) ? albumEntries[albumCursor] : nil
  }

  /// Rebuilds the Albums tab's cards (after any change to the library or the albums),
  /// keeping the selected card.
  mutating func rebuildAlbumEntries() {
    let selected = selectedAlbumEntry?.ref
    var entries: [AlbumEntry] = []
    func add(_ ref: AlbumRef, _ members: [Asset]) {
      entries.append(
        AlbumEntry(ref: ref, title: title(of: ref), count: members.count, cover: members.last))
    }
    add(.recents, libraryAssets)
    add(.favorites, members(of: .favorites))
    if !collections.albums.isEmpty {
      var position: [AssetID: Int] = [:]
      position.reserveCapacity(libraryAssets.count)
      for (i, asset) in libraryAssets.enumerated() { position[asset.id] = i }
      for album in collections.albums {
        let indices = Set(album.assetIDs.compactMap { position[$0] })
        let newest = indices.max().map { libraryAssets[$0] }
        entries.append(
          AlbumEntry(ref: .user(album.id), title: album.name, count: indices.count, cover: newest))
      }
    }
    for type in MediaType.allCases {
      let members = members(of: .mediaType(type))
      if !members.isEmpty { add(.mediaType(type), members) }
    }
    add(.imports, members(of: .imports))
    add(.hidden, collections.hidden)
    add(.recentlyDeleted, collections.trashed.map(\.asset))
    albumEntries = entries
    rebuildAlbumsLayout()
    if let selected, let index = entries.firstIndex(where: { $0.ref == selected }) {
      albumCursor = index
    } else {
      albumCursor = min(albumCursor, max(0, entries.count - 1))
    }
    if case .album(let ref)? = Optional(context), !entries.contains(where: { $0.ref == ref }) {
      // The open album went away (deleted, or a media type emptied): back to the list.
      openAlbum = nil
      screen = .grid
    }
  }

  /// Lays out the album cards for the current width.
  mutating func rebuildAlbumsLayout() {
    let geometry = albumsGrid
    albumsLayout = AlbumsLayout(
      albums: albumEntries, columns: geometry.columns,
      rowHeight: geometry.tile.rows + geometry.labelRows + 1)
  }

  /// Scrolls the Albums tab to its selected card.
  mutating func keepAlbumCardInView() {
    guard let entry = albumsLayout.entryIndex(ofCard: albumCursor) else { return }
    albumsTopEntry = albumsLayout.top(
      keeping: entry, from: albumsTopEntry, height: albumsGrid.area.height)
  }

  /// Moves between album cards.
  mutating func moveAlbumCard(_ direction: Direction) {
    guard !albumEntries.isEmpty else { return }
    let layout = albumsLayout
    guard let entry = layout.entryIndex(ofCard: albumCursor),
      case .cards(let first, _) = layout.entries[entry]
    else { return }
    let column = albumCursor - first
    func cardsEntry(from start: Int, step: Int) -> Int? {
      var i = start + step
      while i >= 0 && i < layout.entries.count {
        if case .cards = layout.entries[i] { return i }
        i += step
      }
      return nil
    }
    var rows = 0
    switch direction {
    case .left: albumCursor = max(0, albumCursor - 1)
    case .right: albumCursor = min(albumEntries.count - 1, albumCursor + 1)
    case .first: albumCursor = 0
    case .last: albumCursor = albumEntries.count - 1
    case .up: rows = -1
    case .down: rows = 1
    case .pageUp, .pageDown:
      let page = max(1, albumsGrid.visibleRows)
      rows = direction == .pageUp ? -page : page
    }
    if rows != 0 {
      var target = entry
      for _ in 0..<abs(rows) {
        guard let next = cardsEntry(from: target, step: rows < 0 ? -1 : 1) else { break }
        target = next
      }
      if case .cards(let newFirst, let count) = layout.entries[target] {
        albumCursor = newFirst + min(column, count - 1)
      }
    }
    keepAlbumCardInView()
  }
}
