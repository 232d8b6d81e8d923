import PhotoModel

extension AppState {
  /// Brings the album cards up to date after photos changed where they stand: the smart
  /// albums' counts and covers from the changed photos alone, every other card's cover
  /// replaced when it is one of them. The full rebuild (`rebuildAlbumEntries`) reads every
  /// photo of the library; it still runs when a media type's card comes or goes.
  mutating func albumEntriesChanged(_ changes: [PhotoChange], hidden: [Asset]) {
    // A level of the Places collection may gain or lose a place: listed again.
    guard !albums.entries.isEmpty, albums.placePath == nil, albums.tagPath == nil,
      !albums.showsPeople
    else {
      return rebuildAlbumEntries()
    }
    let since = importsSince
    let shownTypes = Set(
      albums.entries.compactMap { entry -> MediaType? in
        if case .mediaType(let type) = entry.ref { return type } else { return nil }
      })
    for type in MediaType.allCases {
      let delta = changes.reduce(0) { sum, change in
        sum + (type.contains(change.new) ? 1 : 0) - (type.contains(change.old) ? 1 : 0)
      }
      guard delta != 0 else { continue }
      let count = albums.entries.first { $0.ref == .mediaType(type) }?.count ?? 0
      if !shownTypes.contains(type) || count + delta <= 0 { return rebuildAlbumEntries() }
    }
    // The Places card comes and goes as a media type's does.
    let placed = changes.reduce(0) {
      $0 + ($1.new.placeSlot != 0 ? 1 : 0) - ($1.old.placeSlot != 0 ? 1 : 0)
    }
    if placed != 0 {
      let count = albums.entries.first { $0.ref == .place(.all) }?.count ?? 0
      if count == 0 || count + placed <= 0 { return rebuildAlbumEntries() }
    }
    var newValues: [AssetID: Asset] = [:]
    for change in changes { newValues[change.new.id] = change.new }
    for asset in hidden { newValues[asset.id] = asset }
    var entries = albums.entries
    for e in entries.indices {
      let ref = entries[e].ref
      if ref == .recents {
        entries[e].cover = library.assets.last
      } else if SmartAlbumTally.counts(ref) {
        entries[e] = smartEntry(entries[e], after: changes, importsSince: since)
      } else if let cover = entries[e].cover, let new = newValues[cover.id] {
        entries[e].cover = new
      }
    }
    guard refreshMemoryEntries(&entries) else { return rebuildAlbumEntries() }
    albums.entries = entries
  }

  /// A smart album's card after `changes`: its count moved by the photos that joined or
  /// left it, its cover (the newest member) found again only near where it was.
  private func smartEntry(
    _ entry: AlbumEntry, after changes: [PhotoChange], importsSince since: Int64
  ) -> AlbumEntry {
    func isMember(_ asset: Asset) -> Bool {
      SmartAlbumTally.contains(entry.ref, asset, importsSince: since) ?? false
    }
    var result = entry
    var newestJoined: Int?
    var coverPosition: Int?
    var coverLeft = false
    for change in changes {
      let was = isMember(change.old)
      let now = isMember(change.new)
      result.count += (now ? 1 : 0) - (was ? 1 : 0)
      if now { newestJoined = max(newestJoined ?? change.position, change.position) }
      if change.new.id == entry.cover?.id {
        coverPosition = change.position
        if now { result.cover = change.new } else { coverLeft = true }
      }
    }
    let photos = library.assets
    if let cover = entry.cover, coverPosition == nil {
      coverPosition = PhotoPositions.sorted(cover, in: photos)
    }
    if coverLeft, let position = coverPosition {
      // The newest member before the old cover (the photos after it are none but the
      // changed ones, which `newestJoined` covers), read in place: no photo copied.
      coverPosition = photos.withUnsafeBufferPointer { buffer in
        (0..<position).reversed().first {
          SmartAlbumTally.contains(entry.ref, buffer, at: $0, importsSince: since)
        }
      }
      result.cover = coverPosition.map { photos[$0] }
    }
    if let joined = newestJoined, joined > (coverPosition ?? -1) {
      result.cover = photos[joined]
    }
    return result
  }

