/// Disjoint sets over 0..<count (path halving, union by size): the groups that pairs of
/// near neighbours make, transitively.
struct UnionFind {
  private var parent: [Int32]
  private var size: [Int32]

  init(count: Int) {
    parent = (0..<count).map { Int32($0) }
    size = [Int32](repeating: 1, count: count)
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
    var a = find(a)
    var b = find(b)
    guard a != b else { return }
    if size[a] < size[b] { swap(&a, &b) }
    parent[b] = Int32(a)
    size[a] += size[b]
  }

  /// The sets of two or more members, each in increasing order, ordered by first member.
  /// (A slot per root rather than a dictionary of every root: at a million photos the
  /// singletons are almost all of them.)
  mutating func groups() -> [[Int]] {
    var slot = [Int32](repeating: -1, count: parent.count)
    var groups: [[Int]] = []
    for x in 0..<parent.count {
      let root = find(x)
      guard size[root] > 1 else { continue }
      if slot[root] < 0 {
        slot[root] = Int32(groups.count)
        groups.append([])
      }
      groups[Int(slot[root])].append(x)
    }
    return groups
  }
}
