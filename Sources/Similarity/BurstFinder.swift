/// Bursts: frames from one camera (same make and model, same pixel size) at most
/// `SimilarityRule.burstMilliseconds` apart by the camera's clock, looking alike (within
/// `burstRadius`), not at the same instant and not the same image data (a copy or re-encode
/// of a frame is a duplicate, not another frame). Frames chain: a ten-frame burst over four seconds is one burst.
enum BurstFinder {
  static func bursts<Source: PrintSource>(_ source: Source, rule: SimilarityRule) -> [[Int]] {
    /// `(shot, path)` order: the path breaks a tie of two instants.
    func timePrecedes(_ a: Int, _ b: Int) -> Bool {
      let x = source.shotMilliseconds(a)!
      let y = source.shotMilliseconds(b)!
      return x != y ? x < y : source.pathPrecedes(a, b)
    }
    // Only photos a burst can hold, ordered by camera, size and time so that the frames of a
    // burst are neighbours (their numbers: 4 bytes a photo, sorted in place).
    var candidates: [Int32] = []
    for i in 0..<source.count
    where source.hasCamera(i) && source.shotMilliseconds(i) != nil && source.hash(i) != nil {
      candidates.append(Int32(i))
    }
    candidates.sort { a, b in
      let (a, b) = (Int(a), Int(b))
      if !source.sameCamera(a, b) { return source.cameraPrecedes(a, b) }
      let x = source.pixelSize(a)
      let y = source.pixelSize(b)
      if x != y {
        return (x?.width ?? 0, x?.height ?? 0) < (y?.width ?? 0, y?.height ?? 0)
      }
      return timePrecedes(a, b)
    }
    var sets = UnionFind(count: source.count)
    for (position, i) in candidates.enumerated() {
      let i = Int(i)
      let shot = source.shotMilliseconds(i)!
      let hash = source.hash(i)!
      for j in candidates[(position + 1)...] {
        let j = Int(j)
        let other = source.shotMilliseconds(j)!
        guard source.sameCamera(j, i), source.pixelSize(j) == source.pixelSize(i),
          other - shot <= rule.burstMilliseconds
        else { break }
        // The same instant is the same shot (a copy, or a re-encode that kept the EXIF), not
        // another frame: a burst's frames differ in their sub-second time.
        if shot == other { continue }
        if source.sameDigest(i, j) { continue }
        if rule.distance(hash, source.hash(j)!) <= rule.burstRadius {
          sets.union(i, j)
        }
      }
    }
    // In time order within each burst, bursts by their first frame's time.
    return sets.groups().map { burst in burst.sorted(by: timePrecedes) }
      .sorted { source.shotMilliseconds($0[0])! < source.shotMilliseconds($1[0])! }
  }
}
