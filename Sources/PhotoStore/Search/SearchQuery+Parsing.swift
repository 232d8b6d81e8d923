import PhotoModel

extension SearchQuery {
  /// The local date now, as a day number and its calendar fields.
  struct Today {
    let dayNumber: Int
    let year: Int
    let month: Int

    init(_ date: (year: Int, month: Int, day: Int)) {
      // Clamped so a nonsense clock cannot overflow the day arithmetic; month 13 or day 0
      // roll over as the calendar would.
      let year = min(max(date.year, 1), 9999)
      let month = min(max(date.month, -1000), 1000)
      let day = min(max(date.day, -100_000), 100_000)
      dayNumber =
        CaptureDate.daysFromCivil(year: year, month: 1, day: 1)
        + SearchQuery.daysBefore(month: month, year: year) + day - 1
      let civil = CaptureDate.civilFromDays(dayNumber)
      self.year = civil.year
      self.month = civil.month
    }
  }

  /// Splits the text into words and recognises date phrases, longest first ("13 Aug 2024"
  /// before "13 Aug" before "13"); every other word is a text term.
  static func parse(_ text: String, today: Today) -> [Term] {
    let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    var terms: [Term] = []
    var i = 0
    while i < words.count {
      if i + 2 < words.count, let term = dayMonthYear(words[i], words[i + 1], words[i + 2]) {
        terms.append(term)
        i += 3
      } else if i + 1 < words.count, let term = pair(words[i], words[i + 1], today: today) {
        terms.append(term)
        i += 2
      } else if let term = single(words[i], today: today) {
        terms.append(term)
        i += 1
      } else if words[i].hasPrefix("lens:"), words[i].count > 5 {
        terms.append(.lens(String(words[i].dropFirst(5))))
        i += 1
      } else if let term = tagTerm(words[i]) {
        terms.append(term)
        i += 1
      } else {
        terms.append(.text(words[i]))
        i += 1
      }
    }
    return terms
  }

  /// "#kyoto" and "tag:kyoto" (a level of a tag's path; "tag:japan/kyoto" two levels in a
  /// row), "rating:4" (4 stars or more), "rejected", "person:anna" (a whole word of a
  /// person's name); nil for any other word.
  static func tagTerm(_ word: String) -> Term? {
    if word == "rejected" { return .rejected }
    if word.hasPrefix("person:"), word.count > 7 {
      let name = PlaceFolding.folded(String(word.dropFirst(7)))
      return name.isEmpty ? nil : .person(name)
    }
    if word.hasPrefix("rating:"), let stars = Int(word.dropFirst(7)), (0...5).contains(stars) {
      return .rating(stars)
    }
    for prefix in ["#", "tag:"] where word.hasPrefix(prefix) && word.count > prefix.count {
      let rest = word.dropFirst(prefix.count).split(separator: "/").map {
        PlaceFolding.folded(String($0))
      }
      guard !rest.isEmpty else { return nil }
      return .tag(rest.joined(separator: "/"))
    }
    return nil
  }

  /// "13 aug 2024", "aug 13 2024", "aug 13, 2024".
  private static func dayMonthYear(_ a: String, _ b: String, _ c: String) -> Term? {
    guard let year = number(dateWord(c), digits: 4...4), (1000...9999).contains(year) else {
      return nil
    }
    let day: Int
    let month: Int
    if let m = monthNumber(dateWord(b)), let d = dayNumber(dateWord(a)) {
      (day, month) = (d, m)
    } else if let m = monthNumber(dateWord(a)), let d = dayNumber(dateWord(b)) {
      (day, month) = (d, m)
    } else {
      return nil
    }
    guard day <= CaptureDate.daysIn(month: month, year: year) else { return nil }
    let key = dayKey(year: year, month: month, day: day)
    return .days(first: key, last: key)
  }

  /// "august 2024", "13 august", "august 13", "last week", "this month", "last year"…
  private static func pair(_ a: String, _ b: String, today: Today) -> Term? {
    let first = dateWord(a)
    let second = dateWord(b)
    if let month = monthNumber(first) {
      if let year = number(second, digits: 4...4), (1000...9999).contains(year) {
        return monthOf(year: year, month: month)
      }
      if let day = dayNumber(second), day <= CaptureDate.daysIn(month: month, year: 2000) {
        return .monthDay(month: month, day: day)
      }
      return nil
    }
    if let day = dayNumber(first), let month = monthNumber(second) {
      guard day <= CaptureDate.daysIn(month: month, year: 2000) else { return nil }
      return .monthDay(month: month, day: day)
    }
    let isThis = first == "this"
    guard isThis || first == "last" else { return nil }
    switch second {
    case "week":
      // Weeks run Monday to Sunday; "last week" is the whole previous one (docs/DECISIONS.md).
      let weekday = ((today.dayNumber % 7) + 7 + 4) % 7  // 0 = Sunday, as CaptureDate.
      let monday = today.dayNumber - (weekday + 6) % 7 - (isThis ? 0 : 7)
      return .days(first: key(ofDayNumber: monday), last: key(ofDayNumber: monday + 6))
    case "month":
      var (year, month) = (today.year, today.month)
      if !isThis { (year, month) = month == 1 ? (year - 1, 12) : (year, month - 1) }
      return monthOf(year: year, month: month)
    case "year":
      let year = isThis ? today.year : today.year - 1
      return yearOf(year)
    default:
      return nil
    }
  }

