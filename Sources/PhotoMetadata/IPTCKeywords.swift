/// The keywords (IPTC-IIM dataset 2:25) of a JPEG's Photoshop image resources (APP13), as
/// older tools and newspapers' systems wrote them before XMP.
enum IPTCKeywords {
  /// The Photoshop resource that holds IPTC-IIM data.
  static let iptcResource = 0x0404

  /// The keywords in the Photoshop image resources `bytes` (the APP13 bodies after
  /// "Photoshop 3.0\0"), in the order written, at most `XMPMetadata.maxItems`.
  static func read(photoshop bytes: [UInt8]) -> [String] {
    bytes.withUnsafeBytes { raw in
      let b = ByteView(raw)
      var keywords: [String] = []
      var pos = 0
      // Resource blocks: signature, id, padded Pascal name, size, padded data.
      while pos + 12 <= b.count, keywords.count < XMPMetadata.maxItems {
        guard b.matches("8BIM", at: pos) || b.matches("PHUT", at: pos),
          let id = b.u16be(pos + 4), let nameLength = b.u8(pos + 6)
        else { break }
        var at = pos + 6 + Int(nameLength) + 1
        at += at % 2 == 0 ? 0 : 1
        guard let size = b.u32be(at) else { break }
        let data = at + 4
        let end = min(b.count, data + size)
        if id == iptcResource { keywords += datasets(b, data..<end) }
        pos = data + size + (size % 2)
      }
      return Array(keywords.prefix(XMPMetadata.maxItems))
    }
  }

  /// The 2:25 datasets of the IPTC-IIM stream at `range`: tag marker 0x1C, record, dataset,
  /// 16-bit size (an extended size, top bit set, ends the walk: no keyword is that long).
  private static func datasets(_ b: ByteView, _ range: Range<Int>) -> [String] {
    var raw: [[UInt8]] = []
    var utf8 = false
    var pos = range.lowerBound
    while pos + 5 <= range.upperBound, b.u8(pos) == 0x1C, let size = b.u16be(pos + 3),
      size & 0x8000 == 0
    {
      let record = b.byte(pos + 1)
      let dataset = b.byte(pos + 2)
      let start = pos + 5
      let end = min(range.upperBound, start + size)
      let value = (start..<end).map { UInt8(b.byte($0)) }
      if record == 1, dataset == 90 { utf8 = value == [0x1B, 0x25, 0x47] }  // ESC % G
      if record == 2, dataset == 25, !value.isEmpty { raw.append(value) }
      pos = start + size
    }
    return raw.map { text($0, utf8: utf8) }
  }

  /// A value as text: UTF-8 when the record says so or the bytes are valid UTF-8, else
  /// ISO 8859-1 (each byte one character), as exiftool guesses.
  private static func text(_ bytes: [UInt8], utf8: Bool) -> String {
    if utf8 || String(validating: bytes, as: UTF8.self) != nil {
      return String(decoding: bytes, as: UTF8.self)
    }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }
}
