/// Bounds-checked big-endian reads from a file's bytes: every read past the end is nil, so
/// the parsers above it never trap on a malformed file.
struct ByteReader {
  let bytes: UnsafeRawBufferPointer

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  var count: Int { bytes.count }

  func u8(_ at: Int) -> Int? {
    at >= 0 && at < bytes.count ? Int(bytes[at]) : nil
  }

  func u16(_ at: Int) -> Int? {
    guard at >= 0, at <= bytes.count - 2 else { return nil }
    return Int(bytes[at]) << 8 | Int(bytes[at + 1])
  }

  func u32(_ at: Int) -> Int? {
    guard at >= 0, at <= bytes.count - 4 else { return nil }
    return (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
  }

  /// A 64-bit field, nil when it does not fit in 2^62 (no file here is that large).
  func u64(_ at: Int) -> Int? {
    guard at >= 0, at <= bytes.count - 8 else { return nil }
    let value = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[at + $1]) }
    return value < 1 << 62 ? Int(value) : nil
  }

  /// A field of 0, 1, 2, 4 or 8 bytes (HEIF's `iloc` sizes); nil for other sizes.
  func field(_ at: Int, size: Int) -> Int? {
    switch size {
    case 0: return 0
    case 1: return u8(at)
    case 2: return u16(at)
    case 4: return u32(at)
    case 8: return u64(at)
    default: return nil
    }
  }

  /// Four bytes as text when they are printable ASCII ("IDAT", "meta"), else their hex: for
  /// error messages, which name what a malformed file holds.
  func tag(_ at: Int) -> String {
    guard at >= 0, at <= bytes.count - 4 else { return "?" }
    let four = (0..<4).map { bytes[at + $0] }
    if four.allSatisfy({ (0x20...0x7E).contains($0) }) {
      return String(decoding: four, as: UTF8.self)
    }
    return "0x" + four.map { String($0, radix: 16) }.joined()
  }

  /// True when the four bytes at `at` spell `text`.
  func matches(_ text: StaticString, at: Int) -> Bool {
    let count = text.utf8CodeUnitCount
    guard at >= 0, at <= bytes.count - count else { return false }
    return (0..<count).allSatisfy { bytes[at + $0] == text.utf8Start[$0] }
  }
}
