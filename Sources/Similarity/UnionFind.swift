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
  mutating func groups() -> [[Int]] {
    var byRoot: [Int: [Int]] = [:]
    for x in 0..<parent.count { byRoot[find(x), default: []].append(x) }
    return byRoot.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
  }
}
