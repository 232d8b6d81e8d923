import XCTest

@testable import PhotoModel

/// The people's and captions' search indexes: `textsHolding` (sixteen positions at a time)
/// against a plain reading of every text, on seeded random texts, and the word edges.
final class TextSearchIndexTests: XCTestCase {
  /// The texts the index holds, in order.
  func index(_ texts: [String]) -> TagSearchIndex {
    let captions = PhotoCaptions(
      texts.enumerated().map { (AssetID(Int64($0.offset)), nil, $0.element) })
    let assets = texts.indices.map { i in
      Asset(
        id: AssetID(Int64(i)), path: "/p/\(i).jpg", byteSize: 1, modificationTime: 0,
        format: .jpeg, storedPixelSize: nil, orientation: .up,
        captureDate: CaptureDate(year: 2020, month: 1, day: 1, hour: 0, source: .exif))
    }
    return TagSearchIndex.captions(assets, captions: captions)
  }

  /// What `textsHolding` should say, read the slow way.
  func expected(_ texts: [String], _ word: String, _ match: TagSearchIndex.Match) -> [Bool] {
    func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber }
    return texts.map { raw in
      let text = Array(" " + raw.lowercased())
      let needle = Array(word)
      guard text.count >= needle.count else { return false }
      for at in 0...(text.count - needle.count) where Array(text[at..<at + needle.count]) == needle
      {
        let starts = !isWord(text[at - (at > 0 ? 1 : 0)]) || at == 0
        let end = at + needle.count
        let ends = match != .word || end == text.count || !isWord(text[end])
        if starts && ends { return true }
      }
      return false
    }
  }

  func testSeededRandomTextsAgreeWithAPlainReading() {
    var seed = UInt64(0x1EAF_CAFE)
    print("TextSearchIndexTests seed: \(seed)")
    func next() -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33)
    }
    let syllables = ["la", "ke", "li", "gh", "an", "na", "ho", "us", "e", " ", " ", ",", "1"]
    for round in 0..<40 {
      let texts = (0..<(1 + next() % 40)).map { _ in
        (0..<(1 + next() % 30)).map { _ in syllables[next() % syllables.count] }.joined()
      }
      let index = index(texts)
      for word in ["l", "la", "lake", "ana", "house", "an", "e", "1", "na na", "ke,"] {
        // The sorted words answer for a word of letters and digits, as the scan does.
        if CaptionWords.canFind(Array(word.utf8)) {
          XCTAssertEqual(
            index.words?.texts(startingWith: Array(word.utf8), count: texts.count),
            expected(texts, word, .wordStart), "round \(round), \(word) by words: \(texts)")
        }
        for match in [TagSearchIndex.Match.wordStart, .word] {
          XCTAssertEqual(
            index.textsHolding(Array(word.utf8), match: match), expected(texts, word, match),
            "round \(round), \(word) \(match): \(texts)")
        }
      }
    }
  }

  func testWordEdges() {
    let index = index(["Lakeside café", "Blake", "lake", "a lake, b"])
    XCTAssertEqual(
      index.textsHolding(Array("lake".utf8), match: .wordStart), [true, false, true, true])
    XCTAssertEqual(
      index.textsHolding(Array("lake".utf8), match: .word), [false, false, true, true])
    XCTAssertEqual(
      index.textsHolding(Array("cafe".utf8), match: .word), [true, false, false, false])
    XCTAssertEqual(index.textsHolding(Array("".utf8), match: .word), [false, false, false, false])
  }
}
