/// Entity and character references, in text and attribute values.
extension XMLReader {
  /// `bytes` with entity and character references replaced; attribute values have their
  /// tabs and line breaks made spaces (XML 1.0 §3.3.3). Unknown or invalid references stay
  /// as written.
  static func decode(_ bytes: ArraySlice<UInt8>, attribute: Bool) -> [UInt8] {
    guard bytes.contains(ampersand) || (attribute && bytes.contains(where: isBlank)) else {
      return Array(bytes)
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let c = bytes[i]
      if c == ampersand, let end = bytes[i...].prefix(12).firstIndex(of: semicolon),
        let replacement = reference(bytes[(i + 1)..<end])
      {
        out.append(contentsOf: replacement)
        i = end + 1
        continue
      }
      out.append(attribute && isBlank(c) ? 0x20 : c)
      i += 1
    }
    return out
  }

  /// The UTF-8 bytes of the reference `&body;`, nil when it is not one this reader knows.
  private static func reference(_ body: ArraySlice<UInt8>) -> [UInt8]? {
    switch String(decoding: body, as: UTF8.self) {
    case "amp": return [ampersand]
    case "lt": return [lt]
    case "gt": return [gt]
    case "quot": return [doubleQuote]
    case "apos": return [singleQuote]
    default: break
    }
    guard body.first == 0x23 else { return nil }  // "#"
    var digits = body.dropFirst()
    var radix = 10
    if digits.first == 0x78 || digits.first == 0x58 {  // "x", "X"
      radix = 16
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 8,
      let value = UInt32(String(decoding: digits, as: UTF8.self), radix: radix),
      value != 0, let scalar = Unicode.Scalar(value)
    else { return nil }
    return Array(String(Character(scalar)).utf8)
  }
}
