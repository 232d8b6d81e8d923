/// "Adjust date and time" as typed: move every date by an amount, or give the earliest photo
/// a new date and time and move the others with it (Photos' Adjust Date & Time).
public enum DateAdjustment: Hashable, Sendable {
  /// Move by this many seconds.
  case shift(Int64)
  /// The earliest photo's new wall-clock time, as seconds since 1970-01-01 00:00.
  case set(Int64)

  /// "+1h30m" or "-2d" (an amount), or "2024-08-13 10:22[:01]" (a date and time), or nil.
  public static func parse(_ text: String) -> DateAdjustment? {
    let trimmed = text.trimmingSpacesAtEnds
    if let seconds = duration(trimmed) { return .shift(seconds) }
    if let time = wallClock(trimmed) { return .set(time) }
    return nil
  }

  /// How far the photos move, given the earliest one's wall clock (seconds since 1970).
  public func seconds(fromEarliest earliest: Int64) -> Int64 {
    switch self {
    case .shift(let seconds): seconds
    case .set(let time): time - earliest
    }
  }

  /// "+1h30m", "-2d", "45m", "-90s", "+1d2h3m4s" as seconds (each unit at most once, in any
  /// order, within 400 years), or nil.
  public static func duration(_ text: String) -> Int64? {
    var rest = Substring(text)
    var sign: Int64 = 1
    if rest.first == "+" || rest.first == "-" {
      if rest.first == "-" { sign = -1 }
      rest = rest.dropFirst()
    }
    var total: Int64 = 0
    var number: Int64?
    var seen: Set<Character> = []
    for c in rest {
      if c.isASCII, let digit = c.wholeNumberValue {
        let n = (number ?? 0) * 10 + Int64(digit)
        guard n <= 1_000_000_000 else { return nil }
        number = n
        continue
      }
      let unit: Int64
      switch c {
      case "d": unit = 86_400
      case "h": unit = 3600
      case "m": unit = 60
      case "s": unit = 1
      default: return nil
      }
      guard let n = number, !seen.contains(c) else { return nil }
      seen.insert(c)
      total += n * unit
      number = nil
    }
    guard number == nil, !seen.isEmpty, total <= 400 * 365 * 86_400 else { return nil }
    return sign * total
  }

  /// "2024-08-13 10:22", "2024-08-13 10:22:01" (also with "T", or EXIF's "2024:08:13") as
  /// seconds since 1970-01-01 00:00 of that wall clock, or nil for no real date and time.
  public static func wallClock(_ text: String) -> Int64? {
    var t = Array(text.utf8)
    guard t.count == 16 || t.count == 19 else { return nil }
    if t.count == 16 { t += Array(":00".utf8) }
    guard t[4] == 0x2D || t[4] == 0x3A, t[7] == t[4], t[10] == 0x20 || t[10] == 0x54,
      t[13] == 0x3A, t[16] == 0x3A
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var n = 0
      for i in range {
        guard (0x30...0x39).contains(t[i]) else { return nil }
        n = n * 10 + Int(t[i] - 0x30)
      }
      return n
    }
    guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10),
      let h = number(11..<13), let mi = number(14..<16), let s = number(17..<19)
    else { return nil }
    let date = CaptureDate(
      year: y, month: m, day: d, hour: h, minute: mi, second: min(s, 59), source: .exif)
    guard date.isValid else { return nil }
    return date.localSortKey / 1000
  }

  /// An amount as the status line says it: "+1 h 30 min", "−2 d", "+45 s".
  public static func amountText(_ seconds: Int64) -> String {
    var rest = abs(seconds)
    var parts: [String] = []
    for (unit, name) in [(Int64(86_400), "d"), (3600, "h"), (60, "min"), (1, "s")] {
      if rest >= unit {
        parts.append("\(rest / unit) \(name)")
        rest %= unit
      }
    }
    return (seconds < 0 ? "−" : "+") + (parts.isEmpty ? "0 s" : parts.joined(separator: " "))
  }
}

extension String {
  /// The text without spaces at either end.
  fileprivate var trimmingSpacesAtEnds: String {
    var s = Substring(self)
    while s.first == " " { s.removeFirst() }
    while s.last == " " { s.removeLast() }
    return String(s)
  }
}
