/// The capture dates of an XMP packet, as written, in the order the reader prefers them.
///
/// Only the usual prefixes are recognised (`photoshop:`, `xmp:`, `exif:`), as attributes
/// (`xmp:CreateDate="…"`) or elements (`<xmp:CreateDate>…</xmp:CreateDate>`): that is how
/// cameras, phones and Adobe's tools write them.
struct XMPDates: Equatable {
  var dateCreated: String?
  var createDate: String?
  var dateTimeOriginal: String?
  /// `exif:GPSLatitude` and `exif:GPSLongitude` as written ("35,0.6N", "135,46.2E"): where a
  /// photo was taken when its EXIF has no GPS (tools that geotag into XMP, issue 34).
  var gpsLatitude: String?
  var gpsLongitude: String?

  /// The properties looked for, best first.
  static let names = ["photoshop:DateCreated", "xmp:CreateDate", "exif:DateTimeOriginal"]

  /// The dates in the packet held in `b[range]` (clamped to the bytes there).
  init(_ b: ByteView, _ range: Range<Int>) {
    let lower = max(0, min(range.lowerBound, b.count))
    let upper = max(lower, min(range.upperBound, b.count))
    // A packet is a few kilobytes; a copy keeps the search simple and bounds-checked.
    let bytes = (lower..<upper).map { UInt8(b.byte($0)) }
    dateCreated = Self.value(of: Self.names[0], in: bytes)
    // `xap:` is the prefix of the same namespace in packets written before XMP 1.0 final.
    createDate =
      Self.value(of: Self.names[1], in: bytes) ?? Self.value(of: "xap:CreateDate", in: bytes)
    dateTimeOriginal = Self.value(of: Self.names[2], in: bytes)
    gpsLatitude = Self.value(of: "exif:GPSLatitude", in: bytes)
    gpsLongitude = Self.value(of: "exif:GPSLongitude", in: bytes)
  }

  /// The position of `exif:GPSLatitude` and `exif:GPSLongitude`, or nil when either is
  /// missing, has no reference letter or is out of range.
  var gps: GPSCoordinate? {
    guard let latitude = gpsLatitude.flatMap({ Self.coordinate($0, positive: "N", negative: "S") }),
      let longitude = gpsLongitude.flatMap({ Self.coordinate($0, positive: "E", negative: "W") }),
      abs(latitude) <= 90, abs(longitude) <= 180
    else { return nil }
    return GPSCoordinate(latitude: latitude, longitude: longitude)
  }

  /// An XMP GPS coordinate — "DDD,MM,SSk" or "DDD,MM.mmk" (the XMP EXIF schema's forms), or
  /// "DDD.ddk" — in signed degrees; k is the reference letter, which must be there.
  static func coordinate(_ text: String, positive: Character, negative: Character) -> Double? {
    var body = Substring(text)
    while body.first == " " { body.removeFirst() }
    while body.last == " " { body.removeLast() }
    guard let letter = body.last?.uppercased().first, letter == positive || letter == negative
    else { return nil }
    body = body.dropLast()
    let parts = body.split(separator: ",", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var degrees = 0.0
    for (index, part) in parts.enumerated() {
      guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
        let value = Double(part), value.isFinite, index == 0 || value < 60
      else { return nil }
      degrees += value / [1.0, 60, 3600][index]
    }
    return letter == negative ? -degrees : degrees
  }

  /// The dates, best first, skipping absent ones.
  var inOrder: [String] { [dateCreated, createDate, dateTimeOriginal].compactMap { $0 } }

  /// The value of the first attribute or element called `name`.
  static func value(of name: String, in bytes: [UInt8]) -> String? {
    let key = Array(name.utf8)
    var i = 0
    while let at = find(key, in: bytes, from: i) {
      i = at + key.count
      // A longer name ("xmp:CreateDateTime") or a namespace ending in this one is not it.
      if at > 0, isNameByte(bytes[at - 1]) { continue }
      guard i < bytes.count else { return nil }
      let isElement = at > 0 && bytes[at - 1] == UInt8(ascii: "<")
      var j = i
      if isElement {
        guard bytes[j] == UInt8(ascii: ">") else { continue }
        j += 1
        var end = j
        while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
        return text(bytes[j..<end])
      }
      while j < bytes.count, isBlank(bytes[j]) { j += 1 }
      guard j < bytes.count, bytes[j] == UInt8(ascii: "=") else { continue }
      j += 1
      while j < bytes.count, isBlank(bytes[j]) { j += 1 }
      guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'")
      else { continue }
      let quote = bytes[j]
      var end = j + 1
      while end < bytes.count, bytes[end] != quote { end += 1 }
      return text(bytes[(j + 1)..<end])
    }
    return nil
  }

  private static func find(_ key: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard !key.isEmpty, bytes.count >= key.count, start <= bytes.count - key.count else {
      return nil
    }
    var i = start
    while i <= bytes.count - key.count {
      if bytes[i] == key[0], bytes[i..<(i + key.count)].elementsEqual(key) { return i }
      i += 1
    }
    return nil
  }

  private static func isNameByte(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || b == 0x3A
      || b == 0x5F || b == 0x2D || b == 0x2E
  }

  private static func isBlank(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
  }

  private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
    let value = String(decoding: bytes, as: UTF8.self)
    let trimmed = value.drop(while: { $0 == " " || $0 == "\n" })
    return trimmed.isEmpty ? nil : String(trimmed)
  }
}
