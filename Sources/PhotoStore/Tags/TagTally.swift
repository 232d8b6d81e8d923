import PhotoModel

/// The tags one level below a `TagPath`, each with the number of library photos tagged at
/// or under it and its cover (its newest photo), and the level's own total: counted in one
/// pass over the tagged photos, none copied.
struct TagTally {
  /// One tag of the level.
  struct Child: Hashable {
    var part: String
    var count: Int
    /// Index of its newest photo in the library's list.
    var cover: Int
    /// True when some photo's tag lies under it (it opens as a level).
    var hasChildren: Bool
  }

  /// The tags, sorted by name (accents folded, as search matches them).
  let children: [Child]
  /// The photos tagged at or under the path.
  let count: Int
  /// Index of the newest of them in the library's list.
  let cover: Int?

  init(_ assets: [Asset], tags: PhotoTags, under path: TagPath) {
    let depth = path.parts.count
    // Each tag's child slot at this level: -2 not under the path, -1 the path itself.
    var slotOfPart: [String: Int] = [:]
    var children: [Child] = []
    var deeper: [Bool] = []
    var slots = [Int32](repeating: -2, count: tags.paths.count)
    for (t, tag) in tags.paths.enumerated() where path.contains(tag) {
      guard tag.count > depth else {
        slots[t] = -1
        continue
      }
      let part = tag[depth]
      let slot: Int
      if let known = slotOfPart[part] {
        slot = known
      } else {
        slot = children.count
        slotOfPart[part] = slot
        children.append(Child(part: part, count: 0, cover: -1, hasChildren: false))
        deeper.append(false)
      }
      slots[t] = Int32(slot)
      if tag.count > depth + 1 { deeper[slot] = true }
    }
    let positions = LibraryPositions(assets)
    var total = 0
    var cover: Int?
    var seen: [Int32] = []
    tags.forEachPhoto { id, indices in
      guard let position = positions.position(of: id) else { return }
      seen.removeAll(keepingCapacity: true)
      var inside = false
      for t in indices {
        let slot = slots[Int(t)]
        guard slot >= -1 else { continue }
        inside = true
        // A photo with two tags under one child counts once there.
        guard slot >= 0, !seen.contains(slot) else { continue }
        seen.append(slot)
        children[Int(slot)].count += 1
        children[Int(slot)].cover = max(children[Int(slot)].cover, position)
        if deeper[Int(slot)] { children[Int(slot)].hasChildren = true }
      }
      if inside {
        total += 1
        cover = max(cover ?? position, position)
      }
    }
    count = total
    self.cover = cover
    let shown = children.filter { $0.count > 0 }
    let keyed = shown.map { (key: PlaceFolding.folded($0.part), child: $0) }
    self.children = keyed.sorted { ($0.key, $0.child.part) < ($1.key, $1.child.part) }
      .map(\.child)
  }
}

/// Where each photo stands in the library's list, by its id: an array indexed by id when
/// the ids are dense (the catalog's row ids), else a dictionary.
struct LibraryPositions {
  private var byIndex: [Int32] = []
  private var byID: [AssetID: Int] = [:]

  init(_ assets: [Asset]) {
    // Read in place: a photo taken out as a value is copied (a retain and a release each).
    let largest = assets.withUnsafeBufferPointer { buffer in
      buffer.indices.reduce(Int64(0)) { max($0, buffer[$1].id.rawValue) }
    }
    if largest >= 0, largest < Int64(assets.count) * 8 + 1024, assets.count < Int(Int32.max) {
      byIndex = [Int32](repeating: -1, count: Int(largest) + 1)
      assets.withUnsafeBufferPointer { buffer in
        for i in buffer.indices { byIndex[Int(buffer[i].id.rawValue)] = Int32(i) }
      }
    } else {
      for (i, asset) in assets.enumerated() { byID[asset.id] = i }
    }
  }

  /// The position of the photo `id`, nil when it is not in the list.
  func position(of id: AssetID) -> Int? {
    if !byIndex.isEmpty || byID.isEmpty {
      let raw = id.rawValue
      guard raw >= 0, raw < Int64(byIndex.count) else { return nil }
      let found = byIndex[Int(raw)]
      return found < 0 ? nil : Int(found)
    }
    return byID[id]
  }
}
