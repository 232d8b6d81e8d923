/// The SHA-256 of a photo's image data (`ImageDataHash`): equal digests are the same
/// picture, whatever metadata the files carry.
///
/// Held as four words rather than an array: a million of them are grouped in a dictionary.
public struct ImageDigest: Hashable, Sendable, CustomStringConvertible {
  public let words: (UInt64, UInt64, UInt64, UInt64)

  /// The digest of 32 bytes (big-endian words, so `description` reads as the bytes do).
  public init(bytes: [UInt8]) {
    precondition(bytes.count == 32, "a SHA-256 digest has 32 bytes")
    func word(_ at: Int) -> UInt64 {
      bytes[at..<(at + 8)].reduce(0) { $0 << 8 | UInt64($1) }
    }
    words = (word(0), word(8), word(16), word(24))
  }

  public static func == (a: ImageDigest, b: ImageDigest) -> Bool {
    a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2
      && a.words.3 == b.words.3
  }

  public func hash(into hasher: inout Hasher) {
    // The first word is already uniformly spread: one is enough for the table.
    hasher.combine(words.0)
  }

  /// The 32 bytes (what `init(bytes:)` was given).
  public var bytes: [UInt8] {
    [words.0, words.1, words.2, words.3].flatMap { word in
      (0..<8).reversed().map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) }
    }
  }

  /// The digest in lowercase hex (64 characters).
  public var description: String {
    [words.0, words.1, words.2, words.3].map { word in
      let hex = String(word, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}
