extension Array {
  /// Removes the elements at `positions` (ascending, each a valid index) in one pass,
  /// keeping the others' order: no element is compared or hashed on the way.
  mutating func remove(sortedPositions positions: [Int]) {
    guard let first = positions.first else { return }
    if positions.count == 1 {
      remove(at: first)
      return
    }
    var next = 0
    var kept = first
    for i in first..<count {
      if next < positions.count && positions[next] == i {
        next += 1
        continue
      }
      swapAt(kept, i)
      kept += 1
    }
    removeLast(count - kept)
  }
}
