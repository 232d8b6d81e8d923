/// The library's tags as search reads them: each tag path folded once ("/places/japan/kyoto/",
/// lower case, accents off, as place names are), and each photo's tags by its position in
/// the library's list, so a keystroke tests each tag once and then reads integers.
///
/// Built with the Search tab's `SearchIndex` (and dropped with it), from the library's photos
/// and their `PhotoTags`.
public final class TagSearchIndex: Sendable {
  /// How many photos the index covers (the library's list it was built from).
  public let count: Int
  /// Every tag's path folded, its parts between slashes ("/places/japan/kyoto/"), one after
  /// the other, each ended by a 0 byte (which no XML text holds): one buffer to scan, since
  /// 50,000 `String.contains` calls were most of a 70 ms keystroke (`lightbox-bench tags-ui`).
  let foldedText: [UInt8]
  /// Where each tag's folded path starts in `foldedText`.
  let pathStarts: [Int32]
  /// Where each photo's tags start in `tagIndices` (one more entry than photos).
  let starts: [UInt32]
  /// Every photo's tag indices, photo after photo in the library's order.
  let tagIndices: [UInt32]

  public init(_ assets: [Asset], tags: PhotoTags) {
    count = assets.count
    var text: [UInt8] = []
    var pathStarts: [Int32] = []
    pathStarts.reserveCapacity(tags.paths.count)
    for path in tags.paths {
      pathStarts.append(Int32(text.count))
      text += Array(("/" + path.map { PlaceFolding.folded($0) }.joined(separator: "/") + "/").utf8)
      text.append(0)
    }
    foldedText = text
    self.pathStarts = pathStarts
    // Each tagged photo's position, by a pass over the library: its ids in one array.
    var positionOfRow = [Int32](repeating: -1, count: tags.photoIDs.count)
    assets.withUnsafeBufferPointer { buffer in
      tags.photoIDs.withUnsafeBufferPointer { ids in
        guard !ids.isEmpty else { return }
        for i in buffer.indices {
          // The tagged photos' ids are sorted: a binary search finds the row.
          let id = buffer[i].id
          var low = 0
          var high = ids.count
          while low < high {
            let mid = (low + high) / 2
            if ids[mid] < id { low = mid + 1 } else { high = mid }
          }
          if low < ids.count, ids[low] == id { positionOfRow[low] = Int32(i) }
        }
      }
    }
    var counts = [UInt32](repeating: 0, count: assets.count + 1)
    var row = 0
    tags.forEachPhoto { _, indices in
      let position = positionOfRow[row]
      row += 1
      if position >= 0 { counts[Int(position) + 1] = UInt32(indices.count) }
    }
    for i in 1..<counts.count { counts[i] += counts[i - 1] }
    var flat = [UInt32](repeating: 0, count: Int(counts.last ?? 0))
    row = 0
    tags.forEachPhoto { _, indices in
      let position = positionOfRow[row]
      row += 1
      guard position >= 0 else { return }
      var at = Int(counts[Int(position)])
      for t in indices {
        flat[at] = t
        at += 1
      }
    }
    starts = counts
    tagIndices = flat
  }

  /// Marks in `hits` (one flag per photo) the photos with a tag matching `word` (folded):
  /// `wholeLevel`, a level of the path equal to it ("kyoto"; "japan/kyoto" for two levels
  /// in a row), else a level holding it ("kyo"). Returns whether any tag matched.
  @discardableResult
  public func mark(tagged word: String, wholeLevel: Bool, in hits: inout [Bool]) -> Bool {
    guard !word.isEmpty, hits.count == count else { return false }
    let matching = tagsHolding(Array((wholeLevel ? "/" + word + "/" : word).utf8))
    guard matching.contains(true) else { return false }
    starts.withUnsafeBufferPointer { starts in
      tagIndices.withUnsafeBufferPointer { indices in
        hits.withUnsafeMutableBufferPointer { hits in
          for photo in 0..<count where !hits[photo] {
            var k = Int(starts[photo])
            let end = Int(starts[photo + 1])
            while k < end {
              if matching[Int(indices[k])] {
                hits[photo] = true
                break
              }
              k += 1
            }
          }
        }
      }
    }
    return true
  }

  /// Per tag: whether its folded path holds `needle`, in one pass over `foldedText`.
  func tagsHolding(_ needle: [UInt8]) -> [Bool] {
    var matching = [Bool](repeating: false, count: pathStarts.count)
    guard let first = needle.first, !needle.contains(0) else { return matching }
    let n = needle.count
    foldedText.withUnsafeBufferPointer { text in
      needle.withUnsafeBufferPointer { needle in
        pathStarts.withUnsafeBufferPointer { starts in
          var i = 0
          let end = text.count - n
          var tag = 0
          while i <= end {
            if text[i] == first {
              var j = 1
              while j < n, text[i + j] == needle[j] { j += 1 }
              if j == n {
                // The tag whose path holds position i: the last start at or before it.
                while tag + 1 < starts.count, Int(starts[tag + 1]) <= i { tag += 1 }
                matching[tag] = true
                // On to the next tag's path: this one is found.
                guard tag + 1 < starts.count else { break }
                i = Int(starts[tag + 1])
                continue
              }
            }
            i += 1
          }
        }
      }
    }
    return matching
  }
}
