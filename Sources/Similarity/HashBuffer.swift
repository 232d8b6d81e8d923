/// Perceptual keys as the grouping holds them: the two 64-bit words of each key in two flat
/// arrays (16 bytes a photo) and the number of the photo it belongs to (an `Int32`: 4
/// bytes), reordered in place by `ChunkIndex`. Optional keys in an array were 24 bytes a
/// photo, and the search's copies of them 44 more (docs/benchmarks.md).
struct HashBuffer {
  private(set) var first: [UInt64] = []
  private(set) var second: [UInt64] = []
  private(set) var owners: [Int32] = []

  init(capacity: Int) {
    first.reserveCapacity(capacity)
    second.reserveCapacity(capacity)
    owners.reserveCapacity(capacity)
  }

  var count: Int { owners.count }

  mutating func append(_ key: SimilarityRule.Key, owner: Int32) {
    first.append(key.first)
    second.append(key.second)
    owners.append(owner)
  }

  /// Sorts the keys by the 16-bit chunk `chunk` (0–3 of the first word, 4–7 of the second)
  /// in place, by cycles (an American-flag sort: each key moves once, straight to its
  /// bucket), and returns where each chunk value's run starts (65,537 entries, the last the
  /// end).
  mutating func sort(byChunk chunk: Int) -> [Int32] {
    let shift = UInt64(16 * (chunk % 4))
    let inFirst = chunk < 4
    var starts = [Int32](repeating: 0, count: 65_537)
    func bucket(_ i: Int) -> Int {
      Int(((inFirst ? first[i] : second[i]) >> shift) & 0xFFFF)
    }
    for i in 0..<count { starts[bucket(i) + 1] += 1 }
    for v in 1..<starts.count { starts[v] += starts[v - 1] }
    var next = Array(starts[0..<65_536])
    first.withUnsafeMutableBufferPointer { f in
      second.withUnsafeMutableBufferPointer { s in
        owners.withUnsafeMutableBufferPointer { o in
          let words = inFirst ? f : s
          for v in 0..<65_536 {
            let end = Int(starts[v + 1])
            var i = Int(next[v])
            while i < end {
              // Carry the key at i to its bucket until one that belongs here comes back.
              var b = Int((words[i] >> shift) & 0xFFFF)
              while b != v {
                let j = Int(next[b])
                next[b] += 1
                f.swapAt(i, j)
                s.swapAt(i, j)
                o.swapAt(i, j)
                b = Int((words[i] >> shift) & 0xFFFF)
              }
              i += 1
            }
            next[v] = Int32(end)
          }
        }
      }
    }
    return starts
  }
}
