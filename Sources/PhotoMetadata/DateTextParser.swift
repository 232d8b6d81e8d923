import PhotoModel

/// Parses the date texts found in image metadata: EXIF `YYYY:MM:DD HH:MM:SS` with
/// SubSecTimeOriginal and OffsetTimeOriginal, ISO 8601, and RFC 1123 (PNG "Creation Time").
public enum DateTextParser {
  /// The capture date of EXIF DateTimeOriginal, SubSecTimeOriginal ("123" → 123 ms) and
  /// OffsetTimeOriginal ("+09:00"); nil when the date is missing or not a real date
  /// (`0000:00:00 00:00:00`, spaces).
  public static func exifDate(
    _ dateTime: String?, subSec: String? = nil, offset: String? = nil,
    source: CaptureDateSource = .exif
  ) -> CaptureDate? {
    guard let dateTime, var date = numeric(Array(dateTime.utf8), source: source) else {
      return nil
    }
    if let subSec, let ms = milliseconds(fromSubSec: subSec) { date.millisecond = ms }
    if let offset, let seconds = utcOffset(offset) { date.utcOffsetSeconds = seconds }
    return date
  }

  /// A PNG "Creation Time" text: EXIF-style, ISO 8601 or RFC 1123
  /// ("Tue, 13 Aug 2024 10:22:01 +0900"); the local fields are kept as written.
  public static func creationTime(_ text: String, source: CaptureDateSource = .pngText)
    -> CaptureDate?
  {
    let bytes = Array(text.utf8)
    return numeric(bytes, source: source) ?? rfc1123(bytes, source: source)
  }

  /// Seconds east of UTC of "+09:00", "-0530", "+09" or "Z"; nil for anything else
  /// (blank values, "  :  ", offsets beyond ±18 h).
  public static func utcOffset(_ text: String) -> Int? {
    var cursor = TextCursor(Array(text.utf8))
    cursor.skipBlanks()
    guard let seconds = cursor.zoneOffset() else { return nil }
    cursor.skipBlanks()
    return cursor.atEnd ? seconds : nil
  }

  /// Milliseconds of a SubSecTime value: the digits are a decimal fraction ("5" → 500,
  /// "123456" → 123).
  public static func milliseconds(fromSubSec text: String) -> Int? {
    var cursor = TextCursor(Array(text.utf8))
    cursor.skipBlanks()
    guard let ms = cursor.fractionMilliseconds() else { return nil }
    cursor.skipBlanks()
    return cursor.atEnd ? ms : nil
  }

  /// `YYYY:MM:DD[ HH:MM[:SS[.fff]]][zone]` with `:`, `-`, `/` or `.` between date fields
  /// and a space or `T` before the time.
  static func numeric(_ bytes: [UInt8], source: CaptureDateSource) -> CaptureDate? {
    var c = TextCursor(bytes)
    c.skipBlanks()
    guard let year = c.digits(4), let sep = c.next(), ":-/.".utf8.contains(sep),
      let month = c.digits(2), c.take(sep), let day = c.digits(2)
    else { return nil }
    var date = CaptureDate(year: year, month: month, day: day, source: source)
    let beforeTime = c.position
    if c.take(UInt8(ascii: "T")) || c.skipBlanks() > 0, c.peekIsDigit {
      guard let hour = c.digits(2), c.take(UInt8(ascii: ":")), let minute = c.digits(2) else {
        return nil
      }
      date.hour = hour
      date.minute = minute
      if c.take(UInt8(ascii: ":")) {
        guard let second = c.digits(2) else { return nil }
        date.second = second
        if c.take(UInt8(ascii: ".")) || c.take(UInt8(ascii: ",")) {
          guard let ms = c.fractionMilliseconds() else { return nil }
          date.millisecond = ms
        }
      }
      c.skipBlanks()
      if !c.atEnd {
        guard let offset = c.zoneOffset() else { return nil }
        date.utcOffsetSeconds = offset
      }
    } else {
      c.position = beforeTime
    }
    c.skipBlanks()
    guard c.atEnd, date.isValid else { return nil }
    return date
  }

