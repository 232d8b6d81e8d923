/// The moment a photo was taken, as the wall clock of the place read (Immich's
/// localDateTime), with the UTC offset when the file records it.
///
/// Grouping by day uses the local fields as recorded, so a photo taken at 23:30 at +09:00
/// belongs to that local day wherever it is viewed.
public struct CaptureDate: Hashable, Sendable, Codable, Comparable {
  public var year: Int {
    get { Int(storedYear) }
    set { storedYear = Int32(clamping: newValue) }
  }
  public var month: Int {
    get { Int(storedMonth) }
    set { storedMonth = Int16(clamping: newValue) }
  }
  public var day: Int {
    get { Int(storedDay) }
    set { storedDay = Int16(clamping: newValue) }
  }
  public var hour: Int {
    get { Int(storedHour) }
    set { storedHour = Int16(clamping: newValue) }
  }
  public var minute: Int {
    get { Int(storedMinute) }
    set { storedMinute = Int16(clamping: newValue) }
  }
  public var second: Int {
    get { Int(storedSecond) }
    set { storedSecond = Int16(clamping: newValue) }
  }
  /// Milliseconds within the second (EXIF SubSecTimeOriginal), 0 when unknown.
  public var millisecond: Int {
    get { Int(storedMillisecond) }
    set { storedMillisecond = Int16(clamping: newValue) }
  }
  /// Seconds east of UTC, when the file says (EXIF OffsetTimeOriginal).
  public var utcOffsetSeconds: Int? {
    get { storedOffset == Self.noOffset ? nil : Int(storedOffset) }
    set {
      guard let newValue else { return storedOffset = Self.noOffset }
      storedOffset = max(Self.noOffset + 1, Int32(clamping: newValue))
    }
  }

  // Stored narrow: every asset of a million-photo library holds one, and seven `Int`s and an
  // `Int?` were 80 of an asset's 168 bytes. A field's range is far beyond any real date's
  // (a value past it is clamped: only a date `isValid` rejects anyway has one).
  private var storedYear: Int32 = 0
  private var storedMonth: Int16 = 0
  private var storedDay: Int16 = 0
  private var storedHour: Int16 = 0
  private var storedMinute: Int16 = 0
  private var storedSecond: Int16 = 0
  private var storedMillisecond: Int16 = 0
  private var storedOffset: Int32 = Self.noOffset
  /// Where the date was read from.
  public var source: CaptureDateSource
  private static let noOffset = Int32.min

  public init(
    year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
    millisecond: Int = 0, utcOffsetSeconds: Int? = nil, source: CaptureDateSource
  ) {
    self.source = source
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
    self.millisecond = millisecond
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  /// True when the fields form a real calendar date and time (year 1800…9999).
  public var isValid: Bool {
    (1800...9999).contains(year) && (1...12).contains(month)
      && (1...CaptureDate.daysIn(month: month, year: year)).contains(day)
      && (0...23).contains(hour) && (0...59).contains(minute) && (0...60).contains(second)
  }

  /// Days since 1970-01-01 of the local date (proleptic Gregorian).
  public var localDayNumber: Int { CaptureDate.daysFromCivil(year: year, month: month, day: day) }

  /// The local wall-clock time as milliseconds since 1970-01-01 00:00 (as if it were UTC):
  /// the sort key of the timeline.
  public var localSortKey: Int64 {
    let seconds = Int64(localDayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    return seconds * 1000 + Int64(millisecond)
  }

  /// The UTC instant in seconds since the epoch, when the offset is known.
  public var utcSeconds: Int64? {
    guard let offset = utcOffsetSeconds else { return nil }
    return localSortKey / 1000 - Int64(offset)
  }

  /// The weekday of the local date, 0 = Sunday … 6 = Saturday.
  public var weekday: Int {
    let d = localDayNumber  // 1970-01-01 was a Thursday (4).
    return ((d % 7) + 7 + 4) % 7
  }

  public static func < (lhs: CaptureDate, rhs: CaptureDate) -> Bool {
    lhs.localSortKey < rhs.localSortKey
  }

  /// A date from seconds since the epoch read in a time zone `utcOffsetSeconds` east of UTC.
  public init(
    epochSeconds: Int64, utcOffsetSeconds: Int = 0, recordOffset: Bool = false,
    source: CaptureDateSource
  ) {
    let local = epochSeconds + Int64(utcOffsetSeconds)
    let days = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    let secondsOfDay = Int(local - Int64(days) * 86_400)
    let (y, m, d) = CaptureDate.civilFromDays(days)
    self.init(
      year: y, month: m, day: d, hour: secondsOfDay / 3600, minute: secondsOfDay / 60 % 60,
      second: secondsOfDay % 60, utcOffsetSeconds: recordOffset ? utcOffsetSeconds : nil,
      source: source)
  }

  /// Number of days in a month of the proleptic Gregorian calendar.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// True for leap years of the Gregorian calendar.
  public static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// Days since 1970-01-01 for a civil date (Howard Hinnant's algorithm).
  public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The civil date of a day number (inverse of `daysFromCivil`).
  public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let y = yoe + era * 400
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (m <= 2 ? y + 1 : y, m, d)
  }
}
