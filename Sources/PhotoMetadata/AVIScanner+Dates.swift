import PhotoModel

extension AVIScanner {
  private static let months = [
    "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
  ]

  /// The date of an `IDIT` or `ICRD` text: C's `ctime` layout as cameras write it ("THU OCT
  /// 26 16:46:00 2006"), else EXIF-like or ISO forms ("2005:08:17 11:42:43", "2006-10-26").
  /// No zone is recorded: it is the camera's wall clock, like EXIF DateTimeOriginal.
  static func recordingDate(_ text: String) -> CaptureDate? {
    if let date = DateTextParser.creationTime(text, source: .aviRecordingDate), date.isValid {
      return date
    }
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    // [weekday] month day time year.
    let fields = words.count == 5 ? Array(words.dropFirst()) : words
    guard fields.count == 4, let month = months.firstIndex(of: fields[0].prefix(3).uppercased()),
      let day = Int(fields[1]), let year = Int(fields[3]), fields[3].count == 4
    else { return nil }
    let time = fields[2].split(separator: ":").map { Int($0) }
    guard time.count == 3, let hour = time[0], let minute = time[1], let second = time[2] else {
      return nil
    }
    let date = CaptureDate(
      year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second,
      source: .aviRecordingDate)
    return date.isValid ? date : nil
  }
}
