/// Case-insensitive matching of ASCII words in UTF-8 bytes, without building strings: for
/// checks that run over every photo's name.
///
/// Only ASCII letters fold (`A`–`Z` to `a`–`z`); other bytes must be equal. The words are
/// lowercase ASCII, so this agrees with `lowercased()` followed by `hasPrefix`/`contains` on
/// every name except ones holding the few non-ASCII letters Unicode lowercases to ASCII (the
/// Kelvin sign), which no file-naming tool writes.
enum ASCIIMatch {
  @inline(__always)
  static func fold(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  /// `text` starts with `word` (lowercase ASCII), ignoring ASCII case.
  static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
    hasPrefix(text, at: 0, word)
  }

  /// `text` holds `word` (lowercase ASCII) from `offset` on, ignoring ASCII case.
  @inline(__always)
  static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, at offset: Int, _ word: [UInt8])
    -> Bool
  {
    guard text.count - offset >= word.count else { return false }
    var i = offset
    for byte in word {
      if fold(text[i]) != byte { return false }
      i += 1
    }
    return true
  }

  /// `text` contains `word` (lowercase ASCII, not empty), ignoring ASCII case.
  static func contains(_ text: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
    guard let first = word.first, text.count >= word.count else { return false }
    var start = 0
    let last = text.count - word.count
    while start <= last {
      if fold(text[start]) == first, hasPrefix(text, at: start, word) { return true }
      start += 1
    }
    return false
  }
}
