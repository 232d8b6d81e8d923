import PhotoModel

/// Asks "is this photo one of these?" for every photo of a large library: a bit per id
/// when the ids are the catalog's row numbers (dense, from 1), a hashed set otherwise.
/// Hashing each of a million ids was most of moving 10,000 marked photos to the Trash
/// (two passes of ~15 ms each at a million photos; a bit costs a load and a shift).
struct AssetIDMembership {
  private let bits: [UInt64]
  private let set: Set<AssetID>?

  /// Membership in `ids`, to be asked of photos whose ids go up to about `largestID`.
  init(_ ids: Set<AssetID>, largestID: Int64) {
    let highest = ids.lazy.map(\.rawValue).max() ?? 0
    let lowest = ids.lazy.map(\.rawValue).min() ?? 0
    // A bitmap no larger than the library's ids need (8 MB at most): else a set.
    if lowest >= 0, highest < 64 * 1_048_576, highest <= max(largestID, Int64(ids.count) * 64) {
      var bits = [UInt64](repeating: 0, count: Int(highest / 64) + 1)
      for id in ids { bits[Int(id.rawValue / 64)] |= 1 << UInt64(id.rawValue % 64) }
      self.bits = bits
      set = nil
    } else {
      bits = []
      set = ids
    }
  }

  /// True when `id` is one of the ids.
  @inline(__always)
  func contains(_ id: AssetID) -> Bool {
    if let set { return set.contains(id) }
    let raw = id.rawValue
    guard raw >= 0 else { return false }
    let word = Int(raw / 64)
    return word < bits.count && bits[word] & (1 << UInt64(raw % 64)) != 0
  }
}
