extension Array where Element == AssetID {
  /// The index of `id` in this array, which is in increasing order, by binary search; nil
  /// when it is not there. (The side tables keyed by photo — tags, people, captions, stored
  /// hashes — keep their photos' ids sorted this way instead of a dictionary.)
  public func indexInSorted(_ id: AssetID) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if self[mid] < id { low = mid + 1 } else { high = mid }
    }
    return low < count && self[low] == id ? low : nil
  }
}
