/// A BK-tree over 128-bit hashes (two words) under Hamming distance: the hashes within a radius of a
/// query without comparing against all of them (the triangle inequality prunes each
/// subtree whose edge distance is more than the radius away from the query's).
///
/// Nodes live in flat arrays, so a million hashes are a few arrays, not a million objects.
struct HammingTree {
  private var hashes: [SimilarityRule.Key] = []
  private var values: [Int32] = []
  /// Children as linked lists (first child, next sibling, the edge's distance): a slot per
  /// possible distance would be 65 a node.
  private var firstChild: [Int32] = []
  private var nextSibling: [Int32] = []
  private var edge: [UInt8] = []

  var count: Int { hashes.count }

  /// Adds `hash` with `value` (an index into the caller's photos).
  mutating func insert(_ hash: SimilarityRule.Key, value: Int) {
    let node = Int32(hashes.count)
    hashes.append(hash)
    values.append(Int32(value))
    firstChild.append(-1)
    nextSibling.append(-1)
    edge.append(0)
    guard node > 0 else { return }
    var current = 0
    while true {
      let d = UInt8(hashes[current].distance(to: hash))
      var child = firstChild[current]
      while child >= 0, edge[Int(child)] != d { child = nextSibling[Int(child)] }
      if child >= 0 {
        current = Int(child)
        continue
      }
      edge[Int(node)] = d
      nextSibling[Int(node)] = firstChild[current]
      firstChild[current] = node
      return
    }
  }

  /// Calls `body(value, distance)` for every stored hash within `radius` of `query`.
  func search(_ query: SimilarityRule.Key, radius: Int, _ body: (Int, Int) -> Void) {
    guard !hashes.isEmpty else { return }
    var stack: [Int32] = [0]
    while let node = stack.popLast() {
      let n = Int(node)
      let d = hashes[n].distance(to: query)
      if d <= radius { body(Int(values[n]), d) }
      var child = firstChild[n]
      while child >= 0 {
        let c = Int(child)
        if abs(Int(edge[c]) - d) <= radius { stack.append(child) }
        child = nextSibling[c]
      }
    }
  }
}