  /// Brings the album cards up to date after photos left the library's list (hidden, or to
  /// the Trash): counts less the members that left, a cover that left replaced by the
  /// newest member before it, Hidden and Recently Deleted from their own lists. The full
  /// rebuild still runs when a media type's card goes.
  mutating func albumEntriesAfterRemoval(_ removal: LibraryRemoval) {
    guard !albums.entries.isEmpty, !removal.photos.isEmpty, albums.placePath == nil,
      albums.tagPath == nil, !albums.showsPeople
    else {
      return rebuildAlbumEntries()
    }
    let since = importsSince
    let left = Set(removal.photos.map(\.id))
    var entries = albums.entries
    for e in entries.indices {
      let ref = entries[e].ref
      switch ref {
      case .recents, .hidden, .recentlyDeleted:
        entries[e] = listedEntry(entries[e])
      case .favorites, .imports, .mediaType, .place, .worldMap, .mapCluster:
        let isMember = { (asset: Asset) in
          SmartAlbumTally.contains(ref, asset, importsSince: since) ?? false
        }
        entries[e].count -= removal.photos.filter(isMember).count
        if entries[e].count <= 0 {
          if case .mediaType = ref { return rebuildAlbumEntries() }
          if case .place = ref { return rebuildAlbumEntries() }
        }
        guard let cover = entries[e].cover, left.contains(cover.id) else { continue }
        entries[e].cover = newestMember(before: cover.id, in: removal) { buffer, i in
          SmartAlbumTally.contains(ref, buffer, at: i, importsSince: since)
        }
      case .user(let id):
        let members = Set(album(id)?.assetIDs ?? [])
        entries[e].count -= removal.photos.filter { members.contains($0.id) }.count
        guard let cover = entries[e].cover, left.contains(cover.id) else { continue }
        entries[e].cover = newestMember(before: cover.id, in: removal) { buffer, i in
          members.contains(buffer[i].id)
        }
      case .tag(let path):
        entries[e].count -= removal.photos.filter { isTagged($0.id, under: path) }.count
        if entries[e].count <= 0 { return rebuildAlbumEntries() }
        guard let cover = entries[e].cover, left.contains(cover.id) else { continue }
        entries[e].cover = newestMember(before: cover.id, in: removal) { buffer, i in
          isTagged(buffer[i].id, under: path)
        }
      case .people:
        entries[e].count -= removal.photos.filter { isPictured($0.id, nil) }.count
        if entries[e].count <= 0 { return rebuildAlbumEntries() }
        guard let cover = entries[e].cover, left.contains(cover.id) else { continue }
        let newest = newestMember(before: cover.id, in: removal) { buffer, i in
          isPictured(buffer[i].id, nil)
        }
        entries[e].cover = newest
        entries[e].coverCrop = newest.flatMap { firstFace(in: $0.id) }
      case .person:
        // Listed only among the people, which are counted again (the guard above).
        return rebuildAlbumEntries()
      case .memory:
        continue  // All of them found again below.
      case .duplicates, .bursts:
        continue  // Found again below when a photo of theirs left.
      }
    }
    guard refreshGroupEntries(&entries, left: left) else { return rebuildAlbumEntries() }
    guard refreshMemoryEntries(&entries) else { return rebuildAlbumEntries() }
    albums.entries = entries
  }

