/// Finds a search word in text only where it stands as a whole word.
///
/// Lens names are long strings of common words ("iPhone 15 Pro back triple camera 6.765mm
/// f/1.78"): found as a substring, "trip" found every iPhone photo through "triple". A lens
/// word counts only where it starts and ends at a word's edge, a word being a run of letters
/// or a run of digits ("24-105" and "105mm" are in "RF24-105mm", "trip" is not in
/// "triple"); `lens:` terms still match inside words (DECISIONS.md, 2026-11-28).
public enum WholeWordMatch {
  /// True when `word` (lowercase, not empty) is in `text` ignoring case, starting and ending
  /// at the edges of words (runs of letters, runs of digits).
  public static func contains(_ text: String, word: String) -> Bool {
    let needle = Array(word.utf8)
    guard !needle.isEmpty else { return true }
    if needle.allSatisfy({ $0 < 0x80 }) {
      var text = text
      return text.withUTF8 { contains($0, needle: needle) }
    }
    return contains(Array(text.lowercased().utf8)[...], needle: needle)
  }

  /// The byte-wise search, ASCII letters folded.
  static func contains<Bytes: RandomAccessCollection<UInt8>>(_ text: Bytes, needle: [UInt8])
    -> Bool where Bytes.Index == Int
  {
    guard text.count >= needle.count else { return false }
    let start = text.startIndex
    let last = text.endIndex - needle.count
    var i = start
    while i <= last {
      var j = 0
      while j < needle.count && ASCIIMatch.fold(text[i + j]) == needle[j] { j += 1 }
      if j == needle.count,
        i == start || isEdge(text[i - 1], text[i]),
        i + j == text.endIndex || isEdge(text[i + j - 1], text[i + j])
      {
        return true
      }
      i += 1
    }
    return false
  }

  /// True when a word ends between the bytes `a` and `b`: they are of different kinds
  /// (letter, digit, other), or neither is a letter or digit.
  @inline(__always)
  static func isEdge(_ a: UInt8, _ b: UInt8) -> Bool {
    let (kindA, kindB) = (kind(a), kind(b))
    return kindA != kindB || kindA == 0
  }

  /// 1 for a letter (every byte past ASCII counts as one, so "é" joins the letters beside
  /// it), 2 for a digit, 0 for anything else.
  @inline(__always)
  static func kind(_ byte: UInt8) -> Int {
    let folded = ASCIIMatch.fold(byte)
    if (folded >= 0x61 && folded <= 0x7A) || byte >= 0x80 { return 1 }
    return byte >= 0x30 && byte <= 0x39 ? 2 : 0
  }
}
