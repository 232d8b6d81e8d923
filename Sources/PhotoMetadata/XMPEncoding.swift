/// The character encoding of an XMP packet, found as the XMP specification says (the first
/// bytes: a byte-order mark or the zero bytes around `<`), and its conversion to UTF-8.
enum XMPEncoding {
  /// `bytes` as UTF-8: UTF-16 and UTF-32 packets (either byte order) converted, invalid
  /// units replaced by U+FFFD; anything else returned as it is.
  static func utf8(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= 4 else { return bytes }
    let (b0, b1, b2, b3) = (bytes[0], bytes[1], bytes[2], bytes[3])
    if b0 == 0, b1 == 0, (b2 == 0xFE && b3 == 0xFF) || (b2 == 0 && b3 != 0) {
      return transcode(bytes, width: 4, bigEndian: true)
    }
    if b2 == 0, b3 == 0, (b0 == 0xFF && b1 == 0xFE) || (b0 != 0 && b1 == 0) {
      return transcode(bytes, width: 4, bigEndian: false)
    }
    if (b0 == 0xFE && b1 == 0xFF) || (b0 == 0 && b1 != 0) {
      return transcode(bytes, width: 2, bigEndian: true)
    }
    if (b0 == 0xFF && b1 == 0xFE) || (b0 != 0 && b1 == 0) {
      return transcode(bytes, width: 2, bigEndian: false)
    }
    return bytes
  }

  /// UTF-16 or UTF-32 code units (a trailing partial unit dropped) to UTF-8.
  private static func transcode(_ bytes: [UInt8], width: Int, bigEndian: Bool) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count / width + 16)
    func unit(_ at: Int) -> UInt32 {
      var value: UInt32 = 0
      for k in 0..<width {
        let byte = UInt32(bytes[bigEndian ? at + k : at + width - 1 - k])
        value = value << 8 | byte
      }
      return value
    }
    var at = 0
    while at + width <= bytes.count {
      var value = unit(at)
      at += width
      if width == 2, (0xD800...0xDBFF).contains(value), at + 2 <= bytes.count {
        let low = unit(at)
        if (0xDC00...0xDFFF).contains(low) {
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          at += 2
        }
      }
      if value == 0xFEFF { continue }  // the byte-order mark itself
      let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
      UTF8.encode(scalar) { out.append($0) }
    }
    return out
  }
}