  /// Brings the album cards up to date after `photos` came back into the library's list (`u`
  /// after the Trash): a card's count goes up by those that belong to it, and one newer
  /// than its cover becomes it. Rebuilding every card from every photo was a third of `d`,
  /// `u` at a million photos (`lightbox-bench ui`). A card that would appear (a media type,
  /// the Places card), a tag, a person or an open level of a collection: rebuilt.
  mutating func albumEntriesAfterInsertion(_ photos: [Asset]) {
    guard !albums.entries.isEmpty, !photos.isEmpty, albums.placePath == nil,
      albums.tagPath == nil, !albums.showsPeople,
      !photos.contains(where: {
        !library.tags.tagIndices(of: $0.id).isEmpty || isPictured($0.id, nil)
      })
    else {
      return rebuildAlbumEntries()
    }
    let since = importsSince
    let refs = Set(albums.entries.map(\.ref))
    for type in MediaType.allCases where photos.contains(where: type.contains) {
      if !refs.contains(.mediaType(type)) { return rebuildAlbumEntries() }
    }
    if photos.contains(where: { $0.placeSlot != 0 }), !refs.contains(.place(.all)) {
      return rebuildAlbumEntries()
    }
    /// The photo of `members` and `cover` latest in the library's order (capture time,
    /// then path: `PhotoPositions`).
    func newest(_ members: [Asset], over cover: Asset?) -> Asset? {
      members.reduce(cover) { latest, photo in
        guard let latest else { return photo }
        let (a, b) = (photo.captureDate.localSortKey, latest.captureDate.localSortKey)
        return a > b || (a == b && latest.path < photo.path) ? photo : latest
      }
    }
    var entries = albums.entries
    for e in entries.indices {
      let ref = entries[e].ref
      switch ref {
      case .recents, .hidden, .recentlyDeleted:
        entries[e] = listedEntry(entries[e])
      case .favorites, .imports, .mediaType, .place, .worldMap, .mapCluster:
        let members = photos.filter {
          SmartAlbumTally.contains(ref, $0, importsSince: since) ?? false
        }
        entries[e].count += members.count
        entries[e].cover = newest(members, over: entries[e].cover)
      case .user(let id):
        let inAlbum = Set(album(id)?.assetIDs ?? [])
        let members = photos.filter { inAlbum.contains($0.id) }
        entries[e].count += members.count
        entries[e].cover = newest(members, over: entries[e].cover)
      case .tag, .people, .person:
        continue  // None of the photos is tagged or pictured (the guard above).
      case .memory, .duplicates, .bursts:
        continue  // Found again below.
      }
    }
    guard refreshGroupEntries(&entries, left: Set(photos.map(\.id))) else {
      return rebuildAlbumEntries()
    }
    guard refreshMemoryEntries(&entries) else { return rebuildAlbumEntries() }
    albums.entries = entries
  }

  /// A card of a list the state keeps whole (Recents, Hidden, Recently Deleted): its count
  /// and cover read from the list.
  private func listedEntry(_ entry: AlbumEntry) -> AlbumEntry {
    var entry = entry
    switch entry.ref {
    case .recents: (entry.count, entry.cover) = (library.assets.count, library.assets.last)
    case .hidden:
      (entry.count, entry.cover) = (
        library.collections.hidden.count, library.collections.hidden.last
      )
    case .recentlyDeleted:
      entry.count = library.collections.trashed.count
      entry.cover = library.collections.trashed.last?.asset
    default: break
    }
    return entry
  }

  /// The newest photo of the library's list, older than the removed photo `id`, for which
  /// `isMember` holds: read backwards from where that photo was.
  private func newestMember(
    before id: AssetID, in removal: LibraryRemoval,
    _ isMember: (UnsafeBufferPointer<Asset>, Int) -> Bool
  ) -> Asset? {
    guard let k = removal.photos.firstIndex(where: { $0.id == id }) else { return nil }
    // Where it was, less the removed photos before it: the first position after it now.
    let start = removal.positions[k] - k
    let photos = library.assets
    let found = photos.withUnsafeBufferPointer { buffer in
      (0..<min(start, buffer.count)).reversed().first { isMember(buffer, $0) }
    }
    return found.map { photos[$0] }
  }
}
