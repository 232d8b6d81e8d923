/// Groups photos: exact duplicates by image-data hash; with `similar`, near neighbours by
/// perceptual hash (a BK-tree, never all pairs) joined transitively (union-find); bursts
/// apart.
public enum DuplicateFinder {
  /// The groups and bursts of `prints`. Without `similar` only exact duplicates are looked
  /// for (perceptual hashes are not needed, and bursts need them).
  public static func find(
    _ prints: [PhotoPrint], similar: Bool, rule: SimilarityRule = .standard
  ) -> DuplicateReport {
    var sets = UnionFind(count: prints.count)
    var byDigest: [ImageDigest: Int] = [:]
    for (index, print) in prints.enumerated() {
      guard let digest = print.digest else { continue }
      if let first = byDigest[digest] {
        sets.union(first, index)
      } else {
        byDigest[digest] = index
      }
    }
    var bursts: [[Int]] = []
    if similar {
      bursts = BurstFinder.bursts(prints, rule: rule)
      var burstOf = [Int32](repeating: -1, count: prints.count)
      for (number, burst) in bursts.enumerated() {
        for member in burst { burstOf[member] = Int32(number) }
      }
      // Each photo is looked up among those before it, then added: every pair once.
      var tree = HammingTree()
      for (index, print) in prints.enumerated() {
        guard let hash = print.hash else { continue }
        let value = rule.key(hash)
        tree.search(value, radius: rule.radius) { other, _ in
          // Frames of one burst are alike by nature: never each other's duplicates. A copy
          // of a frame (the same instant) joins the burst and is still its frame's duplicate.
          if burstOf[index] >= 0, burstOf[index] == burstOf[other],
            print.shotMilliseconds != prints[other].shotMilliseconds
          {
            return
          }
          sets.union(other, index)
        }
        tree.insert(value, value: index)
      }
    }
    let groups = sets.groups().map { members in
      let digest = prints[members[0]].digest
      let same = digest != nil && members.allSatisfy { prints[$0].digest == digest }
      return DuplicateReport.Group(
        kind: same ? .exact : .similar, members: KeeperOrder.sorted(members, in: prints))
    }
    return DuplicateReport(groups: groups, bursts: bursts)
  }
}
