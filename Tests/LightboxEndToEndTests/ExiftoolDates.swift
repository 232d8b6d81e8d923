/// The capture date exiftool's tags give by Lightbox's precedence (see
/// `MetadataReader.embeddedDate`), for CaptureDateCorpusTests.
enum ExiftoolDates {
  /// The first valid date among `tags` (`exiftool -j -time:all -G1 -n`), as
  /// (CaptureDateSource raw value, "YYYY-MM-DDTHH:MM:SS"); nil when none is valid. An AVIF
  /// sequence (`isSequence`) falls back to its movie header's creation time.
  static func expected(_ tags: [String: Any], isPNG: Bool, isSequence: Bool = false) -> (
    source: String, date: String
  )? {
    var order: [(String, String)] = [("ExifIFD:DateTimeOriginal", isPNG ? "pngText" : "exif")]
    if isPNG { order.append(("PNG:CreationTime", "pngText")) }
    order += [
      ("ExifIFD:CreateDate", "exifCreateDate"), ("XMP-photoshop:DateCreated", "xmp"),
      ("XMP-xmp:CreateDate", "xmp"), ("XMP-exif:DateTimeOriginal", "xmp"),
    ]
    for (tag, source) in order {
      if let value = tags[tag].map({ "\($0)" }), let date = wallClock(value) {
        return (source, date)
      }
    }
    if let day = tags["GPS:GPSDateStamp"].map({ "\($0)" }),
      let time = tags["GPS:GPSTimeStamp"].map({ "\($0)" }),
      let date = wallClock(day + " " + time)
    {
      return ("gps", date)
    }
    if let value = tags["IFD0:ModifyDate"].map({ "\($0)" }), let date = wallClock(value) {
      return ("exifModifyDate", date)
    }
    if isSequence, let value = tags["QuickTime:CreateDate"].map({ "\($0)" }),
      let date = wallClock(value)
    {
      return ("movieCreationTime", date)
    }
    return nil
  }

  /// "2022:01:12 07:30:14.364Z" → "2022-01-12T07:30:14"; nil for an invalid date
  /// ("0000:00:00 00:00:00", blanks). A date alone is midnight; one-digit hours are padded.
  static func wallClock(_ text: String) -> String? {
    let chars = Array(text.trimmingPrefix(while: { $0 == " " }))
    guard chars.count >= 10 else { return nil }
    let digits = { (range: Range<Int>) -> Int? in
      let part = chars[range]
      return part.allSatisfy(\.isNumber) ? Int(String(part)) : nil
    }
    guard let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10),
      ":-".contains(chars[4]), chars[7] == chars[4],
      (1800...9999).contains(year), (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    var hour = 0
    var minute = 0
    var second = 0
    if chars.count > 10 {
      let time = String(chars[11...]).split(separator: ":").map { $0.prefix(while: \.isNumber) }
      guard time.count >= 2, let h = Int(time[0]), let m = Int(time[1]), h < 24, m < 60 else {
        return nil
      }
      hour = h
      minute = m
      second = time.count > 2 ? Int(time[2]) ?? 0 : 0
      guard second <= 60 else { return nil }  // "15:08:70" is no time (CaptureDate.isValid)
    }
    func pad(_ n: Int, _ width: Int = 2) -> String {
      String(repeating: "0", count: max(0, width - String(n).count)) + String(n)
    }
    return "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(hour)):\(pad(minute)):\(pad(second))"
  }
}
