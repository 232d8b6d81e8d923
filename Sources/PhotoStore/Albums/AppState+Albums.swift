import PhotoModel

extension AppState {
  /// The photos an album shows, oldest first.
  public func members(of ref: AlbumRef) -> [Asset] {
    switch ref {
    case .recents: return library.assets
    case .favorites: return library.assets.filter(\.isFavorite)
    case .user(let id):
      guard let album = library.collections.albums.first(where: { $0.id == id }) else { return [] }
      let ids = Set(album.assetIDs)
      return library.assets.filter { ids.contains($0.id) }
    case .mediaType(let type): return library.assets.filter(type.contains)
    case .imports:
      return library.assets.filter { $0.addedAt >= importsSince }
    case .hidden: return library.collections.hidden
    case .recentlyDeleted: return library.collections.trashed.map(\.asset)
    case .memory(let year): return memory(year).map(memoryMembers) ?? []
    case .duplicates, .bursts: return groupMembers(of: ref).assets
    case .tag(let path): return taggedMembers(path)
    case .people: return peopleMembers(nil)
    case .person(let name): return peopleMembers(name)
    case .place(let path):
      // Each place looked up once, not once a photo.
      var inside: [UInt32: Bool] = [0: false]
      return library.assets.filter { asset in
        let slot = asset.placeSlot
        if let known = inside[slot] { return known }
        let found = path.contains(PhotoPlace.place(slot: slot))
        inside[slot] = found
        return found
      }
    case .worldMap: return library.assets.filter { $0.placeSlot != 0 }
    case .mapCluster(let selection):
      let slots = Set(selection.slots)
      return library.assets.filter { slots.contains($0.placeSlot) }
    }
  }

  /// The Imports album covers photos first seen this many days back.
  public static let importsDays = 30

  /// The first `addedAt` the Imports album holds.
  var importsSince: Int64 { library.collections.now - Int64(Self.importsDays) * 86_400 }

