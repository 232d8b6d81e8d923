import CImageKernels
import Dispatch

/// Near pairs of 128-bit keys without comparing all pairs and without a tree: multi-index
/// hashing (Norouzi et al.). A key is cut into eight 16-bit chunks; for each chunk the keys
/// are bucketed by that chunk's value, and a key is compared only with the keys whose same
/// chunk is within one bit of its own (17 buckets a chunk).
///
/// Every pair within 15 bits is found (eight chunks of two or more differing bits would be
/// 16). A pair 16 to `radius` bits apart is found when one of its chunks differs by at most
/// one bit — most such pairs of a photo and its edit do — and the grouping is transitive, so a
/// group is seldom missed; the accuracy set measures it (docs/benchmarks.md). A BK-tree found
/// every pair within the radius but visited almost every node under a radius of 20 of 128
/// bits: 40,000 photos took 12 s.
enum ChunkIndex {
  /// Calls `body(i, j)` (i < j, on this thread) for pairs of `keys` within `radius` bits found
  /// as described; a pair may be reported more than once. Nil keys take no part.
  static func pairs(
    _ keys: [SimilarityRule.Key?], radius: Int, threads: Int = 2, _ body: (Int, Int) -> Void
  ) {
    var hashes = HashBuffer(capacity: keys.count)
    for (i, key) in keys.enumerated() {
      if let key { hashes.append(key, owner: Int32(i)) }
    }
    pairs(&hashes, radius: radius, threads: threads, body)
  }

  /// The same over `hashes` (each key with its owner's number), which it reorders: the keys
  /// are sorted in place by each chunk in turn, so the search holds nothing a photo beyond
  /// the buffer (20 bytes: the 16-byte key and its owner) but the pairs it finds.
  static func pairs(
    _ hashes: inout HashBuffer, radius: Int, threads: Int = 2, _ body: (Int, Int) -> Void
  ) {
    let n = hashes.count
    guard n > 1 else { return }
    // A rule of one 64-bit hash leaves the second word 0: its chunks would put every key in
    // one bucket (all pairs). Then four chunks, every pair within 7 bits found.
    let chunks = hashes.second.allSatisfy { $0 == 0 } ? 4 : 8
    for chunk in 0..<chunks {
      // Sorted by this chunk's value in place (each bucket then one run of memory, and two
      // buckets are compared run against run: random reads of a million keys were most of
      // the time). A sorted copy of the keys was 20 more bytes a photo.
      let bucketStarts = hashes.sort(byChunk: chunk)
      let lanes = max(1, min(threads, n))
      let found = ParallelPairs(lanes: lanes)
      let (keysFirst, keysSecond, indices) = (hashes.first, hashes.second, hashes.owners)
      DispatchQueue.concurrentPerform(iterations: lanes) { lane in
        var pairs: [(Int32, Int32)] = []
        var buffer = [UInt32](repeating: 0, count: 2 * 256)
        keysFirst.withUnsafeBufferPointer { f in
          keysSecond.withUnsafeBufferPointer { s in
            /// Pairs between the runs `a` and `b` (the same run: each pair once), in C.
            func compare(_ a: Range<Int>, _ b: Range<Int>, same: Bool) {
              while true {
                let capacity = buffer.count / 2
                let count = buffer.withUnsafeMutableBufferPointer { out in
                  lb_hamming_run_pairs(
                    f.baseAddress, s.baseAddress, a.lowerBound, a.upperBound, b.lowerBound,
                    b.upperBound, same ? 1 : 0, Int32(radius), out.baseAddress, capacity)
                }
                guard count <= capacity else {
                  buffer = [UInt32](repeating: 0, count: 2 * count)
                  continue
                }
                for k in 0..<count {
                  let (p, q) = (indices[Int(buffer[2 * k])], indices[Int(buffer[2 * k + 1])])
                  pairs.append(p < q ? (p, q) : (q, p))
                }
                return
              }
            }
            var v = lane
            while v < 65_536 {
              let run = Int(bucketStarts[v])..<Int(bucketStarts[v + 1])
              if !run.isEmpty {
                compare(run, run, same: true)
                // The buckets one bit away, each pair of buckets once (from the lower).
                for bit in 0..<16 where v & (1 << bit) == 0 {
                  let w = v | (1 << bit)
                  let other = Int(bucketStarts[w])..<Int(bucketStarts[w + 1])
                  if !other.isEmpty { compare(run, other, same: false) }
                }
              }
              v += lanes
            }
          }
        }
        found.store(pairs, lane: lane)
      }
      for (i, j) in found.all() { body(Int(i), Int(j)) }
    }
  }
}

/// The pairs each thread of `ChunkIndex.pairs` found, one slot a thread.
private final class ParallelPairs: @unchecked Sendable {
  // @unchecked: each lane writes only its own slot of raw memory (never the same element,
  // never the buffer itself), and `all` runs after every lane ended.
  private let slots: UnsafeMutableBufferPointer<[(Int32, Int32)]>

  init(lanes: Int) {
    slots = .allocate(capacity: lanes)
    slots.initialize(repeating: [])
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }

  func store(_ pairs: [(Int32, Int32)], lane: Int) { slots[lane] = pairs }

  func all() -> [(Int32, Int32)] { slots.flatMap { $0 } }
}
