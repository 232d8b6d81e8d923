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
  /// Each frame's position in the library's list (valid until the list changes: the stacks
  /// are built again with every change).
  public private(set) var positions: [AssetID: Int]
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
    expanded = nil
    hidden = []
    shown = nil
  }

  /// The stacks of `bursts` (each a burst's frames by id) among `library` (the Library's
  /// photos, in the catalog's order), with the stack that holds `open` open. Frames no longer
  /// in the library are left out, and a burst left with one frame is no stack.
  public init(bursts: [PhotoGroup], library: [Asset], open: AssetID? = nil) {
    self.init()
    let ids = Set(bursts.lazy.flatMap(\.members))
    guard !ids.isEmpty else { return }
    var position: [AssetID: Int] = [:]
    position.reserveCapacity(ids.count)
    library.withUnsafeBufferPointer { buffer in
      for i in PhotoPositions.of(ids, in: library) { position[buffer[i].id] = i }
    }
    for burst in bursts {
      let present = burst.members.compactMap { position[$0] }.sorted()
      guard present.count > 1 else { continue }
      // The middle frame stands for the burst, as the middle photo stands for a day on a
      // card: a steady choice that is neither the first nor the last of a sequence.
      let cover = library[present[(present.count - 1) / 2]].id
      let members = present.map { library[$0].id }
      frames[cover] = members
      for (member, at) in zip(members, present) {
        coverOf[member] = cover
        positions[member] = at
      }
      if let open, members.contains(open) {
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
