import PhotoModel

/// The Library's bursts as stacks, as Photos shows them: each burst is one tile (its cover:
/// a favorite frame, else the frame the keeper rule picks, else the middle one) with a count, and its other frames are not in the grid until Enter
/// opens the stack in place.
///
/// Built from the library's photos and the bursts the background hashing found; rebuilt
/// whenever either changes. What the grid shows is the library less `hidden`, by position
/// (`shown`), so a library with no bursts costs nothing and one with bursts eight bytes a
/// photo (the grid's positions), once per change, never per key.
public struct BurstStacks: Hashable, Sendable {
  /// Each stack's frames in the library's order (time), by its cover.
  public private(set) var frames: [AssetID: [AssetID]]
  /// Each frame's stack, by its cover (the covers too).
  public private(set) var coverOf: [AssetID: AssetID]
  /// Each frame's position in the library's list, of every burst's frames in it (valid
  /// until the list changes: the stacks are built again with every change).
  public private(set) var positions: [AssetID: Int]
  /// Every burst's frames, in the library or not (a photo put back may be one).
  public private(set) var members: Set<AssetID>
  /// The cover of the stack shown open (its frames in place), nil when every stack is shut.
  public private(set) var expanded: AssetID?
  /// Positions in the library's list of the frames not shown, ascending.
  public private(set) var hidden: [Int]
  /// Positions in the library's list of the photos shown, ascending; nil when nothing is
  /// hidden (every photo is shown).
  public private(set) var shown: [Int]?

  /// No stacks.
  public init() {
    frames = [:]
    coverOf = [:]
    positions = [:]
    members = []
    expanded = nil
    hidden = []
    shown = nil
  }

  /// The stacks of `bursts` (each a burst's frames by id) among `library` (the Library's
  /// photos, in the catalog's order), with the stack that holds `open` open. Frames no longer
  /// in the library are left out, and a burst left with one frame is no stack. The frames
  /// are found in one pass over the library's ids: for a new library or new bursts.
  public init(bursts: [PhotoGroup], library: [Asset], open: AssetID? = nil) {
    let ids = Set(bursts.lazy.flatMap(\.members))
    var found: [AssetID: Int] = [:]
    found.reserveCapacity(ids.count)
    if !ids.isEmpty {
      library.withUnsafeBufferPointer { buffer in
        for i in PhotoPositions.of(ids, in: library) { found[buffer[i].id] = i }
      }
    }
    self.init(bursts: bursts, members: ids, positions: found, library: library, open: open)
  }

  /// The same from where the bursts' frames are in `library` (`positions`, of the frames in
  /// it; `members`, every frame's id): after a change whose positions are known (a photo out
  /// or back, a stack opened), without a pass over the library.
  init(
    bursts: [PhotoGroup], members: Set<AssetID>, positions found: [AssetID: Int],
    library: [Asset], open: AssetID?
  ) {
    self.init()
    guard !members.isEmpty else { return }
    self.members = members
    positions = found
    frames.reserveCapacity(bursts.count)
    coverOf.reserveCapacity(found.count)
    for burst in bursts {
      // The frames in the library, in its order, read from the positions.
      let present = burst.members.compactMap { id in found[id].map { (id: id, at: $0) } }
        .sorted { $0.at < $1.at }
      guard present.count > 1 else { continue }
      let cover = Self.cover(of: present, keeper: burst.keeper, library: library)
      frames[cover] = present.map(\.id)
      for frame in present { coverOf[frame.id] = cover }
    }
    expanded = open.flatMap { coverOf[$0] }
    hideFrames(count: library.count)
  }

  /// The stacks after the library changed where `positions` says the frames now are, the
  /// photos `changed` having left or joined it: only the bursts that hold one of them are
  /// stacked again (a photo that is no frame changes none), the others kept as they are.
  func moved(
    to positions: [AssetID: Int], changed: Set<AssetID>, bursts: [PhotoGroup], open: AssetID?,
    library: [Asset]
  ) -> BurstStacks {
    var stacks = self
    stacks.positions = positions
    var restacked = false
    if !changed.isDisjoint(with: members) {
      for burst in bursts where burst.members.contains(where: changed.contains) {
        let present = burst.members.compactMap { id in positions[id].map { (id: id, at: $0) } }
          .sorted { $0.at < $1.at }
        let old = burst.members.lazy.compactMap({ coverOf[$0] }).first
        let cover =
          present.count > 1 ? Self.cover(of: present, keeper: burst.keeper, library: library) : nil
        // A flag on a frame that leaves its stack as it was (its cover too: the common `f`).
        if let old, old == cover, frames[old] == present.map(\.id) { continue }
        restacked = true
        // Its stack as it was, gone; then as it is now.
        if let old {
          for frame in frames[old] ?? [] { stacks.coverOf[frame] = nil }
          stacks.frames[old] = nil
        }
        guard let cover else { continue }
        stacks.frames[cover] = present.map(\.id)
        for frame in present { stacks.coverOf[frame.id] = cover }
      }
    }
    stacks.expanded = open.flatMap { stacks.coverOf[$0] }
    // Nothing moved, no stack changed, the same one open: the hidden frames are the same
    // (working them out again was most of `f` on a cover at a million photos).
    let sameCount = shown.map { $0.count + hidden.count == library.count } ?? hidden.isEmpty
    if !restacked, stacks.expanded == expanded, sameCount, positions == self.positions {
      return stacks
    }
    stacks.hideFrames(count: library.count)
    return stacks
  }

