/// Standard base64 (RFC 4648, with padding) of bytes, as bytes: the kitty graphics payload.
///
/// Written here rather than taken from Foundation so the terminal modules stay free of it and
/// a tile's payload is made in one pass without a `String` in between.
enum Base64 {
  static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The base64 text of `bytes`.
  static func encode(_ bytes: [UInt8]) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    let table = alphabet
    var i = 0
    let n = bytes.count
    while i + 3 <= n {
      let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
      out.append(table[Int(v >> 18 & 63)])
      out.append(table[Int(v >> 12 & 63)])
      out.append(table[Int(v >> 6 & 63)])
      out.append(table[Int(v & 63)])
      i += 3
    }
    let rest = n - i
    if rest > 0 {
      var v = UInt32(bytes[i]) << 16
      if rest == 2 { v |= UInt32(bytes[i + 1]) << 8 }
      out.append(table[Int(v >> 18 & 63)])
      out.append(table[Int(v >> 12 & 63)])
      out.append(rest == 2 ? table[Int(v >> 6 & 63)] : UInt8(ascii: "="))
      out.append(UInt8(ascii: "="))
    }
    return out
  }
}
