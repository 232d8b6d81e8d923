/// The words of the folded captions, each once and sorted, with the captions holding each:
/// a keystroke reads the range of words that start with what was typed, instead of scanning
/// every caption (70 MB for a million of them; DECISIONS.md, 2026-11-28).
///
/// A word is a run of letters and digits (any byte beyond ASCII counts as a letter), as
/// `TagSearchIndex.textsHolding` finds a word's start.
final class CaptionWords: Sendable {
  /// The distinct words in sorted order, one after the other.
  let wordText: [UInt8]
  /// Where each word starts in `wordText` (one more entry: the end).
  let wordStarts: [UInt32]
  /// Where each word's captions start in `postings` (one more entry than words).
  let postingStarts: [UInt32]
  /// Each word's captions (rows of the index's texts), ascending.
  let postings: [UInt32]

  /// The words of the texts of `text` starting at `textStarts` (each ended by a 0 byte).
  init(text: [UInt8], textStarts: [Int32]) {
    var ids: [ArraySlice<UInt8>: UInt32] = [:]
    var words: [ArraySlice<UInt8>] = []
    var pairWords: [UInt32] = []
    var pairTexts: [UInt32] = []
    var seen: [UInt32] = []
    for (row, start) in textStarts.enumerated() {
      seen.removeAll(keepingCapacity: true)
      var i = Int(start)
      while i < text.count, text[i] != 0 {
        guard Self.isWordByte(text[i]) else {
          i += 1
          continue
        }
        var end = i + 1
        while end < text.count, Self.isWordByte(text[end]) { end += 1 }
        let word = text[i..<end]
        let id: UInt32
        if let known = ids[word] {
          id = known
        } else {
          id = UInt32(words.count)
          ids[word] = id
          words.append(word)
        }
        // A caption counts once a word.
        if !seen.contains(id) {
          seen.append(id)
          pairWords.append(id)
          pairTexts.append(UInt32(row))
        }
        i = end
      }
    }
    ids = [:]
    let order = words.indices.sorted { words[$0].lexicographicallyPrecedes(words[$1]) }
    var rank = [UInt32](repeating: 0, count: words.count)
    var wordText: [UInt8] = []
    var wordStarts: [UInt32] = []
    wordStarts.reserveCapacity(words.count + 1)
    for (position, id) in order.enumerated() {
      rank[id] = UInt32(position)
      wordStarts.append(UInt32(wordText.count))
      wordText += words[id]
    }
    wordStarts.append(UInt32(wordText.count))
    // The pairs by word (a counting sort), each word's captions ascending as read.
    var starts = [UInt32](repeating: 0, count: words.count + 1)
    for id in pairWords { starts[Int(rank[Int(id)]) + 1] += 1 }
    for w in 0..<words.count { starts[w + 1] += starts[w] }
    var cursor = starts
    var postings = [UInt32](repeating: 0, count: pairWords.count)
    for (id, row) in zip(pairWords, pairTexts) {
      let w = Int(rank[Int(id)])
      postings[Int(cursor[w])] = row
      cursor[w] += 1
    }
    self.wordText = wordText
    self.wordStarts = wordStarts
    postingStarts = starts
    self.postings = postings
  }

  /// True for a byte of a word: an ASCII letter (folded: lower case) or digit, or any byte
  /// beyond ASCII.
  @inline(__always) static func isWordByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte &- 0x61) < 26 || (byte &- 0x30) < 10
  }

  /// True when every byte of `needle` is a word's: then a caption has it at a word's start
  /// exactly when one of its words starts with it.
  static func canFind(_ needle: [UInt8]) -> Bool {
    !needle.isEmpty && needle.allSatisfy { $0 < 0x80 && isWordByte($0) }
  }

  /// Per caption (of `count`): whether one of its words starts with `prefix`.
  func texts(startingWith prefix: [UInt8], count: Int) -> [Bool] {
    var found = [Bool](repeating: false, count: count)
    let words = wordStarts.count - 1
    wordText.withUnsafeBufferPointer { text in
      func word(_ w: Int) -> Slice<UnsafeBufferPointer<UInt8>> {
        text[Int(wordStarts[w])..<Int(wordStarts[w + 1])]
      }
      // The first word not before the prefix, by halving.
      var low = 0
      var high = words
      while low < high {
        let mid = (low + high) / 2
        if word(mid).lexicographicallyPrecedes(prefix) { low = mid + 1 } else { high = mid }
      }
      postings.withUnsafeBufferPointer { postings in
        found.withUnsafeMutableBufferPointer { found in
          var w = low
          while w < words, word(w).starts(with: prefix) {
            for k in Int(postingStarts[w])..<Int(postingStarts[w + 1]) {
              found[Int(postings[k])] = true
            }
            w += 1
          }
        }
      }
    }
    return found
  }
}
