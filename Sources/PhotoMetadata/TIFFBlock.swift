/// A TIFF structure (EXIF APP1 payload, PNG eXIf chunk, a whole TIFF/RAW file) inside the
/// file head, with bounds-checked IFD walking.
///
/// Offsets inside TIFF are relative to the byte-order mark; `start` converts them to file
/// indices. Everything read must lie in `start ..< start + length`.
struct TIFFBlock {
  let bytes: ByteView
  /// File index of the "II"/"MM" byte-order mark.
  let start: Int
  /// Bytes of the block available to the reader.
  let length: Int
  let littleEndian: Bool
  /// True when the block was cut short by the end of the head the reader has (not by its
  /// own container): an IFD running past the end is then read as far as it goes instead of
  /// being rejected.
  let truncated: Bool

  /// One IFD entry; `valueOffset` is -1 when the value does not lie inside the block.
  struct Entry {
    var tag: Int
    var type: Int
    var count: Int
    var valueOffset: Int
  }

  init?(bytes: ByteView, start: Int, end: Int, truncated: Bool) {
    guard start >= 0, end <= bytes.count, start < end, end - start >= 8 else { return nil }
    switch (bytes.buffer[start], bytes.buffer[start + 1]) {
    case (0x49, 0x49): littleEndian = true
    case (0x4D, 0x4D): littleEndian = false
    default: return nil
    }
    self.bytes = bytes
    self.start = start
    self.length = end - start
    self.truncated = truncated
    // 42 is TIFF; Panasonic RW2 (0x55) and Olympus ORF ("RO", "SR") vary the magic only.
    switch u16(2) {
    case 42, 0x55, 0x4F52, 0x5352: break
    default: return nil
    }
  }

  /// A block whose byte order is known from elsewhere and that has no TIFF header (a maker
  /// note's IFD): offsets are relative to `start`.
  init?(bytes: ByteView, start: Int, length: Int, littleEndian: Bool) {
    self.init(
      bytes: bytes, start: start, end: start + length, littleEndian: littleEndian,
      truncated: false)
  }

  /// A block whose offsets count from `start` but whose byte order is given, not read from
  /// a header there: Olympus maker notes ("OLYMPUS\0II…") count from their first byte.
  init?(bytes: ByteView, start: Int, end: Int, littleEndian: Bool, truncated: Bool) {
    guard start >= 0, end <= bytes.count, start < end, end - start >= 8 else { return nil }
    self.bytes = bytes
    self.start = start
    self.length = end - start
    self.littleEndian = littleEndian
    self.truncated = truncated
  }

  /// A 16-bit value at a block-relative offset.
  func u16(_ offset: Int) -> Int? {
    guard offset >= 0, offset <= length - 2 else { return nil }
    return littleEndian ? bytes.u16le(start + offset) : bytes.u16be(start + offset)
  }

  /// A 32-bit unsigned value at a block-relative offset.
  func u32(_ offset: Int) -> Int? {
    guard offset >= 0, offset <= length - 4 else { return nil }
    return littleEndian ? bytes.u32le(start + offset) : bytes.u32be(start + offset)
  }

  /// The offset of IFD0 from the header.
  var firstIFDOffset: Int? { u32(4) }

  /// Size in bytes of one value of a TIFF field type, nil for unknown types.
  static func unitSize(ofType type: Int) -> Int? {
    switch type {
    case 1, 2, 6, 7: return 1
    case 3, 8: return 2
    case 4, 9, 11, 13: return 4
    case 5, 10, 12: return 8
    default: return nil
    }
  }

