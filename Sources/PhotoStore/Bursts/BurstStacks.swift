import PhotoModel

/// The Library's bursts as stacks, as Photos shows them: each burst is one tile (its cover,
/// the middle frame) with a count, and its other frames are not in the grid until Enter
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
    for burst in bursts {
      let present = burst.members.compactMap { found[$0] }.sorted()
      guard present.count > 1 else { continue }
      // The middle frame stands for the burst, as the middle photo stands for a day on a
      // card: a steady choice that is neither the first nor the last of a sequence.
      let cover = library[present[(present.count - 1) / 2]].id
      let frameIDs = present.map { library[$0].id }
      frames[cover] = frameIDs
      for member in frameIDs { coverOf[member] = cover }
      if let open, frameIDs.contains(open) {
        expanded = cover
      } else {
        hidden += present.filter { library[$0].id != cover }
      }
    }
    guard !hidden.isEmpty else { return }
    hidden.sort()
    var shown: [Int] = []
    shown.reserveCapacity(library.count - hidden.count)
    var next = 0
    for i in 0..<library.count {
      if next < hidden.count && hidden[next] == i {
        next += 1
      } else {
        shown.append(i)
      }
    }
    self.shown = shown
  }

  /// Where the frames are after the photos at `removed` (ascending positions in the list
  /// before) left it: those among them gone, the others moved up by the photos that left
  /// before them.
  func positions(afterRemoving removed: [Int]) -> [AssetID: Int] {
    var moved: [AssetID: Int] = [:]
    moved.reserveCapacity(positions.count)
    for (id, position) in positions {
      // How many removed positions come before this one, and whether it is one of them.
      var low = 0
      var high = removed.count
      while low < high {
        let middle = (low + high) / 2
        if removed[middle] < position { low = middle + 1 } else { high = middle }
      }
      if low < removed.count && removed[low] == position { continue }
      moved[id] = position - low
    }
    return moved
  }

  /// Where the frames are after photo `id` went into the list at `position`: those at or
  /// after it one further down, and the photo itself when it is a frame.
  func positions(afterInserting id: AssetID, at position: Int, into moved: inout [AssetID: Int]) {
    for (frame, at) in moved where at >= position { moved[frame] = at + 1 }
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