  /// "2024", "2024-08", "2024-08-13", "aug", "august", "today", "yesterday".
  private static func single(_ raw: String, today: Today) -> Term? {
    let word = dateWord(raw)
    switch word {
    case "today":
      let key = key(ofDayNumber: today.dayNumber)
      return .days(first: key, last: key)
    case "yesterday":
      let key = key(ofDayNumber: today.dayNumber - 1)
      return .days(first: key, last: key)
    case "video", "videos":
      return .mediaType(.videos)
    // The other media types by their names, singular or plural, as Photos' search takes
    // them: "screenshots" found nothing while the names say "Screenshot".
    case "screenshot", "screenshots":
      return .mediaType(.screenshots)
    case "panorama", "panoramas":
      return .mediaType(.panoramas)
    case "selfie", "selfies":
      return .mediaType(.selfies)
    case "animated":
      return .mediaType(.animated)
    case "raw":
      return .mediaType(.raw)
    default: break
    }
    if let month = monthNumber(word) { return .month(month) }
    let parts = word.split(separator: "-", omittingEmptySubsequences: false)
    guard let year = number(parts[0], digits: 4...4) else { return nil }
    switch parts.count {
    case 1:
      // A bare number is a year only when it could be one: IMG_2041 is a file name while
      // 2041 is still in the future.
      guard (1800...today.year + 1).contains(year) else { return nil }
      return .year(year)
    case 2:
      guard let month = number(parts[1], digits: 1...2), (1...12).contains(month) else {
        return nil
      }
      return monthOf(year: year, month: month)
    case 3:
      guard let month = number(parts[1], digits: 1...2), (1...12).contains(month),
        let day = number(parts[2], digits: 1...2),
        (1...CaptureDate.daysIn(month: month, year: year)).contains(day)
      else { return nil }
      let key = dayKey(year: year, month: month, day: day)
      return .days(first: key, last: key)
    default:
      return nil
    }
  }

  private static func yearOf(_ year: Int) -> Term {
    .days(first: dayKey(year: year, month: 1, day: 1), last: dayKey(year: year, month: 12, day: 31))
  }

  private static func monthOf(year: Int, month: Int) -> Term {
    .days(
      first: dayKey(year: year, month: month, day: 1),
      last: dayKey(year: year, month: month, day: CaptureDate.daysIn(month: month, year: year)))
  }

  private static func key(ofDayNumber dayNumber: Int) -> Int {
    let civil = CaptureDate.civilFromDays(dayNumber)
    return dayKey(year: civil.year, month: civil.month, day: civil.day)
  }

  /// Days from 1 January to the first of `month` (months past December roll into later years).
  fileprivate static func daysBefore(month: Int, year: Int) -> Int {
    let zeroBased = month - 1
    let years = zeroBased >= 0 ? zeroBased / 12 : (zeroBased - 11) / 12
    let m = zeroBased - years * 12 + 1
    let y = year + years
    return CaptureDate.daysFromCivil(year: y, month: m, day: 1)
      - CaptureDate.daysFromCivil(year: year, month: 1, day: 1)
  }

  /// The word without a trailing comma or full stop ("Aug.", "13,").
  private static func dateWord(_ word: String) -> Substring {
    var word = Substring(word)
    while let last = word.last, last == "," || last == "." { word = word.dropLast() }
    return word
  }

  /// A day of the month: "13", "13th", "1st", "2nd", "3rd".
  private static func dayNumber(_ word: Substring) -> Int? {
    var digits = word
    for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
      digits = digits.dropLast(2)
      break
    }
    guard let day = number(digits, digits: 1...2), (1...31).contains(day) else { return nil }
    return day
  }

  /// A month by its English name or three-letter abbreviation ("sept" too).
  private static func monthNumber(_ word: Substring) -> Int? {
    guard word.count >= 3 else { return nil }
    for (index, name) in CaptureDate.monthNames.enumerated() {
      let name = name.lowercased()
      if word == name || word == name.prefix(3) { return index + 1 }
    }
    return word == "sept" ? 9 : nil
  }

  /// The value of an all-ASCII-digit word with a digit count in `digits`.
  private static func number(_ word: Substring, digits: ClosedRange<Int>) -> Int? {
    let utf8 = word.utf8
    guard digits.contains(utf8.count) else { return nil }
    var value = 0
    for byte in utf8 {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}
