import PhotoModel

/// Where photos are in an array of them, found by reading only their ids in place: a scan
/// that read each photo whole copied and released it (a million retains for `f`).
enum PhotoPositions {
  /// The positions in `photos` of the photos whose id is in `ids`, in order.
  static func of(_ ids: Set<AssetID>, in photos: [Asset]) -> [Int] {
    guard !ids.isEmpty else { return [] }
    // A few ids (the usual case: the selected photo) are compared directly, many looked up
    // in a bitmap of ids (not hashed: a million hashes were ~15 ms).
    let few = ids.count <= 8 ? Array(ids) : nil
    let many = few == nil ? AssetIDMembership(ids, largestID: Int64(photos.count)) : nil
    return photos.withUnsafeBufferPointer { buffer in
      var found: [Int] = []
      for i in buffer.indices {
        let id = buffer[i].id
        guard few.map({ $0.contains(id) }) ?? many!.contains(id) else { continue }
        found.append(i)
        if found.count == ids.count { break }
      }
      return found
    }
  }

  /// The position in `photos` of the photo with `id`, or nil.
  static func first(_ id: AssetID, in photos: [Asset]) -> Int? {
    photos.withUnsafeBufferPointer { buffer in buffer.firstIndex { $0.id == id } }
  }
}

extension PhotoPositions {
  /// The position of `asset` in `photos`, which the catalog keeps in order (capture time,
  /// then path): found by halving, reading a few photos instead of a million ids. Falls back
  /// to reading the ids when the order does not hold where it looks.
  static func sorted(_ asset: Asset, in photos: [Asset]) -> Int? {
    let key = asset.captureDate.localSortKey
    var i = insertionPoint(of: asset, in: photos)
    return photos.withUnsafeBufferPointer { buffer -> Int? in
      // Photos with the same time and path (never in a catalog, but cheap to allow).
      while i < buffer.count && buffer[i].captureDate.localSortKey == key {
        if buffer[i].id == asset.id { return i }
        i += 1
      }
      return buffer.firstIndex { $0.id == asset.id }
    }
  }

  /// The first position in `photos` (in the catalog's order: capture time, then path)
  /// whose photo does not come before `asset`: where it is, or where it goes.
  static func insertionPoint(of asset: Asset, in photos: [Asset]) -> Int {
    let key = asset.captureDate.localSortKey
    return photos.withUnsafeBufferPointer { buffer in
      var low = 0
      var high = buffer.count
      while low < high {
        let mid = (low + high) / 2
        let other = buffer[mid].captureDate.localSortKey
        if other < key || (other == key && buffer[mid].path < asset.path) {
          low = mid + 1
        } else {
          high = mid
        }
      }
      return low
    }
  }
}
