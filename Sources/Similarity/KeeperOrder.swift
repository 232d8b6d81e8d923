/// The suggested keeper of a group first: the highest resolution, then the original over a
/// re-encode (camera EXIF kept, then the larger file at the same resolution), then the most
/// metadata, then the oldest; the path breaks ties so the order never depends on the walk.
public enum KeeperOrder {
  /// True when `a` is the better keeper than `b`.
  public static func precedes(_ a: PhotoPrint, _ b: PhotoPrint) -> Bool {
    let areaA = a.pixelSize?.area ?? 0
    let areaB = b.pixelSize?.area ?? 0
    if areaA != areaB { return areaA > areaB }
    if (a.camera != nil) != (b.camera != nil) { return a.camera != nil }
    if a.byteSize != b.byteSize { return a.byteSize > b.byteSize }
    if a.metadataCount != b.metadataCount { return a.metadataCount > b.metadataCount }
    if a.dateKey != b.dateKey { return a.dateKey < b.dateKey }
    return a.path < b.path
  }

  /// `members` (indices into `prints`) with the suggested keeper first.
  public static func sorted(_ members: [Int], in prints: [PhotoPrint]) -> [Int] {
    members.sorted { precedes(prints[$0], prints[$1]) }
  }
}
