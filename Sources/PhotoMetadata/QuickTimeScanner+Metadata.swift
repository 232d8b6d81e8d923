import PhotoModel

extension QuickTimeScanner {
  /// Apple's keyed metadata: `meta` → `keys` names the entries, `ilst` holds their values
  /// by 1-based key index, each in a `data` box.
  static func readKeyedMetadata(_ b: ByteView, meta: Range<Int>, into found: inout Found) {
    // QuickTime's `meta` is a plain box; ISO's (inside `udta`) is a full box with 4 bytes
    // of version and flags first. The first child's type tells which.
    var content = meta
    if b.fourCC(meta.lowerBound + 4) != fourCC("hdlr") {
      content = min(meta.lowerBound + 4, meta.upperBound)..<meta.upperBound
    }
    var keys: [Int: String] = [:]
    var list: Range<Int>?
    HEIFScanner.forEachBox(b, in: content) { type, inner in
      if type == fourCC("keys") { keys = readKeys(b, inner) }
      if type == fourCC("ilst") { list = inner }
      return true
    }
    guard let list, !keys.isEmpty else { return }
    HEIFScanner.forEachBox(b, in: list) { type, item in
      guard let key = keys[Int(type)], let value = utf8Value(b, item) else { return true }
      switch key {
      case "com.apple.quicktime.creationdate": found.appleCreationDate = value
      case "com.apple.quicktime.content.identifier":
        found.info.contentIdentifier = printable(value)
      case "com.apple.quicktime.make": found.make = printable(value)
      case "com.apple.quicktime.model": found.model = printable(value)
      case "com.apple.quicktime.location.ISO6709":
        if found.gps == nil { found.gps = iso6709(value) }
      default: break
      }
      return true
    }
  }

  /// The `udta` box: the `©xyz` location (16-bit length, 16-bit language, text), and an
  /// ISO `meta` with keyed entries.
  static func readUserData(_ b: ByteView, _ udta: Range<Int>, into found: inout Found) {
    HEIFScanner.forEachBox(b, in: udta) { type, content in
      if type == 0xA978_797A, let length = b.u16be(content.lowerBound) {
        let start = content.lowerBound + 4
        let end = min(start + length, content.upperBound)
        if start < end, let gps = iso6709(b.string(start..<end)) { found.gps = gps }
      } else if type == fourCC("meta") {
        readKeyedMetadata(b, meta: content, into: &found)
      }
      return true
    }
  }

  /// Key index (1-based) → name, from a `keys` box.
  private static func readKeys(_ b: ByteView, _ c: Range<Int>) -> [Int: String] {
    guard let count = b.u32be(c.lowerBound + 4) else { return [:] }
    var keys: [Int: String] = [:]
    var p = c.lowerBound + 8
    for index in 1...max(1, min(count, 1024)) where count > 0 {
      guard let size = b.u32be(p), size >= 8, p + size <= c.upperBound else { break }
      keys[index] = b.string((p + 8)..<(p + size))
      p += size
    }
    return keys
  }

  /// The UTF-8 text of an `ilst` item's `data` box (type 1), at most 256 bytes.
  private static func utf8Value(_ b: ByteView, _ item: Range<Int>) -> String? {
    var text: String?
    HEIFScanner.forEachBox(b, in: item) { type, data in
      guard type == fourCC("data"), b.u32be(data.lowerBound) == 1 else { return true }
      let start = data.lowerBound + 8
      if start <= data.upperBound { text = b.string(start..<min(data.upperBound, start + 256)) }
      return false
    }
    return text
  }

  /// Printable ASCII only (identifiers are UUIDs): nothing read from a file may reach the
  /// terminal as an escape sequence.
  static func printable(_ text: String) -> String? {
    let kept = text.unicodeScalars.filter { $0.value >= 32 && $0.value < 127 }
    return kept.isEmpty ? nil : String(String.UnicodeScalarView(kept))
  }

  /// An ISO 6709 position such as "+37.3323-122.0312+010.000/": latitude and longitude in
  /// decimal degrees (or ±DDMM.M / ±DDMMSS.S), an optional altitude in metres.
  static func iso6709(_ text: String) -> GPSCoordinate? {
    var fields: [(sign: Double, integer: Substring, fraction: Substring)] = []
    var rest = Substring(text)
    while fields.count < 3, let first = rest.first, first == "+" || first == "-" {
      rest = rest.dropFirst()
      let integer = rest.prefix { $0.isASCII && $0.isNumber }
      rest = rest.dropFirst(integer.count)
      var fraction: Substring = ""
      if rest.first == "." {
        fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
        rest = rest.dropFirst(1 + fraction.count)
      }
      guard !integer.isEmpty else { return nil }
      fields.append((first == "-" ? -1 : 1, integer, fraction))
    }
    guard fields.count >= 2,
      let latitude = degrees(fields[0].integer, fields[0].fraction, degreeDigits: 2),
      let longitude = degrees(fields[1].integer, fields[1].fraction, degreeDigits: 3)
    else { return nil }
    let lat = fields[0].sign * latitude
    let lon = fields[1].sign * longitude
    guard abs(lat) <= 90, abs(lon) <= 180, lat != 0 || lon != 0 else { return nil }
    var altitude: Double?
    if fields.count == 3 {
      altitude = Double("\(fields[2].integer).\(fields[2].fraction)0").map { fields[2].sign * $0 }
      if altitude?.isFinite != true { altitude = nil }
    }
    return GPSCoordinate(latitude: lat, longitude: lon, altitude: altitude)
  }

  /// Degrees from ISO 6709's integer part (D…, DDMM or DDDMM, DDMMSS or DDDMMSS) and the
  /// decimal fraction of its last unit.
  private static func degrees(_ integer: Substring, _ fraction: Substring, degreeDigits: Int)
    -> Double?
  {
    guard integer.count <= degreeDigits + 4, let whole = Int(integer) else { return nil }
    let part = Double("0.\(fraction)0") ?? 0
    switch integer.count - degreeDigits {
    case ...0: return Double(whole) + part
    case 2:
      let minutes = Double(whole % 100) + part
      return Double(whole / 100) + minutes / 60
    case 4:
      let seconds = Double(whole % 100) + part
      return Double(whole / 10_000) + Double(whole / 100 % 100) / 60 + seconds / 3600
    default: return nil
    }
  }
}
