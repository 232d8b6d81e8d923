extension CaptureDate {
  /// English month names, January first.
  public static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
  /// English weekday names, Sunday first.
  public static let weekdayNames = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]

  /// "Tuesday, 13 August 2024".
  public var longDayTitle: String {
    "\(CaptureDate.weekdayNames[weekday]), \(day) \(CaptureDate.monthNames[month - 1]) \(year)"
  }

  /// "13 Aug 2024 10:22".
  public var shortDateTime: String {
    let mon = CaptureDate.monthNames[month - 1].prefix(3)
    return "\(day) \(mon) \(year) \(twoDigits(hour)):\(twoDigits(minute))"
  }

  /// "10:22:01".
  public var timeOfDay: String {
    "\(twoDigits(hour)):\(twoDigits(minute)):\(twoDigits(second))"
  }

  /// "+09:00", or nil when the offset is unknown.
  public var offsetText: String? {
    guard let offset = utcOffsetSeconds else { return nil }
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    return "\(sign)\(twoDigits(minutes / 60)):\(twoDigits(minutes % 60))"
  }

  /// "2024:08:13 10:22:01", the EXIF spelling.
  public var exifText: String {
    let y = String(year)
    let pad = String(repeating: "0", count: max(0, 4 - y.count))
    return "\(pad)\(y):\(twoDigits(month)):\(twoDigits(day)) \(timeOfDay)"
  }

  private func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
