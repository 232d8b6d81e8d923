import PhotoModel

/// The people of the library, each with the number of its photos that name them and their
/// cover (the newest of them, and the face there), and how many photos name anyone: counted
/// in one pass over the photos with people, none copied.
struct PeopleTally {
  /// One person of the collection.
  struct Person: Hashable {
    /// Their index in `PhotoPeople.names`.
    var index: Int
    var name: String
    var count: Int
    /// Index of their newest photo in the library's list.
    var cover: Int
  }

  /// The people with at least one library photo, sorted by name (accents and case folded).
  let people: [Person]
  /// The library photos that name anyone.
  let count: Int
  /// Index of the newest of them in the library's list.
  let cover: Int?

  init(_ assets: [Asset], people: PhotoPeople) {
    var all = people.names.enumerated().map {
      Person(index: $0.offset, name: $0.element, count: 0, cover: -1)
    }
    let positions = LibraryPositions(assets)
    var total = 0
    var cover: Int?
    people.forEachPhoto { id, indices in
      guard let position = positions.position(of: id) else { return }
      total += 1
      cover = max(cover ?? position, position)
      // The catalog keeps a person once a photo: no photo counts twice.
      for p in indices {
        all[Int(p)].count += 1
        all[Int(p)].cover = max(all[Int(p)].cover, position)
      }
    }
    count = total
    self.cover = cover
    let keyed = all.filter { $0.count > 0 }.map { (key: PlaceFolding.folded($0.name), person: $0) }
    self.people = keyed.sorted { ($0.key, $0.person.name) < ($1.key, $1.person.name) }
      .map(\.person)
  }
}
