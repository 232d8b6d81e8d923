/// What a kitty terminal holds for this session: the images transmitted (least recently used
/// first out, within a byte budget) and the placement at each anchor cell. Pure bookkeeping,
/// so the driver's decisions can be tested without a terminal.
public struct KittyLedger: Sendable {
  /// A placement's top-left cell.
  public struct Anchor: Sendable, Hashable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }

    /// The placement id for this cell: one placement per anchor, so placing there again
    /// replaces it in the terminal.
    public var placementID: UInt32 { UInt32(truncatingIfNeeded: row * 4096 + column + 1) }
  }

  /// Pixel bytes the terminal may hold for us before the least recently placed images are
  /// freed (kitty's own quota is 320 MB per screen).
  public var budgetBytes: Int
  /// Transmitted image ids with their pixel bytes and when they were last placed.
  private(set) var transmitted: [UInt32: (bytes: Int, lastUse: UInt64)] = [:]
  private var clock: UInt64 = 0
  /// Pixel bytes of all transmitted images.
  public private(set) var transmittedBytes = 0
  /// The image placed at each anchor.
  public private(set) var placed: [Anchor: UInt32] = [:]

  public init(budgetBytes: Int) { self.budgetBytes = budgetBytes }

  /// Whether the terminal holds image `id`.
  public func holds(_ id: UInt32) -> Bool { transmitted[id] != nil }

  /// The images the terminal holds.
  public var transmittedIDs: [UInt32] { Array(transmitted.keys) }

  /// Notes that image `id` is transmitted or placed now.
  mutating func use(_ id: UInt32, bytes: Int) {
    clock += 1
    if let old = transmitted[id] {
      transmitted[id] = (old.bytes, clock)
    } else {
      transmitted[id] = (bytes, clock)
      transmittedBytes += bytes
    }
  }

  /// Records that `id` is placed at `anchor`; returns the image placed there before, if it
  /// was another one (its placement must be deleted: placement ids are per image).
  mutating func place(_ id: UInt32, at anchor: Anchor) -> UInt32? {
    let before = placed.updateValue(id, forKey: anchor)
    return before == id ? nil : before
  }

  /// Forgets the placements anchored in `row` at columns `columns`, returning them.
  mutating func removePlacements(row: Int, columns: Range<Int>) -> [(Anchor, UInt32)] {
    let leaving = placed.filter { $0.key.row == row && columns.contains($0.key.column) }
      .sorted { $0.key.column < $1.key.column }
    for (anchor, _) in leaving { placed[anchor] = nil }
    return leaving.map { ($0.key, $0.value) }
  }

  /// The images to free so the rest fit the budget: least recently used first, never one
  /// that is placed now or `keep`.
  mutating func evict(keeping keep: UInt32) -> [UInt32] {
    guard transmittedBytes > budgetBytes else { return [] }
    let onScreen = Set(placed.values)
    var freed: [UInt32] = []
    let candidates = transmitted.filter { $0.key != keep && !onScreen.contains($0.key) }
      .sorted { $0.value.lastUse < $1.value.lastUse }
    for (id, entry) in candidates where transmittedBytes > budgetBytes {
      transmitted[id] = nil
      transmittedBytes -= entry.bytes
      freed.append(id)
    }
    return freed
  }

  /// Forgets everything: the terminal was told to free all images.
  mutating func removeAll() {
    transmitted = [:]
    transmittedBytes = 0
    placed = [:]
  }
}