  /// The user album with `id`.
  public func album(_ id: AlbumID) -> Album? {
    library.collections.albums.first { $0.id == id }
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
    case .memory(let year):
      return memory(year).map { "\($0.agoText) · \($0.daysText)" } ?? "On This Day"
    case .place(let path): return path.title
    case .tag(let path): return path.title
    case .people: return "People"
    case .person(let name): return name
    case .duplicates: return "Duplicates"
    case .bursts: return "Bursts"
    case .worldMap: return "Map"
    case .mapCluster(let selection): return selection.title
    }
  }

  /// The selected card of the Albums tab.
  public var selectedAlbumEntry: AlbumEntry? {
    albums.entries.indices.contains(albums.cursor) ? albums.entries[albums.cursor] : nil
  }

  /// The Albums tab's key on the Albums tab: its list again, from an open album, and from
  /// anywhere in Places, Tags or People with the card of the collection left selected.
  mutating func showAlbumList() {
    albums.open = nil
    guard albums.placePath != nil || albums.tagPath != nil || albums.showsPeople else { return }
    let card: AlbumRef =
      albums.showsPeople ? .people : albums.tagPath != nil ? .tag(.all) : .place(.all)
    albums.placePath = nil
    albums.tagPath = nil
    albums.showsPeople = false
    rebuildAlbumEntries()
    albums.cursor = albums.entries.firstIndex { $0.ref == card } ?? 0
  }

  /// A click on the card at `index` of the list: it is selected.
  mutating func selectAlbumCard(at index: Int) {
    albums.cursor = index
  }

  /// Rebuilds the Albums tab's cards (after any change to the library or the albums),
  /// keeping the selected card.
  mutating func rebuildAlbumEntries() {
    let selected = selectedAlbumEntry?.ref
    var entries: [AlbumEntry] = []
    if let path = albums.placePath {
      entries = placeEntries(under: path)
      return setAlbumEntries(entries, keeping: selected)
    }
    if let path = albums.tagPath {
      return setAlbumEntries(tagEntries(under: path), keeping: selected)
    }
    if albums.showsPeople {
      return setAlbumEntries(peopleEntries(), keeping: selected)
    }
    func add(_ ref: AlbumRef, _ members: [Asset]) {
      entries.append(
        AlbumEntry(ref: ref, title: title(of: ref), count: members.count, cover: members.last))
    }
    // Counts and covers of the smart albums in one pass over the library: filtering a copy
    // of the library per album was most of loading 100,000 photos.
    let tally = SmartAlbumTally(library.assets, importsSince: importsSince)
    albums.memories = MemoryFinder.memories(in: library.assets, today: today)
    entries += memoryEntries(albums.memories)
    entries.append(
      AlbumEntry(
        ref: .recents, title: title(of: .recents), count: library.assets.count,
        cover: library.assets.last))
    entries.append(tally.entry(.favorites, title: title(of: .favorites)))
    if !library.collections.albums.isEmpty {
      var position: [AssetID: Int] = [:]
      position.reserveCapacity(library.assets.count)
      for (i, asset) in library.assets.enumerated() { position[asset.id] = i }
      for album in library.collections.albums {
        let indices = Set(album.assetIDs.compactMap { position[$0] })
        let newest = indices.max().map { library.assets[$0] }
        entries.append(
          AlbumEntry(ref: .user(album.id), title: album.name, count: indices.count, cover: newest))
      }
    }
    // The Places collection, when a photo has a place.
    let places = tally.entry(.place(.all), title: title(of: .place(.all)))
    if places.count > 0 { entries.append(places) }
    // The People collection, when a photo names someone.
    if !library.people.isEmpty {
      let people = peopleCollectionEntry()
      if people.count > 0 { entries.append(people) }
    }
    // The Tags collection, when a photo has a tag.
    if !library.tags.photoIDs.isEmpty {
      let tags = tagsCollectionEntry()
      if tags.count > 0 { entries.append(tags) }
    }
    for type in MediaType.allCases {
      let entry = tally.entry(.mediaType(type), title: title(of: .mediaType(type)))
      if entry.count > 0 { entries.append(entry) }
    }
    entries.append(tally.entry(.imports, title: title(of: .imports)))
    entries += groupEntries()
    add(.hidden, library.collections.hidden)
    add(.recentlyDeleted, library.collections.trashed.map(\.asset))
    setAlbumEntries(entries, keeping: selected)
  }

  /// Puts `entries` in the Albums tab, the card `selected` still selected when it is there.
  private mutating func setAlbumEntries(_ entries: [AlbumEntry], keeping selected: AlbumRef?) {
    albums.entries = entries
    rebuildAlbumsLayout()
    if let selected, let index = entries.firstIndex(where: { $0.ref == selected }) {
      albums.cursor = index
    } else {
      albums.cursor = min(albums.cursor, max(0, entries.count - 1))
    }
    if case .album(let ref)? = Optional(context), ref.isListed,
      !entries.contains(where: { $0.ref == ref })
    {
      // The open album went away (deleted, or a media type emptied): back to the list.
      albums.open = nil
      screen = .grid
    }
  }

  /// Lays out the album cards for the current width.
  mutating func rebuildAlbumsLayout() {
    let geometry = albumsGrid
    albums.layout = AlbumsLayout(
      albums: albums.entries, columns: geometry.columns,
      rowHeight: geometry.tile.rows + geometry.labelRows + 1)
  }

  /// Scrolls the Albums tab to its selected card.
  mutating func keepAlbumCardInView() {
    guard let entry = albums.layout.entryIndex(ofCard: albums.cursor) else { return }
    albums.topEntry = albums.layout.top(
      keeping: entry, from: albums.topEntry, height: albumsGrid.area.height)
  }

  /// Moves between album cards.
  mutating func moveAlbumCard(_ direction: Direction) {
    guard !albums.entries.isEmpty else { return }
    let layout = albums.layout
    guard let entry = layout.entryIndex(ofCard: albums.cursor),
      case .cards(let first, _) = layout.entries[entry]
    else { return }
    let column = albums.cursor - first
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
    case .left: albums.cursor = max(0, albums.cursor - 1)
    case .right: albums.cursor = min(albums.entries.count - 1, albums.cursor + 1)
    case .first: albums.cursor = 0
    case .last: albums.cursor = albums.entries.count - 1
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
        albums.cursor = newFirst + min(column, count - 1)
      }
    }
    keepAlbumCardInView()
  }
}
