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

  /// Each of `groups` (photo numbers) keeper first, as `sorted` orders them, handed to `body`
  /// in turn; the prints come from `prints` (in the order of the numbers asked), a few groups
  /// at a time (up to `batch` photos, or one larger group): only the photos of groups are
  /// ever made prints, never the whole library.
  public static func batches(
    of groups: [[Int]], batch: Int = 4096, prints: ([Int]) -> [PhotoPrint],
    _ body: ([Int]) -> Void
  ) {
    var start = 0
    while start < groups.count {
      var end = start
      var members: [Int] = []
      repeat {
        members += groups[end]
        end += 1
      } while end < groups.count && members.count + groups[end].count <= batch
      let found = prints(members)
      precondition(found.count == members.count, "a print for each photo asked")
      var offset = 0
      for group in groups[start..<end] {
        // The same comparisons as `sorted` makes, on the group's own prints.
        let own = Array(found[offset..<(offset + group.count)])
        body(sorted(Array(own.indices), in: own).map { group[$0] })
        offset += group.count
      }
      start = end
    }
  }
}
