/// Disjoint sets over 0..<count (path halving; the smaller root's number becomes the root):
/// the groups that pairs of near neighbours make, transitively. A parent a member (4 bytes
/// a photo) is all it holds: a size per set was 4 more, for a balance that path halving
/// does without here (the sets are small).
struct UnionFind {
  private var parent: [Int32]

  init(count: Int) {
    parent = (0..<count).map { Int32($0) }
  }

  mutating func find(_ x: Int) -> Int {
    var x = x
    while parent[x] != Int32(x) {
      parent[x] = parent[Int(parent[x])]
      x = Int(parent[x])
    }
    return x
  }

  mutating func union(_ a: Int, _ b: Int) {
    let a = find(a)
    let b = find(b)
    guard a != b else { return }
    if a < b { parent[b] = Int32(a) } else { parent[a] = Int32(b) }
  }

  /// The sets of two or more members, each in increasing order, ordered by first member.
  /// (A slot per root rather than a dictionary of every root: at a million photos the
  /// singletons are almost all of them.)
  mutating func groups() -> [[Int]] {
    // Members a root, then a slot per root of two or more (-1: none yet, -2: a singleton).
    var slot = [Int32](repeating: 0, count: parent.count)
    for x in 0..<parent.count { slot[find(x)] += 1 }
    for x in 0..<parent.count { slot[x] = slot[x] > 1 ? -1 : -2 }
    var groups: [[Int]] = []
    for x in 0..<parent.count {
      let root = find(x)
      guard slot[root] != -2 else { continue }
      if slot[root] < 0 {
        slot[root] = Int32(groups.count)
        groups.append([])
      }
      groups[Int(slot[root])].append(x)
    }
    return groups
  }
}
