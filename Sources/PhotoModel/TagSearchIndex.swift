#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// The texts' words, sorted, for a word typed from its start (the captions' index only).
  let words: CaptionWords?

  /// An index of other texts than tags (people's names, captions): `foldedText` holds them
  /// one after the other, each ended by a 0 byte and starting at `pathStarts`; `starts` and
  /// `tagIndices` give each photo's texts by its position, as for tags.
  /// `words`, when given, answers `Match.wordStart` for words typed of letters and digits.
  init(
    count: Int, foldedText: [UInt8], pathStarts: [Int32], starts: [UInt32],
    tagIndices: [UInt32], words: CaptionWords? = nil
  ) {
    self.count = count
    self.foldedText = foldedText
    self.pathStarts = pathStarts
    self.starts = starts
    self.tagIndices = tagIndices
    self.words = words
  }

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
    words = nil
    // Each tagged photo's position, by a pass over the library.
    let positionOfRow = Self.positions(of: tags.photoIDs, in: assets)
    (starts, tagIndices) = Self.byPosition(
      count: assets.count, positionOfRow: positionOfRow, forEachRow: tags.forEachPhoto)
  }

  /// Each photo's text indices laid out by the photo's position (its first at
  /// `starts[position]`, the next photo's first at `starts[position + 1]`), from a side
  /// table's rows in id order; `positionOfRow` gives each row's position, -1 when the photo
  /// is not in the library.
  static func byPosition(
    count: Int, positionOfRow: [Int32],
    forEachRow: ((AssetID, ArraySlice<UInt32>) -> Void) -> Void
  ) -> (starts: [UInt32], indices: [UInt32]) {
    var counts = [UInt32](repeating: 0, count: count + 1)
    var row = 0
    forEachRow { _, indices in
      let position = positionOfRow[row]
      row += 1
      if position >= 0 { counts[Int(position) + 1] = UInt32(indices.count) }
    }
    for i in 1..<counts.count { counts[i] += counts[i - 1] }
    var flat = [UInt32](repeating: 0, count: Int(counts.last ?? 0))
    row = 0
    forEachRow { _, indices in
      let position = positionOfRow[row]
      row += 1
      guard position >= 0 else { return }
      var at = Int(counts[Int(position)])
      for index in indices {
        flat[at] = index
        at += 1
      }
    }
    return (counts, flat)
  }

  /// Where in a text a word must be found.
  public enum Match: Sendable {
    /// Anywhere ("kyo" in "kyoto").
    case within
    /// From the start of a word ("ann" in "anna weiss", not in "joanna"); a word with a
    /// letter beyond ASCII anywhere (scripts without spaces between words).
    case wordStart
    /// As a whole word ("anna" in "anna weiss", not in "annabel").
    case word
  }

  /// Marks in `hits` (one flag per photo) the photos with a tag matching `word` (folded):
  /// `wholeLevel`, a level of the path equal to it ("kyoto"; "japan/kyoto" for two levels
  /// in a row), else a level holding it ("kyo"). Returns whether any tag matched.
  @discardableResult
  public func mark(tagged word: String, wholeLevel: Bool, in hits: inout [Bool]) -> Bool {
    guard !word.isEmpty else { return false }
    return mark(Array((wholeLevel ? "/" + word + "/" : word).utf8), match: .within, in: &hits)
  }

  /// Marks in `hits` the photos with a text (a tag's folded path, a name, a caption)
  /// holding `word` (folded) as `match` says. Returns whether any text matched.
  @discardableResult
  public func mark(_ word: String, match: Match, in hits: inout [Bool]) -> Bool {
    mark(Array(word.utf8), match: match, in: &hits)
  }

  private func mark(_ needle: [UInt8], match: Match, in hits: inout [Bool]) -> Bool {
    guard !needle.isEmpty, hits.count == count else { return false }
    let matching: [Bool]
    if match == .within {
      matching = tagsHolding(needle)
    } else if match == .wordStart, let words, CaptionWords.canFind(needle) {
      matching = words.texts(startingWith: needle, count: pathStarts.count)
    } else {
      matching = textsHolding(needle, match: match)
    }
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

  /// Per text: whether it holds `needle` from a word's start (`.wordStart`) or as a whole
  /// word (`.word`). Candidates are found by `memchr` (glibc's is vectorised: captions are
  /// megabytes at a million photos), then the rest and the edges tested.
  func textsHolding(_ needle: [UInt8], match: Match) -> [Bool] {
    var matching = [Bool](repeating: false, count: pathStarts.count)
    guard !needle.isEmpty, !needle.contains(0), !foldedText.isEmpty else { return matching }
    // A word beyond ASCII is looked for anywhere (`Match.wordStart`).
    let anywhere = match == .wordStart && needle.contains { $0 >= 0x80 }
    @inline(__always) func isWordByte(_ byte: UInt8) -> Bool {
      byte >= 0x80 || (byte &- 0x61) < 26 || (byte &- 0x30) < 10
    }
    foldedText.withUnsafeBufferPointer { text in
      needle.withUnsafeBufferPointer { needle in
        pathStarts.withUnsafeBufferPointer { starts in
          let base = text.baseAddress!
          var from = 0
          var tag = 0
          while from + needle.count <= text.count {
            // The next place the needle's first byte is (glibc's memchr is vectorised),
            // then the rest compared.
            guard
              let found = memchr(
                base + from, Int32(needle[0]), text.count - from - needle.count + 1)
            else { break }
            let i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if needle.count > 1,
              memcmp(base + i + 1, needle.baseAddress! + 1, needle.count - 1) != 0
            {
              from = i + 1
              continue
            }
            let end = i + needle.count
            let startsWord = anywhere || i == 0 || !isWordByte(text[i - 1])
            let endsWord = match != .word || end >= text.count || !isWordByte(text[end])
            guard startsWord && endsWord else {
              from = i + 1
              continue
            }
            while tag + 1 < starts.count, Int(starts[tag + 1]) <= i { tag += 1 }
            matching[tag] = true
            guard tag + 1 < starts.count else { break }
            from = Int(starts[tag + 1])
          }
        }
      }
    }
    return matching
  }
}
