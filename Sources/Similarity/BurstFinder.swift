/// Bursts: frames from one camera (same make and model, same pixel size) at most
/// `SimilarityRule.burstMilliseconds` apart by the camera's clock, looking alike (within
/// `burstRadius`), not at the same instant and not the same image data (a copy or re-encode
/// of a frame is a duplicate, not another frame). Frames chain: a ten-frame burst over four seconds is one burst.
enum BurstFinder {
  static func bursts(_ prints: [PhotoPrint], rule: SimilarityRule) -> [[Int]] {
    // Only photos a burst can hold, ordered by camera, size and time so that the frames of a
    // burst are neighbours.
    let candidates = prints.indices.filter { i in
      prints[i].camera != nil && prints[i].shotMilliseconds != nil && prints[i].hash != nil
    }.sorted { a, b in
      let x = prints[a]
      let y = prints[b]
      if x.camera != y.camera { return x.camera! < y.camera! }
      if x.pixelSize != y.pixelSize {
        return (x.pixelSize?.width ?? 0, x.pixelSize?.height ?? 0)
          < (y.pixelSize?.width ?? 0, y.pixelSize?.height ?? 0)
      }
      return (x.shotMilliseconds!, x.path) < (y.shotMilliseconds!, y.path)
    }
    var sets = UnionFind(count: prints.count)
    for (position, i) in candidates.enumerated() {
      let a = prints[i]
      for j in candidates[(position + 1)...] {
        let b = prints[j]
        guard b.camera == a.camera, b.pixelSize == a.pixelSize,
          b.shotMilliseconds! - a.shotMilliseconds! <= rule.burstMilliseconds
        else { break }
        // The same instant is the same shot (a copy, or a re-encode that kept the EXIF), not
        // another frame: a burst's frames differ in their sub-second time.
        if a.shotMilliseconds == b.shotMilliseconds { continue }
        if a.digest != nil, a.digest == b.digest { continue }
        if rule.distance(a.hash!, b.hash!) <= rule.burstRadius {
          sets.union(i, j)
        }
      }
    }
    // In time order within each burst, bursts by their first frame's time.
    return sets.groups().map { burst in
      burst.sorted {
        (prints[$0].shotMilliseconds!, prints[$0].path) < (
          prints[$1].shotMilliseconds!, prints[$1].path
        )
      }
    }.sorted { prints[$0[0]].shotMilliseconds! < prints[$1[0]].shotMilliseconds! }
  }
}
