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
    let found = grouping(PrintList(prints: prints), similar: similar, rule: rule)
    return DuplicateReport(
      groups: found.groups.map { group in
        DuplicateReport.Group(
          kind: group.kind, members: KeeperOrder.sorted(group.members, in: prints))
      }, bursts: found.bursts)
  }

  /// The groups and bursts of `table`'s photos (exact and similar), as `find` groups their
  /// prints. The table holds nothing of what the keeper rule reads: `prints` gives the prints
  /// of the photos it is asked for (a group's members, a few groups at a time), and each
  /// group comes keeper first as from `find`. `path` gives a photo's path, asked only for two
  /// frames of one camera at the same instant.
  public static func find(
    _ table: PrintTable, rule: SimilarityRule = .standard, path: (Int) -> String,
    prints: ([Int]) -> [PhotoPrint]
  ) -> DuplicateReport {
    let found = withoutActuallyEscaping(path) { path in
      grouping(PrintTable.Source(table: table, path: path), similar: true, rule: rule)
    }
    var groups: [DuplicateReport.Group] = []
    groups.reserveCapacity(found.groups.count)
    KeeperOrder.batches(of: found.groups.map(\.members), prints: prints) { members in
      groups.append(DuplicateReport.Group(kind: found.groups[groups.count].kind, members: members))
    }
    return DuplicateReport(groups: groups, bursts: found.bursts)
  }

  /// The groups (members in increasing order, groups by first member) and bursts of
  /// `source`: the one algorithm behind both `find`s.
  static func grouping<Source: PrintSource>(
    _ source: Source, similar: Bool, rule: SimilarityRule
  ) -> (groups: [(kind: DuplicateReport.Group.Kind, members: [Int])], bursts: [[Int]]) {
    var sets = UnionFind(count: source.count)
    joinExact(source, into: &sets)
    var bursts: [[Int]] = []
    if similar {
      bursts = BurstFinder.bursts(source, rule: rule)
      // The frames' bursts by frame (a few of the photos: not a slot for each).
      var burstOf: [Int: Int] = [:]
      for (number, burst) in bursts.enumerated() {
        for member in burst { burstOf[member] = number }
      }
      // The keys in flat buffers, 20 bytes a photo with its number (docs/benchmarks.md).
      var hashes = HashBuffer(capacity: source.count)
      for index in 0..<source.count {
        if let hash = source.hash(index) { hashes.append(rule.key(hash), owner: Int32(index)) }
      }
      ChunkIndex.pairs(&hashes, radius: rule.radius) { a, b in
        // Frames of one burst are alike by nature: never each other's duplicates. A copy
        // of a frame (the same instant) joins the burst and is still its frame's duplicate.
        if !burstOf.isEmpty, let burst = burstOf[a], burst == burstOf[b],
          source.shotMilliseconds(a) != source.shotMilliseconds(b)
        {
          return
        }
        sets.union(a, b)
      }
      hashes = HashBuffer(capacity: 0)
      joinFlat(source, into: &sets)
    }
    let groups = sets.groups().map { members in
      let first = members[0]
      let same = members.allSatisfy { source.sameDigest(first, $0) }
      return (kind: same ? DuplicateReport.Group.Kind.exact : .similar, members: members)
    }
    return (groups, bursts)
  }

  /// Joins the photos of the same image data: their digests' first words sorted with their
  /// numbers (16 bytes a photo; a dictionary of digests took 126 MB at a million photos,
  /// heaptrack), then each run of one first word compared whole, so two digests that share
  /// only their first 64 bits are never joined.
  static func joinExact<Source: PrintSource>(_ source: Source, into sets: inout UnionFind) {
    var keys: [(word: UInt64, index: Int32)] = []
    keys.reserveCapacity(source.count)
    for index in 0..<source.count {
      if let word = source.digestWord(index) { keys.append((word, Int32(index))) }
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
          if let first = firsts.first(where: { source.sameDigest($0, index) }) {
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
  static func joinFlat<Source: PrintSource>(_ source: Source, into sets: inout UnionFind) {
    func sum(_ c: RGB) -> Int { Int(c.r) + Int(c.g) + Int(c.b) }
    let flat = (0..<source.count).compactMap { i in source.flatColour(i).map { (i, $0) } }
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
