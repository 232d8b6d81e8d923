/// A bounds-checked, non-allocating view of a file's head.
///
/// Every read returns nil instead of trapping when it would leave the buffer, so the parsers
/// can treat hostile offsets and lengths as plain "not there".
struct ByteView {
  let buffer: UnsafeRawBufferPointer

  init(_ buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

  var count: Int { buffer.count }

  /// True when `length` bytes starting at `index` are inside the buffer.
  @inline(__always)
  func contains(_ index: Int, length: Int) -> Bool {
    // `count - length` cannot overflow: both are non-negative when it is evaluated.
    index >= 0 && length >= 0 && length <= count && index <= count - length
  }

  @inline(__always)
  func u8(_ index: Int) -> UInt8? {
    index >= 0 && index < count ? buffer[index] : nil
  }

  @inline(__always)
  func byte(_ index: Int) -> Int { Int(buffer[index]) }

  func u16be(_ index: Int) -> Int? {
    guard contains(index, length: 2) else { return nil }
    return byte(index) << 8 | byte(index + 1)
  }

  func u16le(_ index: Int) -> Int? {
    guard contains(index, length: 2) else { return nil }
    return byte(index + 1) << 8 | byte(index)
  }

  func u24le(_ index: Int) -> Int? {
    guard contains(index, length: 3) else { return nil }
    return byte(index + 2) << 16 | byte(index + 1) << 8 | byte(index)
  }

  func u32be(_ index: Int) -> Int? {
    guard contains(index, length: 4) else { return nil }
    return byte(index) << 24 | byte(index + 1) << 16 | byte(index + 2) << 8 | byte(index + 3)
  }

  func u32le(_ index: Int) -> Int? {
    guard contains(index, length: 4) else { return nil }
    return byte(index + 3) << 24 | byte(index + 2) << 16 | byte(index + 1) << 8 | byte(index)
  }

  func u64be(_ index: Int) -> UInt64? {
    guard let high = u32be(index), let low = u32be(index + 4) else { return nil }
    return UInt64(high) << 32 | UInt64(low)
  }

  /// True when the ASCII text `literal` is stored at `index`.
  func matches(_ literal: StaticString, at index: Int) -> Bool {
    let length = literal.utf8CodeUnitCount
    guard contains(index, length: length) else { return false }
    let pointer = literal.utf8Start
    for i in 0..<length where buffer[index + i] != pointer[i] { return false }
    return true
  }

  /// The four bytes at `index` as a big-endian code (`fourCC("ftyp")` compares with it).
  func fourCC(_ index: Int) -> UInt32? { u32be(index).map { UInt32(truncatingIfNeeded: $0) } }

  /// The bytes of `range` (already known to be inside the buffer) as a lossy UTF-8 string.
  func string(_ range: Range<Int>) -> String {
    String(decoding: UnsafeRawBufferPointer(rebasing: buffer[range]), as: UTF8.self)
  }

  /// The bytes of `range` decoded as ISO 8859-1 (PNG tEXt), each byte one scalar.
  func latin1String(_ range: Range<Int>) -> String {
    var text = String()
    text.reserveCapacity(range.count)
    for i in range { text.unicodeScalars.append(Unicode.Scalar(buffer[i])) }
    return text
  }
}

/// A four-character code as the big-endian integer `ByteView.fourCC` returns.
func fourCC(_ literal: StaticString) -> UInt32 {
  precondition(literal.utf8CodeUnitCount == 4, "four-character codes have four bytes")
  let p = literal.utf8Start
  return UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
}