  private static let monthAbbreviations = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// `[Day, ]DD Mon YYYY HH:MM[:SS] [zone]` (RFC 1123 / RFC 2822).
  static func rfc1123(_ bytes: [UInt8], source: CaptureDateSource) -> CaptureDate? {
    var c = TextCursor(bytes)
    c.skipBlanks()
    let afterBlanks = c.position
    if !c.letters().isEmpty {
      guard c.take(UInt8(ascii: ",")) else { return nil }
      c.skipBlanks()
    } else {
      c.position = afterBlanks
    }
    guard let day = c.digitRun(maxCount: 2), c.skipBlanks() > 0 else { return nil }
    let name = c.letters()
    guard name.count >= 3,
      let monthIndex = monthAbbreviations.firstIndex(of: String(name.prefix(3)).lowercased()),
      c.skipBlanks() > 0, let year = c.digits(4), c.skipBlanks() > 0,
      let hour = c.digits(2), c.take(UInt8(ascii: ":")), let minute = c.digits(2)
    else { return nil }
    var date = CaptureDate(
      year: year, month: monthIndex + 1, day: day, hour: hour, minute: minute, source: source)
    if c.take(UInt8(ascii: ":")) {
      guard let second = c.digits(2) else { return nil }
      date.second = second
    }
    c.skipBlanks()
    if !c.atEnd {
      guard let offset = c.zoneOffset() else { return nil }
      date.utcOffsetSeconds = offset
    }
    c.skipBlanks()
    guard c.atEnd, date.isValid else { return nil }
    return date
  }
}

/// A forward-only reader over the UTF-8 bytes of a short text.
struct TextCursor {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { position >= bytes.count }

  var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

  var peekIsDigit: Bool { peek.map(Self.isDigit) ?? false }

  static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

  mutating func next() -> UInt8? {
    guard let b = peek else { return nil }
    position += 1
    return b
  }

  /// Consumes `byte` when it is next.
  mutating func take(_ byte: UInt8) -> Bool {
    guard peek == byte else { return false }
    position += 1
    return true
  }

  /// Skips spaces, tabs and NULs; returns how many.
  @discardableResult
  mutating func skipBlanks() -> Int {
    let begin = position
    while let b = peek, b == 0x20 || b == 0x09 || b == 0 { position += 1 }
    return position - begin
  }

  /// Exactly `count` decimal digits.
  mutating func digits(_ count: Int) -> Int? {
    guard position <= bytes.count - count else { return nil }
    var value = 0
    for i in 0..<count {
      let b = bytes[position + i]
      guard Self.isDigit(b) else { return nil }
      value = value * 10 + Int(b - 0x30)
    }
    position += count
    return value
  }

  /// One to `maxCount` digits, and no digit right after them.
  mutating func digitRun(maxCount: Int) -> Int? {
    var value = 0
    var n = 0
    while let b = peek, Self.isDigit(b) {
      guard n < maxCount else { return nil }
      value = value * 10 + Int(b - 0x30)
      n += 1
      position += 1
    }
    return n > 0 ? value : nil
  }

  /// A run of ASCII letters.
  mutating func letters() -> String {
    let begin = position
    while let b = peek, Self.isLetter(b) { position += 1 }
    return String(decoding: bytes[begin..<position], as: UTF8.self)
  }

  /// Digits of a decimal fraction as milliseconds (at least one digit).
  mutating func fractionMilliseconds() -> Int? {
    var ms = 0
    var n = 0
    while let b = peek, Self.isDigit(b) {
      if n < 3 { ms = ms * 10 + Int(b - 0x30) }
      n += 1
      position += 1
    }
    guard n > 0 else { return nil }
    for _ in n..<max(n, 3) { ms *= 10 }
    return ms
  }

  /// `Z`, `±HH[:MM]`, `±HHMM`, or a zone name (GMT, UTC, US zones) as seconds east of UTC.
  mutating func zoneOffset() -> Int? {
    guard let b = peek else { return nil }
    if b == UInt8(ascii: "+") || b == UInt8(ascii: "-") {
      position += 1
      guard let hours = digits(2) else { return nil }
      var minutes = 0
      if take(UInt8(ascii: ":")) {
        guard let m = digits(2) else { return nil }
        minutes = m
      } else if let m = digits(2) {
        minutes = m
      }
      guard hours <= 18, minutes < 60 else { return nil }
      let seconds = hours * 3600 + minutes * 60
      return b == UInt8(ascii: "-") ? -seconds : seconds
    }
    let name = letters().uppercased()
    let hours: Int
    switch name {
    case "Z", "GMT", "UT", "UTC": hours = 0
    case "EST": hours = -5
    case "EDT": hours = -4
    case "CST": hours = -6
    case "CDT": hours = -5
    case "MST": hours = -7
    case "MDT": hours = -6
    case "PST": hours = -8
    case "PDT": hours = -7
    default: return nil
    }
    return hours * 3600
  }
}
