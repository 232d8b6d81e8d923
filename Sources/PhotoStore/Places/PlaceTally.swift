import PhotoModel

/// The places one level below a `PlacePath`, with each one's photo count and cover (its
/// newest photo), counted in one pass over the library without copying any photo.
struct PlaceTally {
  /// One place of the level.
  struct Child: Hashable {
    var part: String
    var count: Int
    /// Index of its newest photo in the library's list.
    var cover: Int
  }

  /// The places, sorted by name (accents folded, as search matches them).
  let children: [Child]
  /// Photos in every child together, and the newest of them (nil: none).
  let total: Int
  let newest: Int?

  init(_ assets: [Asset], under path: PlacePath) {
    // Photos of one place share its slot: its part is worked out once per place.
    var slotOfPlace: [UInt32: Int] = [:]
    var slotOfPart: [String: Int] = [:]
    var children: [Child] = []
    assets.withUnsafeBufferPointer { buffer in
      for i in buffer.indices {
        let id = buffer[i].placeSlot
        guard id != 0 else { continue }
        let slot: Int
        if let known = slotOfPlace[id] {
          slot = known
        } else if let place = PhotoPlace.place(slot: id), let part = path.childPart(of: place) {
          if let known = slotOfPart[part] {
            slot = known
          } else {
            slot = children.count
            slotOfPart[part] = slot
            children.append(Child(part: part, count: 0, cover: i))
          }
          slotOfPlace[id] = slot
        } else {
          slotOfPlace[id] = -1
          continue
        }
        guard slot >= 0 else { continue }
        children[slot].count += 1
        children[slot].cover = i
      }
    }
    total = children.reduce(0) { $0 + $1.count }
    newest = children.map(\.cover).max()
    let keyed = children.map { (key: PlaceFolding.folded(path.child($0.part).title), child: $0) }
    self.children = keyed.sorted { ($0.key, $0.child.part) < ($1.key, $1.child.part) }
      .map(\.child)
  }
}
