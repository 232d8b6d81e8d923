import PhotoModel

/// The Tags collection of the Albums tab: the keyword hierarchy listed as cards in the
/// Albums tab's own list (`albums.tagPath` names the level shown), as Places lists its
/// countries; Enter on a tag with tags under it opens its level, on one without (or on a
/// level's "All") its photos as a grid, and Esc goes back up a level.
extension AppState {
  /// The cards of the tags one level below `path`: first "All" (every photo at or under
  /// it) below the top, then its tags by name.
  func tagEntries(under path: TagPath) -> [AlbumEntry] {
    let tally = TagTally(library.assets, tags: library.tags, under: path)
    var entries: [AlbumEntry] = []
    if path.level > 0, tally.count > 0 {
      entries.append(
        AlbumEntry(
          ref: .tag(TagPath(parts: path.parts, isWhole: true)), title: "All",
          count: tally.count, cover: tally.cover.map { library.assets[$0] }))
    }
    for child in tally.children {
      let ref = AlbumRef.tag(path.child(child.part))
      entries.append(
        AlbumEntry(
          ref: ref, title: child.part, count: child.count, cover: library.assets[child.cover]))
    }
    return entries
  }

  /// The Tags card among the albums: every photo with a tag.
  func tagsCollectionEntry() -> AlbumEntry {
    let tally = TagTally(library.assets, tags: library.tags, under: .all)
    return AlbumEntry(
      ref: .tag(.all), title: "Tags", count: tally.count,
      cover: tally.cover.map { library.assets[$0] })
  }

  /// True when `path` opens as a level: every tag, or a tag some photo's tag lies under.
  func tagOpensLevel(_ path: TagPath) -> Bool {
    guard !path.isWhole else { return false }
    guard path.level > 0 else { return true }
    return library.tags.paths.contains { $0.count > path.level && path.contains($0) }
  }

  /// Enter on the Tags card or a tag with tags under it: its level, the first card selected.
  mutating func openTagLevel(_ path: TagPath) {
    albums.tagPath = path
    rebuildAlbumEntries()
    albums.cursor = 0
    albums.topEntry = 0
    keepAlbumCardInView()
  }

  /// Esc in the Tags collection: one level up (from the top, the albums), the tag just
  /// left selected.
  mutating func leaveTagLevel(_ path: TagPath) {
    albums.tagPath = path.parent
    if path.level == 0 { albums.tagPath = nil }
    rebuildAlbumEntries()
    let left: AlbumRef = path.level == 0 ? .tag(.all) : .tag(path)
    albums.cursor = albums.entries.firstIndex { $0.ref == left } ?? 0
    keepAlbumCardInView()
  }

  /// The photos tagged at or under `path`, oldest first.
  func taggedMembers(_ path: TagPath) -> [Asset] {
    let ids = taggedIDs(path)
    return library.assets.filter { ids.contains($0.id) }
  }

  /// The ids of the photos tagged at or under `path`.
  func taggedIDs(_ path: TagPath) -> Set<AssetID> {
    let tags = library.tags
    let inside = tags.paths.map { path.contains($0) }
    var ids = Set<AssetID>()
    tags.forEachPhoto { id, indices in
      if indices.contains(where: { inside[Int($0)] }) { ids.insert(id) }
    }
    return ids
  }

  /// True when the photo `id` is tagged at or under `path`.
  func isTagged(_ id: AssetID, under path: TagPath) -> Bool {
    library.tags.tagIndices(of: id).contains { path.contains(library.tags.paths[Int($0)]) }
  }
}
