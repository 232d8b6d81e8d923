import PhotoModel

/// Finds a capture date in a file name (`IMG_20240813_102201.jpg`, …).
///
/// Recognised shapes (any prefix): `YYYYMMDD[_-T ]HHMMSS[mmm]` (IMG_, VID_, PXL_, KakaoTalk_,
/// Screenshot_, Samsung), `YYYYMMDD` alone (WhatsApp `IMG-20240813-WA0001`),
/// `YYYYMMDDHHMMSS[mmm]`, and `YYYY-MM-DD[ at ]HH.MM.SS[ AM|PM]` with `-`, `_` or `.`
/// between date fields and `.`, `:`, `-` or `_` between time fields (macOS screenshots,
/// Dropbox, Telegram, Android). Digit runs are taken whole: a date must be a run of its
/// own, and must be a real calendar date in 1900…2100 with a real time of day.
public enum FileNameDateParser {
  /// The date written in `fileName`, with source `.fileName`, or nil.
  public static func captureDate(fromFileName fileName: String) -> CaptureDate? {
    // Only the last path component is a file name.
    let bytes = Array(fileName.utf8.split(separator: UInt8(ascii: "/")).last ?? [])
    let runs = digitRuns(bytes)
    for (index, run) in runs.enumerated() {
      guard let date = match(bytes, runs, index, run) else { continue }
      if date.isValid, (1900...2100).contains(date.year) { return date }
    }
    return nil
  }

  /// A maximal run of ASCII digits.
  private struct Run {
    var start: Int
    var end: Int
    var count: Int { end - start }
  }

  private static func digitRuns(_ bytes: [UInt8]) -> [Run] {
    var runs: [Run] = []
    var i = 0
    while i < bytes.count {
      guard TextCursor.isDigit(bytes[i]) else {
        i += 1
        continue
      }
      let start = i
      while i < bytes.count, TextCursor.isDigit(bytes[i]) { i += 1 }
      runs.append(Run(start: start, end: i))
    }
    return runs
  }

