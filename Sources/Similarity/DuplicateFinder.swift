import PhotoModel

/// Groups photos: exact duplicates by image-data hash; with `similar`, near neighbours by
/// perceptual hash (`ChunkIndex`, multi-index hashing: never all pairs) and flat pictures by
/// colour, joined transitively (union-find); bursts apart.
public enum DuplicateFinder {
  /// Flat pictures whose mean colours differ by at most this much in every channel are
  /// alike (a re-encode moves a flat grey by a level or two).
  public static let flatTolerance = 6

  /// The groups and bursts of `prints`. Without `similar` only exact duplicates are looked
  /// for (perceptual hashes are not needed, and bursts need them).
  public static func find(
    _ prints: [PhotoPrint], similar: Bool, rule: SimilarityRule = .standard
  ) -> DuplicateReport {
    var sets = UnionFind(count: prints.count)
    joinExact(prints, into: &sets)
    var bursts: [[Int]] = []
    if similar {
      bursts = BurstFinder.bursts(prints, rule: rule)
      // The frames' bursts by frame (a few of the photos: not a slot for each).
      var burstOf: [Int: Int] = [:]
      for (number, burst) in bursts.enumerated() {
        for member in burst { burstOf[member] = number }
      }
      // The keys in flat buffers, 20 bytes a photo with its number (docs/benchmarks.md).
      var hashes = HashBuffer(capacity: prints.count)
      for (index, print) in prints.enumerated() {
        if let hash = print.hash { hashes.append(rule.key(hash), owner: Int32(index)) }
      }
      ChunkIndex.pairs(&hashes, radius: rule.radius) { a, b in
        // Frames of one burst are alike by nature: never each other's duplicates. A copy
        // of a frame (the same instant) joins the burst and is still its frame's duplicate.
        if !burstOf.isEmpty, let burst = burstOf[a], burst == burstOf[b],
          prints[a].shotMilliseconds != prints[b].shotMilliseconds
        {
          return
        }
        sets.union(a, b)
      }
      hashes = HashBuffer(capacity: 0)
      joinFlat(prints, into: &sets)
    }
    let groups = sets.groups().map { members in
      let digest = prints[members[0]].digest
      let same = digest != nil && members.allSatisfy { prints[$0].digest == digest }
      return DuplicateReport.Group(
        kind: same ? .exact : .similar, members: KeeperOrder.sorted(members, in: prints))
    }
    return DuplicateReport(groups: groups, bursts: bursts)
  }

  /// Joins the photos of the same image data: their digests' first words sorted with their
  /// numbers (16 bytes a photo; a dictionary of digests took 126 MB at a million photos,
  /// heaptrack), then each run of one first word compared whole, so two digests that share
  /// only their first 64 bits are never joined.
  static func joinExact(_ prints: [PhotoPrint], into sets: inout UnionFind) {
    var keys: [(word: UInt64, index: Int32)] = []
    keys.reserveCapacity(prints.count)
    for (index, print) in prints.enumerated() {
      if let digest = print.digest { keys.append((digest.words.0, Int32(index))) }
    }
    keys.sort { $0.word != $1.word ? $0.word < $1.word : $0.index < $1.index }
    var start = 0
    while start < keys.count {
      var end = start + 1
      while end < keys.count, keys[end].word == keys[start].word { end += 1 }
      if end - start > 1 {
        // Within a run (almost always one digest), each joins the first of its own digest.
        var firsts: [Int] = []
        for position in start..<end {
          let index = Int(keys[position].index)
          if let first = firsts.first(where: { prints[$0].digest == prints[index].digest }) {
            sets.union(first, index)
          } else {
            firsts.append(index)
          }
        }
      }
      start = end
    }
  }

  /// Joins flat pictures of nearly one colour: sorted by the sum of their channels, each is
  /// compared with the next ones while that sum can still be within the tolerance.
  static func joinFlat(_ prints: [PhotoPrint], into sets: inout UnionFind) {
    func sum(_ c: RGB) -> Int { Int(c.r) + Int(c.g) + Int(c.b) }
    let flat = prints.indices.compactMap { i in prints[i].flatColour.map { (i, $0) } }
      .sorted { sum($0.1) < sum($1.1) }
    for (position, (i, a)) in flat.enumerated() {
      for (j, b) in flat[(position + 1)...] {
        guard sum(b) - sum(a) <= 3 * flatTolerance else { break }
        if abs(Int(a.r) - Int(b.r)) <= flatTolerance, abs(Int(a.g) - Int(b.g)) <= flatTolerance,
          abs(Int(a.b) - Int(b.b)) <= flatTolerance
        {
          sets.union(i, j)
        }
      }
    }
  }
}