  /// Calls `body` for every entry of the IFD at `offset` and returns the offset of the next
  /// IFD (0 when there is none), or nil when the IFD itself is unreadable.
  ///
  /// An entry table that runs past the block makes the whole IFD unreadable (like exiftool's
  /// "Bad IFD directory"), unless the block is truncated by the head limit.
  func walkIFD(at offset: Int, _ body: (Entry) -> Void) -> Int? {
    // Offsets below 8 point into the header: never a real IFD.
    guard offset >= 8, let declared = u16(offset) else { return nil }
    let tableStart = offset + 2
    let room = (length - tableStart) / 12
    var entryCount = declared
    if declared > room {
      guard truncated else { return nil }
      entryCount = room
    }
    for i in 0..<entryCount {
      let at = tableStart + i * 12
      guard let tag = u16(at), let type = u16(at + 2), let count = u32(at + 4) else { break }
      body(Entry(tag: tag, type: type, count: count, valueOffset: valueOffset(at: at, type, count)))
    }
    // A clipped table has no next pointer; a missing one (table flush with the end) just
    // means "no next IFD".
    guard entryCount == declared else { return 0 }
    return u32(tableStart + entryCount * 12) ?? 0
  }

  /// Where the value of an entry at `entryOffset` lives, or -1 when outside the block.
  private func valueOffset(at entryOffset: Int, _ type: Int, _ count: Int) -> Int {
    guard let unit = Self.unitSize(ofType: type), count > 0 else { return -1 }
    let (size, overflow) = count.multipliedReportingOverflow(by: unit)
    guard !overflow, size <= length else { return -1 }
    let offset: Int
    if size <= 4 {
      offset = entryOffset + 8
    } else {
      guard let pointer = u32(entryOffset + 8) else { return -1 }
      offset = pointer
    }
    return offset <= length - size ? offset : -1
  }

  /// The `index`th value of an integer-typed entry (BYTE, SHORT, LONG and signed kinds).
  func integer(_ entry: Entry, index: Int = 0) -> Int? {
    guard entry.valueOffset >= 0, index >= 0, index < entry.count else { return nil }
    let at = entry.valueOffset
    switch entry.type {
    case 1: return bytes.u8(start + at + index).map(Int.init)
    case 6: return bytes.u8(start + at + index).map { Int(Int8(bitPattern: $0)) }
    case 3: return u16(at + index * 2)
    case 8: return u16(at + index * 2).map { Int(Int16(truncatingIfNeeded: $0)) }
    case 4, 13: return u32(at + index * 4)
    case 9: return u32(at + index * 4).map { Int(Int32(truncatingIfNeeded: $0)) }
    default: return nil
    }
  }

  /// The target of a sub-IFD pointer (ExifIFD, GPS IFD): one LONG or IFD value. Pointers
  /// stored with another type (a string, say) are ignored, as exiftool does.
  func ifdPointer(_ entry: Entry) -> Int? {
    guard entry.type == 4 || entry.type == 13, entry.count == 1 else { return nil }
    return integer(entry)
  }

  /// The `index`th value of a RATIONAL or SRATIONAL entry.
  func rational(_ entry: Entry, index: Int = 0) -> ExifRational? {
    guard entry.valueOffset >= 0, index >= 0, index < entry.count else { return nil }
    let at = entry.valueOffset + index * 8
    guard let n = u32(at), let d = u32(at + 4) else { return nil }
    switch entry.type {
    case 5: return ExifRational(numerator: Int64(n), denominator: Int64(d))
    case 10:
      return ExifRational(
        numerator: Int64(Int32(truncatingIfNeeded: n)),
        denominator: Int64(Int32(truncatingIfNeeded: d)))
    default: return nil
    }
  }

  /// The text of an ASCII (or UNDEFINED/BYTE) entry up to its first NUL, decoded lossily
  /// as UTF-8; trailing spaces are removed when `trimSpaces` is set.
  func string(_ entry: Entry, trimSpaces: Bool) -> String? {
    guard entry.valueOffset >= 0, entry.type == 1 || entry.type == 2 || entry.type == 7 else {
      return nil
    }
    let first = start + entry.valueOffset
    var end = first
    let limit = first + entry.count
    while end < limit, bytes.buffer[end] != 0 { end += 1 }
    if trimSpaces {
      while end > first, bytes.buffer[end - 1] == 0x20 { end -= 1 }
    }
    return bytes.string(first..<end)
  }
}