  private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
    var value = 0
    for i in start..<(start + count) { value = value * 10 + Int(bytes[i] - 0x30) }
    return value
  }

  /// A date starting at run `index`, or nil when that run does not start one. A date whose
  /// time part is present but impossible is rejected (nil), not cut down to the day.
  private static func match(_ bytes: [UInt8], _ runs: [Run], _ index: Int, _ run: Run)
    -> CaptureDate?
  {
    let s = run.start
    switch run.count {
    case 14, 17:  // YYYYMMDDHHMMSS[mmm]
      return CaptureDate(
        year: number(bytes, s, 4), month: number(bytes, s + 4, 2), day: number(bytes, s + 6, 2),
        hour: number(bytes, s + 8, 2), minute: number(bytes, s + 10, 2),
        second: number(bytes, s + 12, 2),
        millisecond: run.count == 17 ? number(bytes, s + 14, 3) : 0, source: .fileName)
    case 8:  // YYYYMMDD, then maybe a separator and HHMMSS[mmm]
      var date = CaptureDate(
        year: number(bytes, s, 4), month: number(bytes, s + 4, 2), day: number(bytes, s + 6, 2),
        source: .fileName)
      guard index + 1 < runs.count, runs[index + 1].start == run.end + 1,
        isTimeSeparator(bytes[run.end])
      else { return date }
      let time = runs[index + 1]
      guard time.count == 6 || time.count == 9 else { return date }
      guard setTime(&date, bytes, time.start) else { return nil }
      if time.count == 9 { date.millisecond = number(bytes, time.start + 6, 3) }
      return date
    case 4:  // YYYY-MM-DD, then maybe a time
      return matchSeparated(bytes, runs, index)
    default:
      return nil
    }
  }

  private static func isTimeSeparator(_ b: UInt8) -> Bool {
    b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: " ")
      || b == UInt8(ascii: "T")
  }

  /// Hour, minute and second from six digits at `start`; false when not a time of day.
  private static func setTime(_ date: inout CaptureDate, _ bytes: [UInt8], _ start: Int) -> Bool {
    date.hour = number(bytes, start, 2)
    date.minute = number(bytes, start + 2, 2)
    date.second = number(bytes, start + 4, 2)
    return date.hour < 24 && date.minute < 60 && date.second < 60
  }

  /// `YYYY<s>MM<s>DD` followed by an optional ` at `/`_`/`-`/`T` and `HH<t>MM<t>SS` or
  /// `HHMMSS`, milliseconds and AM/PM.
  private static func matchSeparated(_ bytes: [UInt8], _ runs: [Run], _ index: Int)
    -> CaptureDate?
  {
    guard index + 2 < runs.count else { return nil }
    let (y, m, d) = (runs[index], runs[index + 1], runs[index + 2])
    let separator = bytes[y.end]
    guard m.count == 2, d.count == 2, m.start == y.end + 1, d.start == m.end + 1,
      separator == bytes[m.end],
      separator == UInt8(ascii: "-") || separator == UInt8(ascii: "_")
        || separator == UInt8(ascii: ".")
    else { return nil }
    var date = CaptureDate(
      year: number(bytes, y.start, 4), month: number(bytes, m.start, 2),
      day: number(bytes, d.start, 2), source: .fileName)

    // The time follows after one separator or " at " / "_at_" (macOS screenshots).
    guard index + 3 < runs.count else { return date }
    let hour = runs[index + 3]
    let gap = bytes[d.end..<hour.start]
    guard isTimeGap(gap) else { return date }
    var last: Run
    if hour.count == 6 {
      guard setTime(&date, bytes, hour.start) else { return nil }
      last = hour
    } else if hour.count == 2, index + 5 < runs.count {
      let (mi, se) = (runs[index + 4], runs[index + 5])
      let t = bytes[hour.end]
      guard mi.count == 2, se.count == 2, mi.start == hour.end + 1, se.start == mi.end + 1,
        bytes[mi.end] == t, ".:-_".utf8.contains(t)
      else { return date }
      date.hour = number(bytes, hour.start, 2)
      date.minute = number(bytes, mi.start, 2)
      date.second = number(bytes, se.start, 2)
      guard date.hour < 24, date.minute < 60, date.second < 60 else { return nil }
      last = se
    } else {
      return date
    }
    // Optional milliseconds: "-123" / ".123" / "_123" right after the seconds.
    let msIndex = hour.count == 6 ? index + 4 : index + 6
    if msIndex < runs.count {
      let next = runs[msIndex]
      if next.count == 3, next.start == last.end + 1, ".-_".utf8.contains(bytes[last.end]) {
        date.millisecond = number(bytes, next.start, 3)
        last = next
      }
    }
    return applyMeridiem(date, bytes, after: last.end)
  }

  /// True for the text between a date and its time: one of `_`, `-`, ` `, `T`, or
  /// " at " / "_at_" / "-at-".
  private static func isTimeGap(_ gap: ArraySlice<UInt8>) -> Bool {
    if gap.count == 1, let b = gap.first { return isTimeSeparator(b) }
    guard gap.count == 4, let first = gap.first, let last = gap.last, first == last,
      first == UInt8(ascii: " ") || first == UInt8(ascii: "_") || first == UInt8(ascii: "-")
    else { return false }
    let word = gap.dropFirst().dropLast()
    return word.elementsEqual("at".utf8)
  }

  /// A 12-hour clock: " AM"/" PM" (also after macOS's narrow no-break space) after the time.
  private static func applyMeridiem(_ date: CaptureDate, _ bytes: [UInt8], after end: Int)
    -> CaptureDate?
  {
    var i = end
    // Skip spaces and the UTF-8 bytes of U+202F (E2 80 AF).
    while i < bytes.count, i - end < 4, bytes[i] == 0x20 || bytes[i] >= 0x80 { i += 1 }
    guard i > end, i + 1 < bytes.count, bytes[i + 1] | 0x20 == UInt8(ascii: "m") else {
      return date
    }
    let letter = bytes[i] | 0x20
    // "AM"/"PM" must be a word of its own ("10.22.01 Amsterdam" is not a meridiem).
    if i + 2 < bytes.count, TextCursor.isLetter(bytes[i + 2]) { return date }
    var result = date
    if letter == UInt8(ascii: "p") {
      guard (1...12).contains(date.hour) else { return nil }
      if date.hour < 12 { result.hour += 12 }
    } else if letter == UInt8(ascii: "a") {
      guard (1...12).contains(date.hour) else { return nil }
      if date.hour == 12 { result.hour = 0 }
    }
    return result
  }
}
