/// One EBML element header (Matroska, WebM): its ID with the length marker kept, as the
/// Matroska specification writes IDs (`0x1A45DFA3`), where its content starts and where the
/// content ends by its declared size.
///
/// Every read is bounds-checked on the `ByteView`; a size of all ones ("unknown", a live
/// stream's Segment or Cluster) has no declared end, so a walk treats it as running to the
/// end of its parent and stops there.
struct EBMLElement {
  let id: UInt32
  /// The offset of the ID's first byte.
  let start: Int
  let contentStart: Int
  /// The end of the content by the declared size; nil for an unknown size.
  let declaredEnd: Int?

  /// Sizes past this are corrupt (no file is 2^50 bytes): they cannot overflow an `Int`.
  static let maxSize = 1 << 50

  /// The element whose header starts at `index`, or nil when it is cut off or malformed.
  init?(_ b: ByteView, at index: Int) {
    guard let first = b.u8(index), first != 0 else { return nil }
    let idLength = first.leadingZeroBitCount + 1
    guard idLength <= 4, b.contains(index, length: idLength) else { return nil }
    var id: UInt32 = 0
    for i in 0..<idLength { id = id << 8 | UInt32(b.byte(index + i)) }
    let sizeAt = index + idLength
    guard let sizeFirst = b.u8(sizeAt), sizeFirst != 0 else { return nil }
    let sizeLength = sizeFirst.leadingZeroBitCount + 1
    guard b.contains(sizeAt, length: sizeLength) else { return nil }
    // The length marker bit is dropped; the remaining bits all set mean "unknown".
    var size = UInt64(sizeFirst) & (0xFF >> UInt64(sizeLength))
    var allOnes = size == (0xFF >> UInt64(sizeLength))
    for i in 1..<max(1, sizeLength) {
      let byte = UInt64(b.byte(sizeAt + i))
      size = size << 8 | byte
      allOnes = allOnes && byte == 0xFF
    }
    self.id = id
    self.start = index
    self.contentStart = sizeAt + sizeLength
    if allOnes {
      declaredEnd = nil
    } else {
      guard size <= UInt64(Self.maxSize) else { return nil }
      declaredEnd = contentStart + Int(size)
    }
  }

  /// The content as far as `limit` (the parent's end or the buffer's) holds it.
  func content(within limit: Int) -> Range<Int> {
    let end = min(declaredEnd ?? limit, limit)
    return contentStart..<max(contentStart, end)
  }

  /// True when the whole element lies before `limit`.
  func fits(before limit: Int) -> Bool {
    guard let declaredEnd else { return false }
    return declaredEnd <= limit
  }

  /// Calls `body` with each child element in `range` (and its content clipped to the range)
  /// until it returns false. Stops after a child of unknown size or one that leaves the
  /// range, and after `maxElements`, so a hostile file cannot make the walk long.
  static func forEach(
    _ b: ByteView, in range: Range<Int>, maxElements: Int = 4096,
    _ body: (EBMLElement, Range<Int>) -> Bool
  ) {
    let limit = min(range.upperBound, b.count)
    var position = range.lowerBound
    for _ in 0..<maxElements {
      guard position < limit, let element = EBMLElement(b, at: position) else { return }
      guard body(element, element.content(within: limit)) else { return }
      guard let end = element.declaredEnd, end > position, end < limit else { return }
      position = end
    }
  }

  /// An unsigned integer element's value (0 to 8 bytes, big-endian).
  static func unsigned(_ b: ByteView, _ content: Range<Int>) -> UInt64? {
    guard content.count <= 8, b.contains(content.lowerBound, length: content.count) else {
      return nil
    }
    var value: UInt64 = 0
    for i in content { value = value << 8 | UInt64(b.byte(i)) }
    return value
  }

  /// A signed integer element's value (two's complement, 1 to 8 bytes).
  static func signed(_ b: ByteView, _ content: Range<Int>) -> Int64? {
    guard !content.isEmpty, let value = unsigned(b, content) else { return nil }
    let shift = UInt64(64 - 8 * content.count)
    return Int64(bitPattern: value << shift) >> Int64(shift)
  }

  /// A float element's value (4 or 8 bytes, IEEE 754 big-endian; 0 bytes mean 0).
  static func float(_ b: ByteView, _ content: Range<Int>) -> Double? {
    guard let bits = unsigned(b, content) else { return nil }
    switch content.count {
    case 0: return 0
    case 4: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
    case 8: return Double(bitPattern: bits)
    default: return nil
    }
  }

  /// A string element's text (at most `maxBytes`, cut at the first NUL, which pads them).
  static func string(_ b: ByteView, _ content: Range<Int>, maxBytes: Int = 256) -> String? {
    guard b.contains(content.lowerBound, length: content.count) else { return nil }
    var end = min(content.upperBound, content.lowerBound + maxBytes)
    for i in content.lowerBound..<end where b.byte(i) == 0 {
      end = i
      break
    }
    return b.string(content.lowerBound..<end)
  }
}
