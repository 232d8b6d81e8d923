import PhotoModel

/// One field's new text, at the same place and of the same length as the old.
public struct ExifDateChange: Hashable, Sendable {
  public var kind: ExifDateField.Kind
  /// File byte offsets of the text.
  public var range: Range<Int>
  public var old: String
  public var new: String

  public init(kind: ExifDateField.Kind, range: Range<Int>, old: String, new: String) {
    self.kind = kind
    self.range = range
    self.old = old
    self.new = new
  }

  /// The change that puts the old text back (undo).
  public var reversed: ExifDateChange {
    ExifDateChange(kind: kind, range: range, old: new, new: old)
  }
}

/// "Adjust date and time" on EXIF fields: every date moved by the same amount, the time-zone
/// fields set, each new text exactly as long as the old (exiftool's `-AllDates+=`, in place).
public enum ExifDateShift {
  /// The changes that move every readable date field by `seconds` and, when `zone` is given
  /// (seconds east of UTC), set every time-zone field to it. Fields that hold no real date
  /// ("0000:00:00 00:00:00", blanks) are left as they are.
  public static func changes(
    _ fields: [ExifDateField], seconds: Int64, zone: Int? = nil
  ) -> [ExifDateChange] {
    var changes: [ExifDateChange] = []
    for field in fields {
      let new: String?
      if field.kind.isDate {
        new = localSeconds(field.text).flatMap { dateText($0 + seconds) }
      } else {
        new = zone.flatMap(zoneText)
      }
      guard let new, new != field.text, new.utf8.count == field.kind.textLength else { continue }
      changes.append(
        ExifDateChange(kind: field.kind, range: field.range, old: field.text, new: new))
    }
    return changes
  }

  /// `bytes` with `changes` made, or nil when a change's old text is not where it says (the
  /// file changed since it was read): nothing else is touched.
  public static func apply(_ changes: [ExifDateChange], to bytes: [UInt8]) -> [UInt8]? {
    var result = bytes
    for change in changes {
      let old = Array(change.old.utf8)
      let new = Array(change.new.utf8)
      guard change.range.lowerBound >= 0, change.range.upperBound <= bytes.count,
        old.count == change.range.count, new.count == old.count,
        Array(bytes[change.range]) == old
      else { return nil }
      result.replaceSubrange(change.range, with: new)
    }
    return result
  }

  /// "2024:08:13 10:22:01" as seconds since 1970-01-01 00:00 of that wall clock, or nil: the
  /// EXIF spelling only (colons in the date, a space), read as `DateAdjustment` reads a date.
  public static func localSeconds(_ text: String) -> Int64? {
    let b = Array(text.utf8)
    guard b.count == 19, b[4] == 0x3A, b[7] == 0x3A, b[10] == 0x20 else { return nil }
    return DateAdjustment.wallClock(text)
  }

  /// Seconds since 1970 of a wall clock as "2024:08:13 10:22:01" (years 1…9999), or nil.
  public static func dateText(_ seconds: Int64) -> String? {
    let date = CaptureDate(epochSeconds: seconds, source: .exif)
    guard (1...9999).contains(date.year) else { return nil }
    return date.exifText
  }

  /// Seconds east of UTC as "+09:00" / "-03:30" (within ±14:00), or nil.
  public static func zoneText(_ seconds: Int) -> String? {
    guard abs(seconds) <= 14 * 3600, seconds % 60 == 0 else { return nil }
    let minutes = abs(seconds) / 60
    let sign = seconds < 0 ? "-" : "+"
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(sign)\(two(minutes / 60)):\(two(minutes % 60))"
  }
}
