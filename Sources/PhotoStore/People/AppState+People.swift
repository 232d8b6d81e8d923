import PhotoModel

/// The People collection of the Albums tab: the people named in the photos' XMP face
/// regions listed as cards in the Albums tab's own list (`albums.showsPeople`), as the Tags
/// collection lists its tags; Enter on a person opens their photos, Esc goes back to the
/// people and from them to the albums. Each card's cover is the person's newest photo
/// cropped to their face there.
extension AppState {
  /// The cards of the people, by name.
  func peopleEntries() -> [AlbumEntry] {
    let tally = PeopleTally(library.assets, people: library.people)
    return tally.people.map { person in
      let cover = library.assets[person.cover]
      var entry = AlbumEntry(
        ref: .person(person.name), title: person.name, count: person.count, cover: cover)
      entry.coverCrop = library.people.face(of: person.index, in: cover.id)
      return entry
    }
  }

  /// The People card among the albums: every photo that names someone, its cover cropped to
  /// the first face named in the newest of them.
  func peopleCollectionEntry() -> AlbumEntry {
    let tally = PeopleTally(library.assets, people: library.people)
    let cover = tally.cover.map { library.assets[$0] }
    return AlbumEntry(
      ref: .people, title: title(of: .people), count: tally.count, cover: cover,
      coverCrop: cover.flatMap { firstFace(in: $0.id) })
  }

  /// The face of the first person the photo `id` names, nil when it names nobody or gives
  /// that person no rectangle.
  func firstFace(in id: AssetID) -> FaceArea? {
    guard let first = library.people.names(of: id).first,
      let index = library.people.names.firstIndex(of: first)
    else { return nil }
    return library.people.face(of: index, in: id)
  }

  /// Enter on the People card: the people, the first one selected.
  mutating func openPeople() {
    albums.showsPeople = true
    rebuildAlbumEntries()
    albums.cursor = 0
    albums.topEntry = 0
    keepAlbumCardInView()
  }

  /// Esc among the people: back to the albums, the People card selected.
  mutating func leavePeople() {
    albums.showsPeople = false
    rebuildAlbumEntries()
    albums.cursor = albums.entries.firstIndex { $0.ref == .people } ?? 0
    keepAlbumCardInView()
  }

  /// The photos that name `name` (every photo naming someone for nil), oldest first.
  func peopleMembers(_ name: String?) -> [Asset] {
    let ids = picturedIDs(name)
    return library.assets.filter { ids.contains($0.id) }
  }

  /// The ids of the photos that name `name` (anyone for nil).
  func picturedIDs(_ name: String?) -> Set<AssetID> {
    let people = library.people
    let wanted = name.flatMap { people.names.firstIndex(of: $0) }.map(UInt32.init)
    if name != nil && wanted == nil { return [] }
    var ids = Set<AssetID>()
    people.forEachPhoto { id, indices in
      if let wanted, !indices.contains(wanted) { return }
      ids.insert(id)
    }
    return ids
  }

  /// True when the photo `id` names `name` (anyone for nil).
  func isPictured(_ id: AssetID, _ name: String?) -> Bool {
    let names = library.people.names(of: id)
    return name.map { names.contains($0) } ?? !names.isEmpty
  }
}
