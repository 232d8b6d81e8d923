import PhotoModel

/// Where photos are in an array of them, found by reading only their ids in place: a scan
/// that read each photo whole copied and released it (a million retains for `f`).
enum PhotoPositions {
  /// The positions in `photos` of the photos whose id is in `ids`, in order.
  static func of(_ ids: Set<AssetID>, in photos: [Asset]) -> [Int] {
    guard !ids.isEmpty else { return [] }
    // A few ids (the usual case: the selected photo) are compared directly, not hashed.
    let few = ids.count <= 8 ? Array(ids) : nil
    return photos.withUnsafeBufferPointer { buffer in
      var found: [Int] = []
      for i in buffer.indices {
        let id = buffer[i].id
        guard few.map({ $0.contains(id) }) ?? ids.contains(id) else { continue }
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