  /// The frame that stands for a burst (`present`: its frames in the library, by position
  /// in the library's list, in order): the first favorite, as Photos shows a burst's
  /// favorite; else `keeper`, the frame the Duplicates album's keeper rule picks (the
  /// sharpest copy is the likeliest best frame); else the middle frame, as the middle photo
  /// stands for a day on a card.
  static func cover(of present: [(id: AssetID, at: Int)], keeper: AssetID?, library: [Asset])
    -> AssetID
  {
    // Read in place: a photo taken out as a value is copied.
    let favorite = library.withUnsafeBufferPointer { buffer in
      present.first { $0.at < buffer.count && buffer[$0.at].isFavorite }?.id
    }
    if let favorite { return favorite }
    if let keeper, present.contains(where: { $0.id == keeper }) { return keeper }
    return present[(present.count - 1) / 2].id
  }

  /// `hidden` and `shown` from the stacks: every frame but the cover of each shut stack.
  private mutating func hideFrames(count: Int) {
    hidden = []
    shown = nil
    for (cover, members) in frames where cover != expanded {
      for member in members where member != cover { hidden.append(positions[member]!) }
    }
    guard !hidden.isEmpty else { return }
    hidden.sort()
    // The positions between the hidden ones, run by run.
    let hidden = hidden
    shown = [Int](unsafeUninitializedCapacity: count - hidden.count) { buffer, initialized in
      var next = 0
      var from = 0
      for position in hidden + [count] {
        var i = from
        while i < position {
          buffer[next] = i
          next += 1
          i += 1
        }
        from = position + 1
      }
      initialized = next
    }
  }

  /// Where the frames are after the photos at `removed` (ascending positions in the list
  /// before) left it: those among them gone, the others moved up by the photos that left
  /// before them.
  func positions(afterRemoving removed: [Int]) -> [AssetID: Int] {
    // The values moved where they are (no key hashed again), the removed frames taken out.
    var moved = positions
    var gone: [AssetID] = []
    var index = moved.values.startIndex
    while index != moved.values.endIndex {
      let position = moved.values[index]
      // How many removed positions come before this one, and whether it is one of them.
      var low = 0
      var high = removed.count
      while low < high {
        let middle = (low + high) / 2
        if removed[middle] < position { low = middle + 1 } else { high = middle }
      }
      if low < removed.count && removed[low] == position {
        gone.append(moved.keys[index])
      } else {
        moved.values[index] = position - low
      }
      moved.values.formIndex(after: &index)
    }
    for id in gone { moved[id] = nil }
    return moved
  }

  /// Where the frames are after photo `id` went into the list at `position`: those at or
  /// after it one further down, and the photo itself when it is a frame.
  func positions(afterInserting id: AssetID, at position: Int, into moved: inout [AssetID: Int]) {
    var index = moved.values.startIndex
    while index != moved.values.endIndex {
      if moved.values[index] >= position { moved.values[index] += 1 }
      moved.values.formIndex(after: &index)
    }
    if members.contains(id) { moved[id] = position }
  }

  /// True when no burst is stacked.
  public var isEmpty: Bool { frames.isEmpty }

  /// How many frames the shut stack `id` is the cover of; nil for a photo that is no shut
  /// stack's cover.
  public func count(ofCover id: AssetID) -> Int? {
    guard id != expanded else { return nil }
    return frames[id]?.count
  }

  /// Where photo `id` is among the frames of the open stack (0 for the first) and how many
  /// it has; nil for a photo outside it.
  public func place(inOpenStack id: AssetID) -> (index: Int, count: Int)? {
    guard let expanded, let members = frames[expanded], coverOf[id] == expanded,
      let index = members.firstIndex(of: id)
    else { return nil }
    return (index, members.count)
  }
}
