import Pixels

/// Where a JPEG keeps its EXIF Orientation value: the IFD0 entry (tag 0x0112, one SHORT) of
/// its first APP1 "Exif" segment, so the value can be rewritten in place without moving a
/// byte of anything else.
struct ExifOrientationEntry: Equatable {
  /// Offset in the file of the entry's 2-byte value.
  var valueOffset: Int
  /// True for a big-endian ("MM") TIFF structure.
  var bigEndian: Bool
  /// The value stored there now (may be outside 1…8 in a damaged file).
  var value: Int

  /// The entry in `jpeg`, or nil when the file has no EXIF segment, its IFD0 has no
  /// Orientation entry, or the entry is not one SHORT. Every read is bounds-checked.
  init?(in jpeg: [UInt8]) {
    guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return nil }
    guard let segment = Self.exifSegment(in: jpeg) else { return nil }
    // The TIFF structure starts after the marker, the length and "Exif\0\0".
    let tiff = segment.lowerBound + 10
    let end = segment.upperBound
    guard tiff + 8 <= end else { return nil }
    let big: Bool
    switch (jpeg[tiff], jpeg[tiff + 1]) {
    case (0x4D, 0x4D): big = true
    case (0x49, 0x49): big = false
    default: return nil
    }
    func u16(_ at: Int) -> Int {
      big ? Int(jpeg[at]) << 8 | Int(jpeg[at + 1]) : Int(jpeg[at + 1]) << 8 | Int(jpeg[at])
    }
    func u32(_ at: Int) -> Int { big ? u16(at) << 16 | u16(at + 2) : u16(at + 2) << 16 | u16(at) }
    guard u16(tiff + 2) == 42 else { return nil }
    let ifd = tiff + u32(tiff + 4)
    guard ifd >= tiff + 8, ifd + 2 <= end else { return nil }
    let count = u16(ifd)
    for index in 0..<count {
      let entry = ifd + 2 + 12 * index
      guard entry + 12 <= end else { return nil }
      guard u16(entry) == 0x0112 else { continue }
      // Type 3 (SHORT), count 1: the value sits in the entry's first two value bytes.
      guard u16(entry + 2) == 3, u32(entry + 4) == 1 else { return nil }
      valueOffset = entry + 8
      bigEndian = big
      value = u16(entry + 8)
      return
    }
    return nil
  }

  /// `jpeg` with this entry's value set to `newValue`; nothing else changes.
  func writing(_ newValue: Int, into jpeg: [UInt8]) -> [UInt8] {
    var out = jpeg
    let high = UInt8((newValue >> 8) & 0xFF)
    let low = UInt8(newValue & 0xFF)
    out[valueOffset] = bigEndian ? high : low
    out[valueOffset + 1] = bigEndian ? low : high
    return out
  }

  /// The bytes of the first APP1 segment that starts with "Exif\0" (marker included),
  /// looked for among the segments before the first scan.
  static func exifSegment(in jpeg: [UInt8]) -> Range<Int>? {
    var i = 2
    while i + 4 <= jpeg.count {
      guard jpeg[i] == 0xFF else { return nil }
      let marker = jpeg[i + 1]
      if marker == 0xFF {
        i += 1  // A fill byte before a marker.
        continue
      }
      if marker == 0xDA || marker == 0xD9 { return nil }
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {
        i += 2
        continue
      }
      let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
      guard length >= 2, i + 2 + length <= jpeg.count else { return nil }
      // "Exif\0" as MetadataReader matches it (the sixth byte is padding).
      let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00]
      if marker == 0xE1, length >= 8, Array(jpeg[(i + 4)..<(i + 9)]) == exif {
        return i..<(i + 2 + length)
      }
      i += 2 + length
    }
    return nil
  }
}
