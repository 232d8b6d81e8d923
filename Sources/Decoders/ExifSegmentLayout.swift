/// Where a JPEG's first APP1 "Exif" segment keeps its IFD0 and its IFD1 thumbnail: what
/// `lightbox rotate --write` needs to add an Orientation entry or turn the thumbnail while
/// every other byte of the segment stays where it was (maker notes hold offsets of their own,
/// so nothing inside the segment is ever moved; what is new is appended at its end).
struct ExifSegmentLayout {
  /// The segment, marker included.
  var segment: Range<Int>
  /// File offset of the TIFF header (after the marker, the length and "Exif\0\0"); the
  /// structure's offsets count from here.
  var tiff: Int
  var bigEndian: Bool
  /// File offset of IFD0 and its entry count.
  var ifd0: Int
  var ifd0Count: Int

  /// The IFD1 thumbnail's JPEG: where its bytes are and where its offset and length
  /// entries keep their values.
  struct Thumbnail {
    var bytes: Range<Int>
    var offsetValue: Int
    var lengthValue: Int
  }

  /// The layout of `jpeg`'s first Exif segment, or nil when it has none or its TIFF header
  /// or IFD0 is damaged. Every read is bounds-checked.
  init?(in jpeg: [UInt8]) {
    guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8,
      let segment = ExifOrientationEntry.exifSegment(in: jpeg)
    else { return nil }
    self.segment = segment
    tiff = segment.lowerBound + 10
    guard tiff + 8 <= segment.upperBound else { return nil }
    switch (jpeg[tiff], jpeg[tiff + 1]) {
    case (0x4D, 0x4D): bigEndian = true
    case (0x49, 0x49): bigEndian = false
    default: return nil
    }
    ifd0 = 0
    ifd0Count = 0
    guard u16(jpeg, tiff + 2) == 42 else { return nil }
    ifd0 = tiff + u32(jpeg, tiff + 4)
    guard ifd0 >= tiff + 8, ifd0 + 2 <= segment.upperBound else { return nil }
    ifd0Count = u16(jpeg, ifd0)
    guard nextPointer + 4 <= segment.upperBound else { return nil }
  }

  /// File offset of IFD0's pointer to IFD1 (0 when there is none).
  var nextPointer: Int { ifd0 + 2 + 12 * ifd0Count }

  /// The tags of IFD0's entries, in order.
  func ifd0Tags(_ jpeg: [UInt8]) -> [Int] {
    (0..<ifd0Count).map { u16(jpeg, ifd0 + 2 + 12 * $0) }
  }

  /// File offset of IFD1, or nil when there is none (or it lies outside the segment).
  func ifd1(_ jpeg: [UInt8]) -> Int? {
    let offset = u32(jpeg, nextPointer)
    guard offset != 0, tiff + offset >= tiff + 8, tiff + offset + 2 <= segment.upperBound else {
      return nil
    }
    return tiff + offset
  }

  /// IFD1's JPEG thumbnail (tags 0x0201 and 0x0202, one LONG each), or nil when IFD1 has
  /// none or it does not lie inside the segment.
  func thumbnail(_ jpeg: [UInt8]) -> Thumbnail? {
    guard let ifd1 = ifd1(jpeg) else { return nil }
    var offsetValue: Int?
    var lengthValue: Int?
    for index in 0..<u16(jpeg, ifd1) {
      let entry = ifd1 + 2 + 12 * index
      guard entry + 12 <= segment.upperBound else { return nil }
      let tag = u16(jpeg, entry)
      guard tag == 0x0201 || tag == 0x0202 else { continue }
      guard u16(jpeg, entry + 2) == 4, u32(jpeg, entry + 4) == 1 else { return nil }
      if tag == 0x0201 { offsetValue = entry + 8 } else { lengthValue = entry + 8 }
    }
    guard let offsetValue, let lengthValue else { return nil }
    let start = tiff + u32(jpeg, offsetValue)
    let (end, overflow) = start.addingReportingOverflow(u32(jpeg, lengthValue))
    guard !overflow, start > tiff, start < end, end <= segment.upperBound else { return nil }
    return Thumbnail(bytes: start..<end, offsetValue: offsetValue, lengthValue: lengthValue)
  }

  /// `jpeg` with `bytes` appended to the segment (after one padding byte when needed, so
  /// that what is appended starts at an even TIFF offset), and that offset; nil when the
  /// segment would pass 64 KB.
  func appending(_ bytes: [UInt8], to jpeg: [UInt8]) -> (jpeg: [UInt8], offset: Int)? {
    let padding = (segment.upperBound - tiff) % 2
    let length = segment.count - 2 + padding + bytes.count
    guard length <= 0xFFFF else { return nil }
    var out = jpeg
    out.insert(contentsOf: [UInt8](repeating: 0, count: padding) + bytes, at: segment.upperBound)
    out[segment.lowerBound + 2] = UInt8(length >> 8)
    out[segment.lowerBound + 3] = UInt8(length & 0xFF)
    return (out, segment.upperBound + padding - tiff)
  }

  func u16(_ jpeg: [UInt8], _ at: Int) -> Int {
    bigEndian ? Int(jpeg[at]) << 8 | Int(jpeg[at + 1]) : Int(jpeg[at + 1]) << 8 | Int(jpeg[at])
  }

  func u32(_ jpeg: [UInt8], _ at: Int) -> Int {
    bigEndian ? u16(jpeg, at) << 16 | u16(jpeg, at + 2) : u16(jpeg, at + 2) << 16 | u16(jpeg, at)
  }

  /// `value` as 2 or 4 bytes in the structure's byte order.
  func bytes(_ value: Int, count: Int) -> [UInt8] {
    let little = (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    return bigEndian ? little.reversed() : little
  }

  func put32(_ value: Int, at: Int, in jpeg: inout [UInt8]) {
    jpeg.replaceSubrange(at..<at + 4, with: bytes(value, count: 4))
  }
}
